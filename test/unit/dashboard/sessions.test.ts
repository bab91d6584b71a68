/** Dashboard sessions in a real store (src/dashboard/sessions.ts): the access token sealed at rest. */
import { describe, expect, it } from 'vitest';
import { createSessions, SESSION_PREFIX } from '../../../src/dashboard/sessions.js';
import { freshStore } from '../../helpers/tempStore.js';

const TOKEN = 'discord-access-token-0123456789abcdef';
const fields = {
  userId: '111111111111111111',
  userName: 'ada',
  accessToken: TOKEN,
  guilds: [{ id: '222222222222222222', name: 'Guild', permissions: '32', owner: false }],
  guildsAt: 1_000,
};

describe('createSessions', () => {
  it('keeps the access token out of the stored record and gives it back on read', async () => {
    const { store } = await freshStore();
    const sessions = createSessions(store, 'client-secret');
    const now = Date.now();
    const { id, session } = await sessions.create(fields, now);
    expect(session.accessToken).toBe(TOKEN);
    const record = await store.get(`${SESSION_PREFIX}${id}`);
    expect(JSON.stringify(record)).not.toContain(TOKEN);
    expect(record).toMatchObject({ userId: fields.userId, csrf: session.csrf });
    expect(await sessions.get(id, now)).toEqual(session);

    await sessions.update(id, { ...session, accessToken: `${TOKEN}-renewed`, guildsAt: Date.now() });
    expect(JSON.stringify(await store.get(`${SESSION_PREFIX}${id}`))).not.toContain(TOKEN);
    expect((await sessions.get(id, now))?.accessToken).toBe(`${TOKEN}-renewed`);
  });

  it('treats a record whose token does not open as no session, and deletes it', async () => {
    const { store } = await freshStore();
    const sessions = createSessions(store, 'client-secret');
    const { id } = await sessions.create(fields, Date.now());
    const stored = `${SESSION_PREFIX}${id}`;
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
});
