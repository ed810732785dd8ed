/** Postgres unique_violation, from either driver (pg puts the SQLSTATE on the error, PGlite too). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
