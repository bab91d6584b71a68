/**
 * Server-side sessions of the dashboard in the bot's keyv store, with a lifetime of 7 days
 * (keyv's ttl, and sessionRetention below for the sweep of stores that keep expired records).
 * The cookie holds only the random id; the Discord access token and the guild list stay on the
 * server. What the store holds opens nothing by itself:
 * - a session is stored under the SHA-256 of its id (`dashboard-session:<hash>`), so a copy of
 *   the store has no id a cookie could carry;
 * - the CSRF token is not stored: it is an HMAC of the id under a key derived from the OAuth2
 *   client secret, worked out again on each read;
 * - the access token is stored sealed (tokenSeal.ts, a key from the client secret): a record
 *   whose token does not open (the secret changed, the record was altered or written before
 *   sealing) counts as no session, and is deleted when its cookie comes back.
 * One session per member: `dashboard-member:<user id>` holds the hash of the member's latest
 * session (same lifetime), and a login ends the member's older ones (deleted at the login; any
 * left by two logins at once are refused, and deleted, when their cookie comes back).
 * Logout deletes the record.
 */
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import { isSnowflake, newToken } from './security.js';
import { createTokenSeal } from './tokenSeal.js';

export const SESSION_PREFIX = 'dashboard-session:';
/** The member's latest session: `dashboard-member:<user id>` → `{ session: <hash> }`. */
export const MEMBER_PREFIX = 'dashboard-member:';
export const SESSION_TTL_MS = 7 * 86_400_000;

export const sessionRetention: readonly RetentionRule[] = [
  {
    what: 'dashboard sessions',
    prefix: SESSION_PREFIX,
    lifetime: { ms: SESSION_TTL_MS, fromValueTime: false },
    why: 'a session ends 7 days after its login (sooner at logout or the next login)',
  },
  {
    what: "dashboard members' latest sessions",
    prefix: MEMBER_PREFIX,
    lifetime: { ms: SESSION_TTL_MS, fromValueTime: false },
    why: 'it points at a session, which lives no longer',
  },
];
/** The guild list (with permissions) is read from Discord again when older than this. */
export const GUILDS_FRESH_MS = 5 * 60_000;

const CSRF_INFO = 'discord-service-bot dashboard csrf v1';

export interface SessionGuild {
  readonly id: string;
  readonly name: string;
  readonly permissions: string;
  readonly owner: boolean;
}

export interface Session {
  readonly userId: string;
  readonly userName: string;
  readonly accessToken: string;
  /** Sent back in every form and checked on every write (derived from the id, never stored). */
  readonly csrf: string;
  readonly guilds: readonly SessionGuild[];
  /** When `guilds` was read from Discord (ms since the epoch). */
  readonly guildsAt: number;
  readonly createdAt: number;
}

export interface Sessions {
  create(
    session: Omit<Session, 'csrf' | 'createdAt'>,
    now: number,
  ): Promise<{ id: string; session: Session }>;
  get(id: unknown, now: number): Promise<Session | undefined>;
  update(id: string, session: Session): Promise<void>;
  remove(id: unknown): Promise<void>;
}

/** A session as stored: the access token sealed, no CSRF token. */
type StoredSession = Omit<Session, 'accessToken' | 'csrf'> & { readonly sealedToken: string };

/** The store key of the session whose cookie carries `id`: the id's SHA-256, base64url. */
export const sessionStoreKey = (id: string): string =>
  `${SESSION_PREFIX}${createHash('sha256').update(id).digest('base64url')}`;
const memberKey = (userId: string) => `${MEMBER_PREFIX}${userId}`;
const validId = (id: unknown): id is string => typeof id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(id);

/** `secret`: the OAuth2 client secret (DISCORD_CLIENT_SECRET): seals access tokens, keys CSRF tokens. */
export function createSessions(store: Store, secret: string): Sessions {
  const tokens = createTokenSeal(secret);
  const csrfKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), CSRF_INFO, 32));
  const csrfOf = (id: string) => createHmac('sha256', csrfKey).update(id).digest('base64url');
  const stored = ({ accessToken, csrf: _, ...rest }: Session): StoredSession => ({
    ...rest,
    sealedToken: tokens.seal(accessToken),
  });
  return {
    async create(fields, now) {
      const id = newToken();
      const key = sessionStoreKey(id);
      const session: Session = { ...fields, csrf: csrfOf(id), createdAt: now };
      const before = (await store.get(memberKey(fields.userId))) as { session?: unknown } | undefined;
      await store.set(key, stored(session), SESSION_TTL_MS);
      await store.set(memberKey(fields.userId), { session: key }, SESSION_TTL_MS);
      // The member's older session ends with this login.
      if (typeof before?.session === 'string' && before.session.startsWith(SESSION_PREFIX))
        await store.delete(before.session);
      return { id, session };
    },
    async get(id, now) {
      if (!validId(id)) return undefined;
      const key = sessionStoreKey(id);
      const record = (await store.get(key)) as StoredSession | undefined;
      if (!record || !isSnowflake(record.userId)) return undefined;
      // keyv's ttl already hides expired records; this holds for copies made without one too.
      if (now - record.createdAt > SESSION_TTL_MS) return undefined;
      const latest = (await store.get(memberKey(record.userId))) as { session?: unknown } | undefined;
      const accessToken = tokens.open(record.sealedToken);
      if (latest?.session !== key || accessToken === undefined) {
        // Ended by a later login, or of no use (and, written before sealing, holding the token in clear).
        await store.delete(key);
        return undefined;
      }
      const { sealedToken: _, ...rest } = record;
      return { ...rest, accessToken, csrf: csrfOf(id) };
    },
    async update(id, session) {
      const left = SESSION_TTL_MS - (Date.now() - session.createdAt);
      if (left > 0) await store.set(sessionStoreKey(id), stored(session), left);
    },
    async remove(id) {
      if (validId(id)) await store.delete(sessionStoreKey(id));
    },
  };
}
