/** Connections a server process keeps to PostgreSQL unless DATABASE_POOL says otherwise. */
export const DEFAULT_DATABASE_POOL = 5;
