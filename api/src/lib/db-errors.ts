/**
 * True when `error` (or what drizzle wrapped in it) is PostgreSQL's unique_violation, optionally
 * of one constraint or index: the database's answer to two requests racing for one value.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const record = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (record.code === '23505') return constraint === undefined || record.constraint === constraint;
    current = record.cause;
  }
  return false;
}
