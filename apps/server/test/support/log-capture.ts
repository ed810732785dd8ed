export interface LogLine {
  level: number;
  msg?: string;
  raw: string;
}

/** A pino destination that keeps every line, so the test can read what the server logged. */
export function logCapture() {
  const lines: LogLine[] = [];
  return {
    lines,
    write(line: string) {
      try {
        const parsed = JSON.parse(line) as { level: number; msg?: string };
        lines.push({ level: parsed.level, msg: parsed.msg, raw: line });
      } catch {
        lines.push({ level: 60, msg: 'unparsable log line', raw: line });
      }
    },
    /** The lines logged since the last call. */
    take(): LogLine[] {
      return lines.splice(0, lines.length);
    },
  };
}
