/**
 * The service's connection pool, made at the first request: undici is imported then, not at
 * start (importing it is about a tenth of a start, and nothing before the first /ask needs it;
 * bench/startup.ts).
 */
import type { Pool } from 'undici';
import type { ServiceTimeouts } from './failures.js';

/** Bytes a service socket buffers unread before it stops reading (undici's own default: 64 KiB). */
const SOCKET_HIGH_WATER_MARK = 256;

export interface LazyPool {
  /** The pool (made at the first call). Throws once closed. */
  get(): Promise<Pool>;
  /** Closes the pool, if it was ever made; later calls to `get` throw. */
  close(): Promise<void>;
}

export function lazyPool(origin: string, timeouts: ServiceTimeouts): LazyPool {
  let pool: Promise<Pool> | undefined;
  let closed = false;
  return {
    get() {
      if (closed) return Promise.reject(new Error('the service client is closed'));
      pool ??= import('undici').then(
        ({ Pool }) =>
          new Pool(origin, {
            // A socket that stops reading once a few events wait unread in it (see sse.ts, quiet
            // reading): the kernel then gathers the rest for one read.
            // (undici passes its connect options on to net.connect/tls.connect.)
            connect: { timeout: timeouts.connectMs, highWaterMark: SOCKET_HIGH_WATER_MARK } as object,
            headersTimeout: timeouts.headersMs,
            bodyTimeout: timeouts.idleMs,
            // No cap: a streamed reply holds its connection for its whole length (30 s and more),
            // so a cap below the replies in progress holds whole replies back until others end
            // (at 256, the capacity benchmark's 1,000 concurrent replies drained in four waves,
            // 130 s for 30 s streams). The bot's own limits (one reply per channel, fair use,
            // budgets) bound them.
            connections: null,
          }),
      );
      return pool;
    },
    async close() {
      closed = true;
      await (await pool)?.close();
    },
  };
}
