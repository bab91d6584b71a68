/**
 * Databases on a throwaway server (storeServers.ts) for the store tests and bench/stores.ts: a URL
 * with another database, and a query on a connection of its own. Part of the harness that the
 * tests and the bench share (this folder); the bot itself never imports it.
 */
import pg from 'pg';

/** `url` with another database: a path for PostgreSQL, an index for Redis. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** Runs `task` on its own connection to a PostgreSQL URL (not @keyv/postgres's pool). */
export async function withPostgres<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}
