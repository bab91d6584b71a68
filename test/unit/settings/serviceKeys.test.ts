/**
 * Servers' own service keys (src/settings/serviceKeys.ts) over a real SQLite store: kept sealed,
 * bound to their server, never given back, taught to the redactor, cached and forgotten.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../src/lib/store.js';
import {
  createServiceKeys,
  SERVICE_KEY_MAX_LENGTH,
  ServiceKeyRejected,
  serviceKeySeal,
  serviceKeyStoreKey,
} from '../../../src/settings/serviceKeys.js';
import { freshStore } from '../../helpers/tempStore.js';

const A = '111111111111111111';
const B = '222222222222222222';
const KEY = 'sk-live-ServerOwnKey-0123456789abcdef';

function keysOver(store: Store, dataKey = Buffer.alloc(32, 1)) {
  const learned: string[] = [];
  const warnings: unknown[][] = [];
  const keys = createServiceKeys({
    store,
    seal: serviceKeySeal(dataKey),
    learn: (secret) => learned.push(secret),
    logger: { warn: (...args: unknown[]) => void warnings.push(args) },
  });
  return { keys, learned, warnings };
}

describe('service keys', () => {
  it('sets, tells about, opens and clears a server key; other servers have none', async () => {
    const { store } = await freshStore();
    const { keys } = keysOver(store);
    expect(await keys.info(A)).toBeUndefined();
    expect(await keys.keyFor(A)).toBeUndefined();
    const info = await keys.set(A, KEY, 'admin-1', 1_700_000_000_000);
    expect(info).toEqual({ last4: 'cdef', setBy: 'admin-1', setAt: 1_700_000_000_000 });
    expect(await keys.info(A)).toEqual(info);
    expect(await keys.keyFor(A)).toBe(KEY);
    expect(await keys.keyFor(B)).toBeUndefined();
    // Replacing it.
    await keys.set(A, `${KEY}-2`, 'admin-2', 1_700_000_100_000);
    expect(await keys.keyFor(A)).toBe(`${KEY}-2`);
    expect(await keys.info(A)).toMatchObject({ last4: 'ef-2', setBy: 'admin-2' });
    expect(await keys.clear(A)).toBe(true);
    expect(await keys.clear(A)).toBe(false);
    expect(await keys.info(A)).toBeUndefined();
    expect(await keys.keyFor(A)).toBeUndefined();
    expect(await store.get(serviceKeyStoreKey(A))).toBeUndefined();
  });

  it('opens the key after a restart, and says nothing of a short key but that it is set', async () => {
    const { store } = await freshStore();
    await keysOver(store).keys.set(A, KEY, 'admin', 1);
    expect(await keysOver(store).keys.keyFor(A)).toBe(KEY);
    expect((await keysOver(store).keys.set(B, 'short-key', 'admin', 1)).last4).toBe('');
  });

  it('never stores the key in clear', async () => {
    const { store } = await freshStore();
    await keysOver(store).keys.set(A, KEY, 'admin', 1);
    const raw = JSON.stringify(await store.get(serviceKeyStoreKey(A)));
    expect(raw).not.toContain(KEY);
    expect(raw).not.toContain('ServerOwnKey');
    expect(raw).not.toContain(Buffer.from(KEY).toString('base64').slice(0, 16));
    expect(JSON.parse(raw)).toMatchObject({ last4: 'cdef', setBy: 'admin', setAt: 1 });
  });

  it('does not open a record copied to another server: undefined, and one warning without the key', async () => {
    const { store } = await freshStore();
    const { keys, warnings } = keysOver(store);
    await keys.set(A, KEY, 'admin', 1);
    await store.set(serviceKeyStoreKey(B), await store.get(serviceKeyStoreKey(A)));
    expect(await keys.keyFor(B)).toBeUndefined();
    expect(await keys.keyFor(B)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toContain(B);
    expect(JSON.stringify(warnings)).not.toContain(KEY);
    expect(await keys.keyFor(A)).toBe(KEY);
  });

  it('does not open what another DATA_ENCRYPTION_KEY sealed', async () => {
    const { store } = await freshStore();
    await keysOver(store, randomBytes(32)).keys.set(A, KEY, 'admin', 1);
    const other = keysOver(store, randomBytes(32));
    expect(await other.keys.keyFor(A)).toBeUndefined();
    expect(other.warnings).toHaveLength(1);
    expect(other.learned).toEqual([]);
    // Still set: the admins see it and can set it again.
    expect(await other.keys.info(A)).toMatchObject({ last4: 'cdef' });
  });

  it('teaches the redactor the key when set and when opened', async () => {
    const { store } = await freshStore();
    const setter = keysOver(store);
    await setter.keys.set(A, KEY, 'admin', 1);
    expect(setter.learned).toEqual([KEY]);
    const reader = keysOver(store);
    expect(await reader.keys.keyFor(A)).toBe(KEY);
    expect(reader.learned).toContain(KEY);
  });

  it('refuses an empty or over-long key, or one with whitespace or control characters, before storing', async () => {
    const { store } = await freshStore();
    const { keys, learned } = keysOver(store);
    for (const [bad, problem] of [
      ['', 'empty'],
      ['k'.repeat(SERVICE_KEY_MAX_LENGTH + 1), 'too-long'],
      ['sk live', 'invalid-characters'],
      ['sk-live\n', 'invalid-characters'],
      ['sk-\u0000live', 'invalid-characters'],
      ['sk-\u00a0live', 'invalid-characters'],
    ] as const) {
      const refused = await keys.set(A, bad, 'admin', 1).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServiceKeyRejected);
      expect((refused as ServiceKeyRejected).problem).toBe(problem);
      if (bad !== '') expect((refused as Error).message).not.toContain(bad);
    }
    expect(await keys.info(A)).toBeUndefined();
    expect(learned).toEqual([]);
    expect((await keys.set(A, 'k'.repeat(SERVICE_KEY_MAX_LENGTH), 'admin', 1)).last4).toBe('kkkk');
  });

  it('forgets a cached key when it is cleared or replaced, in this process', async () => {
    const { store } = await freshStore();
    const { keys } = keysOver(store);
    await keys.set(A, KEY, 'admin', 1);
    expect(await keys.keyFor(A)).toBe(KEY);
    // Only the cache could still answer after the record is gone behind its back.
    await keys.clear(A);
    expect(await keys.keyFor(A)).toBeUndefined();
    await keys.set(A, KEY, 'admin', 1);
    expect(await keys.keyFor(A)).toBe(KEY);
    await keys.set(A, `${KEY}-new`, 'admin', 2);
    expect(await keys.keyFor(A)).toBe(`${KEY}-new`);
  });

  it('a read that began before a clear does not bring the cleared key back into the cache', async () => {
    const { store } = await freshStore();
    await keysOver(store).keys.set(A, KEY, 'admin', 1);
    // The first read is held after it has read the record, until the clear is done.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    const slow = new Proxy(store, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property !== 'get') return typeof value === 'function' ? value.bind(target) : value;
        return async (key: string) => {
          const first = reads++ === 0;
          const read: unknown = await target.get(key);
          if (first) await held;
          return read;
        };
      },
    });
    const { keys } = keysOver(slow);
    const before = keys.keyFor(A);
    expect(await keys.clear(A)).toBe(true);
    release();
    expect(await before).toBe(KEY);
    expect(await keys.keyFor(A)).toBeUndefined();
  });
});
