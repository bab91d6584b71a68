/**
 * Claims on PostgreSQL (claims.ts): `pg_try_advisory_lock` on a connection kept for them, which
 * holds the lock for as long as it lives; the table `bot_claims` names each holder, and a name
 * counts as held only while its lock is granted (pg_locks), so a dead holder's row says nothing.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Claim, Claims, ClaimsOptions } from './claimTypes.js';

/** The advisory lock's 64-bit key for a name (advisory keys are one namespace per database). */
function lockKey(name: string): bigint {
  return createHash('sha256').update(`discord-service-bot:claim:${name}`).digest().readBigInt64BE(0);
}

/** The session's keepalives, and the holders' table (made once). */
async function prepare(query: (text: string) => Promise<unknown>): Promise<void> {
  // A process that dies closes its connection, and its locks go at once. A machine that vanishes
  // closes nothing: these make the server give up on the connection (and so the locks) within
  // about 25 s instead of its default of hours.
  await query(
    "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3; SET tcp_user_timeout = '15s'",
  );
  // CREATE TABLE IF NOT EXISTS is not safe against a concurrent creation (two workers starting
  // on a new database fail with "already exists" in one of several ways): creators take turns.
  try {
    await query(
      `BEGIN; SELECT pg_advisory_xact_lock(${lockKey('claims-table')}); CREATE TABLE IF NOT EXISTS bot_claims (name text PRIMARY KEY, holder text NOT NULL, since timestamptz NOT NULL DEFAULT now()); COMMIT`,
    );
  } catch (error) {
    await query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function postgresClaims(databaseUrl: string, options: ClaimsOptions): Promise<Claims> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  const held = new Set<string>();
  let closing = false;
  const lost = (why: string) => {
    if (closing) return;
    for (const name of held) options.onLost(name, why);
    held.clear();
  };
  // The locks end with this connection: whatever ends it ends every claim.
  client.on('error', (error) => lost(error.message));
  client.on('end', () => lost('the connection to PostgreSQL ended'));
  // One query at a time on the one connection (pg would queue them, and warns that it will stop).
  let last: Promise<unknown> = Promise.resolve();
  const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const run = last.then(() => client.query<R>(text, values));
    last = run.catch(() => undefined);
    return run;
  };
  try {
    await prepare(query);
  } catch (error) {
    // Nothing may keep the process alive after a start that failed here.
    closing = true;
    await client.end().catch(() => undefined);
    throw error;
  }

  const holder = async (name: string): Promise<string | undefined> => {
    const key = lockKey(name);
    // A bigint advisory key shows in pg_locks as classid (high half) and objid (low half).
    const result = await query<{ holder: string }>(
      `SELECT c.holder FROM bot_claims c WHERE c.name = $1 AND EXISTS (
         SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND l.classid::bigint = $2 AND l.objid::bigint = $3)`,
      [name, String((key >> 32n) & 0xffffffffn), String(key & 0xffffffffn)],
    );
    return result.rows[0]?.holder;
  };

  return {
    async claim(name, description) {
      const got = await query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
        String(lockKey(name)),
      ]);
      if (got.rows[0]?.ok !== true) return { ok: false, holder: await holder(name) };
      held.add(name);
      await query(
        'INSERT INTO bot_claims (name, holder) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET holder = $2, since = now()',
        [name, description],
      );
      const claim: Claim = {
        name,
        async release() {
          if (!held.delete(name)) return;
          await query('DELETE FROM bot_claims WHERE name = $1 AND holder = $2', [name, description]);
          await query('SELECT pg_advisory_unlock($1::bigint)', [String(lockKey(name))]);
        },
      };
      return { ok: true, claim };
    },
    holder,
    async close() {
      closing = true;
      held.clear();
      await client.end();
    },
  };
}
