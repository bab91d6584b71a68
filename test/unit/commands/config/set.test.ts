import { describe, expect, it } from 'vitest';
import { parseConfigSet } from '../../../../commands/config/set.js';
import { createI18n } from '../../../../src/i18n/translator.js';
import { english } from '../../../helpers/english.js';

describe('/config set values', () => {
  it('parses /config set values, refusing what is out of range', () => {
    const limits = { maxOutputTokens: 2048, allowedModels: null };
    expect(parseConfigSet({ max_tokens: 2048, history_tokens: 100, rate_limit: 3 }, limits, english)).toEqual(
      {
        ok: true,
        patch: { maxTokens: 2048, historyTokens: 100, requestsPerMinute: 3 },
      },
    );
    for (const bad of [
      { max_tokens: 2049 },
      { history_tokens: 99 },
      { rate_limit: 0 },
      { temperature: 3 },
      {},
    ]) {
      expect(parseConfigSet(bad, limits, english).ok).toBe(false);
    }
    expect(
      parseConfigSet(
        { model: 'service-v1-pro' },
        { ...limits, allowedModels: ['service-v1-flash'] },
        english,
      ),
    ).toEqual({
      ok: false,
      error: 'service-v1-pro is not among the allowed models (/config models).',
    });
  });

  it('refuses in the admin’s language, the numbers written their way', () => {
    const german = createI18n().translator('de');
    const limits = { maxOutputTokens: 2048, allowedModels: null };
    expect(parseConfigSet({ max_tokens: 4096 }, limits, german)).toEqual({
      ok: false,
      error: german.t('config.wholeNumberRuleOperator', { name: 'max_tokens', min: 1, max: 2048 }),
    });
    expect(parseConfigSet({ max_tokens: 4096 }, limits, german)).toMatchObject({
      error: expect.stringContaining('2.048'),
    });
  });
});
