import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { askModal, decodeAskSettings, encodeAskSettings } from '../../../../commands/ask/modal.js';
import { type AskSettings, parseAskSettings } from '../../../../commands/ask/options.js';
import { CHAT_MODELS } from '../../../../src/service/models.js';
import { MAX_TOKENS_OPTION_MAX } from '../../../../src/settings/requestOptions.js';
import { english } from '../../../helpers/english.js';

/** Any options /ask accepts besides the prompt. */
const settings: fc.Arbitrary<AskSettings> = fc
  .record(
    {
      model: fc.constantFrom(...CHAT_MODELS),
      temperature: fc.double({ min: 0, max: 2, noNaN: true }),
      maxTokens: fc.integer({ min: 1, max: MAX_TOKENS_OPTION_MAX }),
      thread: fc.boolean(),
    },
    { requiredKeys: ['thread'] },
  )
  .map((value) => value as AskSettings);

describe('the /ask form’s custom id', () => {
  it('writes only the options given, in short keys', () => {
    expect(encodeAskSettings({ thread: false })).toBe('');
    expect(
      encodeAskSettings({ model: 'service-v1-pro', temperature: 0.7, maxTokens: 300, thread: true }),
    ).toBe('m=service-v1-pro&t=0.7&x=300&h=1');
  });

  it('property: any options fit Discord’s 100 characters and come back exactly as /ask would parse them', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const modal = askModal(english, given).toJSON();
        expect(modal.custom_id.length).toBeLessThanOrEqual(100);
        expect(modal.title.length).toBeLessThanOrEqual(45);
        const raw = decodeAskSettings(encodeAskSettings(given));
        expect(raw).toBeDefined();
        expect(parseAskSettings(raw ?? {}, english)).toEqual({ ok: true, settings: given });
      }),
      { numRuns: 1000 },
    );
  });

  it('reads what it does not write as no form of this version; odd values go to /ask’s rules as text', () => {
    for (const argument of ['q=1', 'm', 'm=a=b', 'm=a&m=b', 'constructor=1', '__proto__=1', '&']) {
      expect(decodeAskSettings(argument), argument).toBeUndefined();
    }
    expect(decodeAskSettings('t=hot&x=1e3&h=yes')).toEqual({
      temperature: 'hot',
      max_tokens: 1000,
      thread: 'yes',
    });
    expect(parseAskSettings(decodeAskSettings('t=hot') ?? {}, english)).toMatchObject({ ok: false });
  });
});
