/**
 * A refused server key tells the admins once per key (src/settings/serviceKeyAlert.ts), over real
 * service keys on a temporary SQLite store; the alert channel and the post are the test's.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/translator.js';
import { announceServiceKeyRefused } from '../../../src/settings/serviceKeyAlert.js';
import { createServiceKeys, serviceKeySeal } from '../../../src/settings/serviceKeys.js';
import { freshStore } from '../../helpers/tempStore.js';

const GUILD = '111111111111111111';
const KEY = 'sk-live-ServerOwnKey-0123456789abcdef';
const t = createI18n().translator('en-US');

async function setUp(alertChannel: string | null) {
  const { store } = await freshStore();
  const warnings: unknown[][] = [];
  const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
  const serviceKeys = createServiceKeys({
    store,
    seal: serviceKeySeal(Buffer.alloc(32, 7)),
    learn: () => {},
    logger,
  });
  const posts: { channelId: string; content: string }[] = [];
  const deps = {
    serviceKeys,
    alertChannel: async () => alertChannel,
    notify: async (channelId: string, content: string) => void posts.push({ channelId, content }),
    clock: { now: () => 1_700_000_000_000 },
    logger,
  };
  return { serviceKeys, deps, posts, warnings };
}

describe('a refused server key', () => {
  it('is told to the admins once per key, in their alert channel; a new key starts over', async () => {
    const { serviceKeys, deps, posts } = await setUp('alerts-1');
    await serviceKeys.set(GUILD, KEY, 'admin-1', 1);
    await announceServiceKeyRefused(deps, GUILD, 401, t);
    await announceServiceKeyRefused(deps, GUILD, 401, t);
    expect(posts).toEqual([
      {
        channelId: 'alerts-1',
        content: t.t('config.serviceKeyRefusedAlert', { last4: 'cdef', status: '401' }),
      },
    ]);
    expect(posts[0]?.content).not.toContain(KEY);
    // Replaced by an admin: a refusal of the new key is news again.
    await serviceKeys.set(GUILD, `${KEY}-2`, 'admin-1', 2);
    await announceServiceKeyRefused(deps, GUILD, 403, t);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.content).toContain('…ef-2');
  });

  it('without an alert channel, or with no key set, posts nothing and says why in the log', async () => {
    const { serviceKeys, deps, posts, warnings } = await setUp(null);
    await announceServiceKeyRefused(deps, GUILD, 401, t);
    expect(warnings).toHaveLength(0);
    await serviceKeys.set(GUILD, KEY, 'admin-1', 1);
    await announceServiceKeyRefused(deps, GUILD, 401, t);
    expect(posts).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('a post Discord refuses is logged, not thrown: the member was told already', async () => {
    const { serviceKeys, deps, warnings } = await setUp('alerts-1');
    await serviceKeys.set(GUILD, KEY, 'admin-1', 1);
    const refusing = { ...deps, notify: async () => Promise.reject(new Error('Missing Access')) };
    await expect(announceServiceKeyRefused(refusing, GUILD, 401, t)).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
