/**
 * Dashboard sessions in a real store (src/dashboard/sessions.ts): the access token sealed at rest,
 * the record under a hash of the id and no CSRF token stored (a copy of the store opens no
 * session), one session per member (a login ends the older ones), and the retention sweep
 * removing both kinds of record once their lifetime ends.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retentionRules } from '../../../src/app/retention.js';
import {
  createSessions,
  MEMBER_PREFIX,
  SESSION_PREFIX,
  SESSION_TTL_MS,
  sessionStoreKey,
} from '../../../src/dashboard/sessions.js';
import type { Store } from '../../../src/lib/store.js';
import { quietLogger } from '../../../src/localService/harness/charges.js';
import { createSweeper } from '../../../src/ops/retention.js';
import { freshStore } from '../../helpers/tempStore.js';

const TOKEN = 'discord-access-token-0123456789abcdef';
const fields = {
  userId: '111111111111111111',
  userName: 'ada',
  accessToken: TOKEN,
  guilds: [{ id: '222222222222222222', name: 'Guild', permissions: '32', owner: false }],
  guildsAt: 1_000,
};

/** Every record of the store, as a copy of it would hold them. */
async function everything(store: Store): Promise<Map<string, unknown>> {
  const copy = new Map<string, unknown>();
  for await (const page of store.keys('')) for (const key of page) copy.set(key, await store.get(key));
  return copy;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createSessions', () => {
  it('keeps the access token out of the stored record and gives it back on read', async () => {
    const { store } = await freshStore();
    const sessions = createSessions(store, 'client-secret');
    const now = Date.now();
    const { id, session } = await sessions.create(fields, now);
    expect(session.accessToken).toBe(TOKEN);
    const record = await store.get(sessionStoreKey(id));
    expect(JSON.stringify(record)).not.toContain(TOKEN);
    expect(record).toMatchObject({ userId: fields.userId });
    expect(await sessions.get(id, now)).toEqual(session);

    await sessions.update(id, { ...session, accessToken: `${TOKEN}-renewed`, guildsAt: Date.now() });
    expect(JSON.stringify(await store.get(sessionStoreKey(id)))).not.toContain(TOKEN);
    expect((await sessions.get(id, now))?.accessToken).toBe(`${TOKEN}-renewed`);
  });

  it('treats a record whose token does not open as no session, and deletes it', async () => {
    const { store } = await freshStore();
    const sessions = createSessions(store, 'client-secret');
    const { id } = await sessions.create(fields, Date.now());
    const stored = sessionStoreKey(id);
    const record = (await store.get(stored)) as Record<string, unknown>;
    const sealed = String(record.sealedToken);
    const changed = `${sealed.slice(0, -3)}${sealed.at(-3) === 'A' ? 'B' : 'A'}${sealed.slice(-2)}`;
    for (const [why, opener, copy] of [
      // Another client secret (rotated in the Developer Portal): signed out, not an error.
      ['another secret', createSessions(store, 'rotated-secret'), record],
      ['an altered token', sessions, { ...record, sealedToken: changed }],
      ['a record from before sealing', sessions, { ...record, sealedToken: undefined, accessToken: TOKEN }],
    ] as const) {
      await store.set(stored, copy);
      expect(await opener.get(id, Date.now()), why).toBeUndefined();
      expect(await store.get(stored), why).toBeUndefined();
    }
  });

  it('leaves a copy of the store no session id and no CSRF token', async () => {
    const { store } = await freshStore();
    const sessions = createSessions(store, 'client-secret');
    const now = Date.now();
    const { id, session } = await sessions.create(fields, now);
    const copy = await everything(store);
    expect([...copy.keys()].sort()).toEqual([`${MEMBER_PREFIX}${fields.userId}`, sessionStoreKey(id)]);
    const text = JSON.stringify([...copy]);
    expect(text).not.toContain(id);
    expect(text).not.toContain(session.csrf);
    expect(text).not.toContain(TOKEN);
    // Nothing in the copy works as a cookie's id.
    const candidates = [...copy.keys(), ...copy.values()].flatMap(
      (value) => JSON.stringify(value).match(/[A-Za-z0-9_-]{43}/g) ?? [],
    );
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) expect(await sessions.get(candidate, now)).toBeUndefined();
    // The CSRF token is the id's, the same after a restart, and another session's differs.
    expect((await createSessions(store, 'client-secret').get(id, now))?.csrf).toBe(session.csrf);
    const other = await sessions.create({ ...fields, userId: '333333333333333333' }, now);
    expect(other.session.csrf).not.toBe(session.csrf);
    // Stored under the id's SHA-256 (base64url), as docs/operators.md says.
    expect(sessionStoreKey(id)).toBe(
      `${SESSION_PREFIX}${createHash('sha256').update(id).digest('base64url')}`,
    );
  });

  it("ends the member's older session at a new login, and no one else's", async () => {
    const { store } = await freshStore();
    const sessions = createSessions(store, 'client-secret');
    const now = Date.now();
    const first = await sessions.create(fields, now);
    const someoneElse = await sessions.create({ ...fields, userId: '333333333333333333' }, now);
    const second = await sessions.create(fields, now);
    expect(await sessions.get(first.id, now)).toBeUndefined();
    expect(await store.get(sessionStoreKey(first.id))).toBeUndefined();
    expect(await sessions.get(second.id, now)).toEqual(second.session);
    expect(await sessions.get(someoneElse.id, now)).toEqual(someoneElse.session);
    // Two logins at once leave two records; only the latest opens, and the other goes when it returns.
    const third = await sessions.create(fields, now);
    await store.set(sessionStoreKey(second.id), (await everything(store)).get(sessionStoreKey(third.id)));
    expect(await sessions.get(second.id, now)).toBeUndefined();
    expect(await store.get(sessionStoreKey(second.id))).toBeUndefined();
    expect(await sessions.get(third.id, now)).toEqual(third.session);
  });

  it('has the retention sweep remove sessions and their member records once 7 days have passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-01T00:00:00Z');
    vi.setSystemTime(start);
    const { store } = await freshStore();
    await createSessions(store, 'client-secret').create(fields, start);
    const sweeper = createSweeper({
      store,
      rules: retentionRules({ conversationRetentionDays: 90, ledgerEntryRetentionDays: 400 }),
      clock: { now: () => Date.now() },
      logger: quietLogger,
    });
    const listed = async () => {
      const keys: string[] = [];
      for (const prefix of [SESSION_PREFIX, MEMBER_PREFIX])
        for await (const page of store.keys(prefix)) keys.push(...page);
      return keys;
    };
    vi.setSystemTime(start + SESSION_TTL_MS - 1_000);
    await sweeper.sweep();
    expect(await listed()).toHaveLength(2);
    vi.setSystemTime(start + SESSION_TTL_MS + 1_000);
    await sweeper.sweep();
    expect(await listed()).toEqual([]);
  });
});
