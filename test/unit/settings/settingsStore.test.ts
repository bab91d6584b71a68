import { describe, expect, it } from 'vitest';
import { DEFAULT_GUILD_CONFIG } from '../../../src/settings/resolve.js';
import { createSettings } from '../../../src/settings/settingsStore.js';
import { closeStore, freshStore } from '../../helpers/tempStore.js';

describe('settings store', () => {
  it('keeps every field of concurrent updates, and reads them back after a restart', async () => {
    const { store, reopen } = await freshStore();
    const settings = createSettings(store);
    await Promise.all([
      settings.updateGuild('g', { model: 'service-v1-pro' }),
      settings.updateGuild('g', { showCost: false }),
      settings.updateGuild('g', { requestsPerMinute: 3 }),
      settings.updateChannel('c', { systemPrompt: 'be brief' }),
      settings.updateChannel('c', { maxTokens: 100 }),
    ]);
    await closeStore(store);
    const reopened = await reopen();
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
