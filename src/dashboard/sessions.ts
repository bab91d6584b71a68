/**
 * Server-side sessions of the dashboard in the bot's keyv store, under `dashboard-session:<id>`
 * with a lifetime of 7 days (keyv's ttl, and a retention rule in ops/retention.ts for stores that
 * keep expired records). The cookie holds only the random id; the Discord access token, the
 * CSRF token and the guild list stay on the server. Logout deletes the record. The access token
 * is stored sealed (tokenSeal.ts, a key from the OAuth2 client secret): a record whose token does
 * not open (the secret changed, the record was altered or written before sealing) counts as no
 * session, and is deleted when its cookie comes back.
 */
import type { Store } from '../lib/store.js';
import { isSnowflake, newToken } from './security.js';
import { createTokenSeal } from './tokenSeal.js';

export const SESSION_PREFIX = 'dashboard-session:';
export const SESSION_TTL_MS = 7 * 86_400_000;
/** The guild list (with permissions) is read from Discord again when older than this. */
export const GUILDS_FRESH_MS = 5 * 60_000;

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
  /** Sent back in every form and checked on every write. */
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

/** A session as stored: the access token sealed. */
type StoredSession = Omit<Session, 'accessToken'> & { readonly sealedToken: string };

const key = (id: string) => `${SESSION_PREFIX}${id}`;
const validId = (id: unknown): id is string => typeof id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(id);

/** `secret`: the OAuth2 client secret (DISCORD_CLIENT_SECRET), the access tokens' sealing key. */
export function createSessions(store: Store, secret: string): Sessions {
  const tokens = createTokenSeal(secret);
  const stored = ({ accessToken, ...rest }: Session): StoredSession => ({
    ...rest,
    sealedToken: tokens.seal(accessToken),
  });
  return {
    async create(fields, now) {
      const id = newToken();
      const session: Session = { ...fields, csrf: newToken(), createdAt: now };
      await store.set(key(id), stored(session), SESSION_TTL_MS);
      return { id, session };
    },
    async get(id, now) {
      if (!validId(id)) return undefined;
      const record = (await store.get(key(id))) as StoredSession | undefined;
      if (!record || !isSnowflake(record.userId)) return undefined;
      // keyv's ttl already hides expired records; this holds for copies made without one too.
      if (now - record.createdAt > SESSION_TTL_MS) return undefined;
      const accessToken = tokens.open(record.sealedToken);
      if (accessToken === undefined) {
        // Of no use (and, written before sealing, holding the token in clear): removed.
        await store.delete(key(id));
        return undefined;
      }
      const { sealedToken: _, ...rest } = record;
      return { ...rest, accessToken };
    },
    async update(id, session) {
      const left = SESSION_TTL_MS - (Date.now() - session.createdAt);
      if (left > 0) await store.set(key(id), stored(session), left);
    },
    async remove(id) {
      if (validId(id)) await store.delete(key(id));
    },
  };
}
