import type { LogLine } from '../support/log-capture.ts';

/** A response of the attack that failed: a 5xx, or something in the body that must not be. */
export interface Finding {
  route: string;
  actor: string;
  case: number;
  status: number;
  variant: string;
  url: string;
  problems: string[];
  body: string;
}

/** One example per kind of failure, with how many requests failed that way and as whom. */
export function describeFindings(findings: Finding[]): string {
  const groups = new Map<string, { example: Finding; actors: Set<string>; count: number }>();
  for (const finding of findings) {
    const key = `${finding.status} ${finding.problems.join(', ')}`;
    const group = groups.get(key) ?? { example: finding, actors: new Set(), count: 0 };
    group.actors.add(finding.actor);
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(
      ([key, { example, actors, count }]) =>
        `${key}: ${count}x as ${[...actors].join('/')}, e.g. case ${example.case} (${example.variant})\n` +
        `  ${example.url.slice(0, 160)}\n  ${example.body.slice(0, 300)}`,
    )
    .join('\n');
}

/** Log lines that failed, grouped by what was wrong and which message carried it. */
export function describeLogProblems(entries: Array<{ line: LogLine; problems: string[] }>): string {
  const groups = new Map<string, { raw: string; count: number }>();
  for (const { line, problems } of entries) {
    const key = `${problems.join(', ')} in "${line.msg ?? ''}"`;
    const group = groups.get(key) ?? { raw: line.raw, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, { raw, count }]) => `${key}: ${count}x, e.g. ${raw.slice(0, 400)}`)
    .join('\n');
}
