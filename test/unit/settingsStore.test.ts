import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_GUILD_CONFIG } from '../../src/settings/resolve.js';
import { createSettings } from '../../src/settings/settingsStore.js';
import { openStore, type Store } from '../../src/store.js';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.disconnect();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
async function freshStore(): Promise<{ store: Store; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'settings-'));
  dirs.push(dir);
  const url = `sqlite://${join(dir, 'settings.sqlite')}`;
  const store = await openStore(url);
  stores.push(store);
  return { store, url };
}

describe('settings store', () => {
  it('keeps every field of concurrent updates, and reads them back after a restart', async () => {
    const { store, url } = await freshStore();
    const settings = createSettings(store);
    await Promise.all([
      settings.updateGuild('g', { model: 'service-v1-pro' }),
      settings.updateGuild('g', { showCost: false }),
      settings.updateGuild('g', { requestsPerMinute: 3 }),
      settings.updateChannel('c', { systemPrompt: 'be brief' }),
      settings.updateChannel('c', { maxTokens: 100 }),
    ]);
    await store.disconnect();
    stores.splice(stores.indexOf(store), 1);
    const reopened = await openStore(url);
    stores.push(reopened);
    const again = createSettings(reopened);
    expect(await again.guild('g')).toEqual({
      ...DEFAULT_GUILD_CONFIG,
      model: 'service-v1-pro',
      showCost: false,
      requestsPerMinute: 3,
    });
    expect(await again.channel('c')).toEqual({ systemPrompt: 'be brief', maxTokens: 100 });
    // Clearing a field returns it to the next level; an empty channel record is removed.
    await again.updateChannel('c', { systemPrompt: undefined, maxTokens: undefined });
    expect(await again.channel('c')).toEqual({});
    expect(await reopened.get('settings:channel:c')).toBeUndefined();
  });

  it('falls back field by field on a damaged value, and keeps a cost choice made with /budget before /config', async () => {
    const { store } = await freshStore();
    await store.set('settings:guild:damaged', { model: 'gpt-9', showCost: 'no', answerMentions: false });
    await store.set('guild-settings:old', { monthlyCapMicros: null, showCost: false });
    const settings = createSettings(store);
    expect(await settings.guild('damaged')).toEqual({ ...DEFAULT_GUILD_CONFIG, answerMentions: false });
    expect((await settings.guild('old')).showCost).toBe(false);
    expect((await settings.guild('new')).showCost).toBe(true);
  });

  it('lets a thread override its parent channel field by field', async () => {
    const { store } = await freshStore();
    const settings = createSettings(store);
    await settings.updateChannel('parent', { systemPrompt: 'p', model: 'service-v1-pro' });
    await settings.updateChannel('thread', { model: 'service-v1-flash' });
    expect(await settings.effectiveChannel('thread', 'parent')).toEqual({
      systemPrompt: 'p',
      model: 'service-v1-flash',
    });
    expect(await settings.effectiveChannel('parent', null)).toEqual({
      systemPrompt: 'p',
      model: 'service-v1-pro',
    });
  });
});
