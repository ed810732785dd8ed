import { homedir, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LogLine } from '../support/log-capture.ts';

/**
 * What must never reach a client or a log line: stack traces, SQL, paths of this machine and
 * secrets. Each check names what it found, so a report says why a response failed.
 */
export interface Secret {
  kind: string;
  value: string;
}

export interface LeakRules {
  /** Tokens, passwords and hashes, each with what it is (world.ts collects them). */
  secrets: Secret[];
  /** Exact strings that are personal data (e-mail addresses): allowed in bodies, not in logs. */
  personal?: string[];
  /** Folders of this server (its data directory) that a message must not name. */
  places?: string[];
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');

const patterns: Array<[string, RegExp]> = [
  ['stack trace', /\bat (?:async )?[\w.$<>[\] ]+ \((?:file:\/\/|\/|node:)[^)]*:\d+:\d+\)/],
  ['stack trace', /\n\s+at \S+:\d+:\d+/],
  ['stack trace', /node:internal\//],
  ['source path', /node_modules\//],
  ['source path', /\/src\/[\w/.-]+\.ts\b/],
  ['SQL', /Failed query/i],
  ['SQL', /syntax error at or near/i],
  ['SQL', /violates (?:unique|foreign key|check|not-null) constraint/i],
  ['SQL', /duplicate key value/i],
  ['SQL', /invalid (?:input syntax|byte sequence) for/i],
  ['SQL', /out of range for type/i],
  ['SQL', /\b(?:select|insert into|update|delete from)\s+(?:"\w+"|\*|distinct)/i],
  ['SQL', /\bfrom "\w+"/i],
  ['password hash', /\$argon2(?:id|i|d)\$/],
];

const machinePaths = [repoRoot, homedir(), tmpdir()].filter((p) => p.length > 4);

/** Reasons the text leaks something; empty when it is clean. */
export function leaksIn(text: string, rules: LeakRules): string[] {
  const found = new Set<string>();
  for (const [what, pattern] of patterns) if (pattern.test(text)) found.add(what);
  for (const place of [...machinePaths, ...(rules.places ?? [])])
    if (text.includes(place)) found.add(`machine path ${place}`);
  for (const secret of rules.secrets) if (text.includes(secret.value)) found.add(secret.kind);
  for (const personal of rules.personal ?? [])
    if (text.includes(personal)) found.add(`personal data ${personal}`);
  return [...found];
}

/** pino's levels: 50 is error, 60 fatal. */
export const ERROR_LEVEL = 50;

/**
 * What is wrong with one log line. An error line means the server failed (the body said 500);
 * below that, a line may name the request but not carry secrets, SQL, stacks or personal data.
 */
export function logLineProblems(line: LogLine, rules: LeakRules): string[] {
  const problems = leaksIn(line.raw, rules);
  if (line.level >= ERROR_LEVEL) problems.unshift(`logged at level ${line.level}: "${line.msg ?? ''}"`);
  return problems;
}
