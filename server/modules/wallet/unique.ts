interface DriverError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * Whether `err` (as thrown by either driver, possibly wrapped by Drizzle) is a unique violation of
 * the index `name` (PostgreSQL's code 23505).
 */
export function isUniqueViolation(err: unknown, name: string): boolean {
  let e = err as DriverError | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') {
      const constraint = e.constraint ?? e.constraint_name;
      return constraint === name || String(e.message ?? '').includes(name);
    }
    e = e.cause as DriverError | undefined;
  }
  return false;
}
