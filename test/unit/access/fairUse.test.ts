import { describe, expect, it } from 'vitest';
import { createFairUse } from '../../../src/access/fairUse.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { english } from '../../helpers/english.js';

describe('fair use', () => {
  it('counts requests per member and server, and allows one in flight per member and channel', async () => {
    const fairUse = createFairUse();
    const request = {
      guildId: 'g',
      channelId: 'c',
      userId: 'u',
      kind: 'chat',
      perMinute: 2,
      voice: english,
    } as const;
    const first = await fairUse.acquire(request);
    expect(first.ok).toBe(true);
    const busy = await fairUse.acquire(request);
    expect(busy).toEqual({ ok: false, message: expect.stringMatching(/already have a request running/) });
    // An image request is in flight on its own; it still counts towards the rate.
    const image = await fairUse.acquire({ ...request, kind: 'image' });
    expect(image.ok).toBe(true);
    if (first.ok) first.release();
    if (image.ok) image.release();
    const third = await fairUse.acquire(request);
    expect(third).toEqual({
      ok: false,
      message: expect.stringMatching(/2 per minute per member\. Try again in \d+ sec\./),
    });
    expect((await fairUse.acquire({ ...request, userId: 'other' })).ok).toBe(true);
    expect((await fairUse.acquire({ ...request, guildId: 'elsewhere', channelId: 'd' })).ok).toBe(true);
  });

  it('refuses in the words of whoever reads it', async () => {
    const fairUse = createFairUse();
    const voice = createI18n().translator('de');
    const request = { guildId: 'g', channelId: 'c', userId: 'u', kind: 'chat', perMinute: 2, voice } as const;
    expect((await fairUse.acquire(request)).ok).toBe(true);
    expect(await fairUse.acquire(request)).toEqual({ ok: false, message: voice.t('errors.chatBusy') });
  });
});
