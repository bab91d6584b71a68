/**
 * A server's own service key, which its requests use instead of the operator's. Kept sealed in
 * the store (lib/seal.ts under the operator's DATA_ENCRYPTION_KEY, the server's id bound as the
 * context, so a record copied to another server does not open there) and never given back: only
 * its last four characters, who set it and when. Every key read or written is taught to the
 * redactor first, so it never reaches a log line, a reply or an error.
 *
 * The record, `servicekey:<server>` = `{ sealed, last4, setBy, setAt }`, has no lifetime: it is
 * kept until an admin clears it (the retention sweep has no rule for it), like other settings.
 * Opened keys are cached in memory, bounded; as with settings, this process is the only writer
 * of its servers' keys.
 */
import { z } from 'zod';
import type { Logger } from '../lib/logger.js';
import { countedLimits, createRecent } from '../lib/recent.js';
import { createSeal, type Seal } from '../lib/seal.js';
import type { Store } from '../lib/store.js';

export interface ServiceKeyInfo {
  /** The key's last four characters; empty for a key shorter than LAST4_MIN_LENGTH (most of it). */
  readonly last4: string;
  readonly setBy: string;
  readonly setAt: number;
}

export interface ServiceKeys {
  /** Seals and stores the server's key (replacing any); the redactor learns it first. */
  set(guildId: string, key: string, setBy: string, now: number): Promise<ServiceKeyInfo>;
  /** Whether a key is set, its last four characters, who set it and when; never the key. */
  info(guildId: string): Promise<ServiceKeyInfo | undefined>;
  /**
   * The server's key, opened; undefined when none is set, or when it cannot be opened (another
   * DATA_ENCRYPTION_KEY: logged once per guild, never the value). The redactor learns it.
   */
  keyFor(guildId: string): Promise<string | undefined>;
  /** Removes the server's key; whether one was set. */
  clear(guildId: string): Promise<boolean>;
  /**
   * Notes that the service refused the server's key: its info the first time for this key (so
   * the admins are told once), undefined after that, or when no key is set. A new key starts over.
   */
  markRefused(guildId: string, now: number): Promise<ServiceKeyInfo | undefined>;
}

export interface ServiceKeysDeps {
  readonly store: Store;
  readonly seal: Seal;
  /** Teaches the redactor a secret (logger.ts SecretSet.add). */
  readonly learn: (secret: string) => void;
  readonly logger: Pick<Logger, 'warn'>;
}

/** Longer than any bearer token a service hands out; a form field's limit (commands/config). */
export const SERVICE_KEY_MAX_LENGTH = 400;
/** Below this length the last four characters would give away too much of the key. */
export const LAST4_MIN_LENGTH = 12;
/** Servers' keys (or their absence) held in memory, each. */
export const SERVICE_KEYS_CACHED = 10_000;
/** The HKDF info the seal of servers' keys is derived under: its own, apart from every other use. */
export const SERVICE_KEY_SEAL_INFO = 'discord-service-bot server service-key seal v1';

/** The seal of servers' keys under the operator's DATA_ENCRYPTION_KEY (32 bytes). */
export const serviceKeySeal = (dataEncryptionKey: Buffer): Seal =>
  createSeal({ key: dataEncryptionKey }, SERVICE_KEY_SEAL_INFO);

export const serviceKeyStoreKey = (guildId: string) => `servicekey:${guildId}`;

export type ServiceKeyProblem = 'empty' | 'too-long' | 'invalid-characters';

/** Why `key` cannot be a bearer token (nothing sent in a header may hold a space or a control). */
export function serviceKeyProblem(key: string): ServiceKeyProblem | undefined {
  if (key.length === 0) return 'empty';
  if (key.length > SERVICE_KEY_MAX_LENGTH) return 'too-long';
  // Visible ASCII only: what an HTTP Authorization header carries (undici refuses anything else
  // before sending, which would look like a connection failure rather than a refused key).
  if (!/^[\x21-\x7e]+$/.test(key)) return 'invalid-characters';
  return undefined;
}

/** `set` was given a key that cannot be one; the message names the problem, never the key. */
export class ServiceKeyRejected extends Error {
  constructor(readonly problem: ServiceKeyProblem) {
    super(`a server's service key was refused: ${problem}`);
    this.name = 'ServiceKeyRejected';
  }
}

const recordSchema = z.object({
  sealed: z.string(),
  last4: z.string(),
  setBy: z.string(),
  setAt: z.number(),
  /** When the service first refused this key (its admins were told then, once). */
  refusedAt: z.number().optional(),
});

const lastFour = (key: string) => (key.length >= LAST4_MIN_LENGTH ? key.slice(-4) : '');

export function createServiceKeys(deps: ServiceKeysDeps): ServiceKeys {
  const { store, seal, learn, logger } = deps;
  // null: no key, or one that cannot be opened (read once, not on every request).
  const opened = createRecent<string | null>(countedLimits(SERVICE_KEYS_CACHED));
  const warned = createRecent<true>(countedLimits(SERVICE_KEYS_CACHED));
  // Bumped by every write: a read that began before one must not cache what it read.
  let writes = 0;
  const forget = (guildId: string) => {
    writes += 1;
    opened.delete(guildId);
    warned.delete(guildId);
  };

  async function record(guildId: string) {
    const parsed = recordSchema.safeParse(await store.get(serviceKeyStoreKey(guildId)));
    return parsed.success ? parsed.data : undefined;
  }

  return {
    async set(guildId, key, setBy, now) {
      const problem = serviceKeyProblem(key);
      if (problem !== undefined) throw new ServiceKeyRejected(problem);
      learn(key);
      const info: ServiceKeyInfo = { last4: lastFour(key), setBy, setAt: now };
      forget(guildId);
      await store.set(serviceKeyStoreKey(guildId), { sealed: seal.seal(key, guildId), ...info });
      forget(guildId);
      return info;
    },
    async info(guildId) {
      const stored = await record(guildId);
      return stored && { last4: stored.last4, setBy: stored.setBy, setAt: stored.setAt };
    },
    async keyFor(guildId) {
      const cached = opened.get(guildId);
      if (cached !== undefined) {
        // Again: a redactor bounded by count keeps the keys in use.
        if (cached !== null) learn(cached);
        return cached ?? undefined;
      }
      const before = writes;
      const stored = await record(guildId);
      const key = stored && seal.open(stored.sealed, guildId);
      if (key !== undefined) learn(key);
      if (stored && key === undefined && warned.get(guildId) === undefined) {
        warned.set(guildId, true, 1);
        logger.warn(
          { guildId },
          "service key: this server's stored key cannot be opened (sealed under another DATA_ENCRYPTION_KEY, or copied from another server): an admin must set it again",
        );
      }
      if (writes === before) opened.set(guildId, key ?? null, 1);
      return key;
    },
    async markRefused(guildId, now) {
      const stored = await record(guildId);
      if (!stored || stored.refusedAt !== undefined) return undefined;
      await store.set(serviceKeyStoreKey(guildId), { ...stored, refusedAt: now });
      return { last4: stored.last4, setBy: stored.setBy, setAt: stored.setAt };
    },
    async clear(guildId) {
      const had = (await store.get(serviceKeyStoreKey(guildId))) !== undefined;
      forget(guildId);
      if (had) await store.delete(serviceKeyStoreKey(guildId));
      forget(guildId);
      return had;
    },
  };
}
