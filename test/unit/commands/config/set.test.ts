import { describe, expect, it } from 'vitest';
import { parseConfigSet } from '../../../../commands/config/set.js';

describe('/config set values', () => {
  it('parses /config set values, refusing what is out of range', () => {
    const limits = { maxOutputTokens: 2048, allowedModels: null };
    expect(parseConfigSet({ max_tokens: 2048, history_tokens: 100, rate_limit: 3 }, limits)).toEqual({
      ok: true,
      patch: { maxTokens: 2048, historyTokens: 100, requestsPerMinute: 3 },
    });
    for (const bad of [
      { max_tokens: 2049 },
      { history_tokens: 99 },
      { rate_limit: 0 },
      { temperature: 3 },
      {},
    ]) {
      expect(parseConfigSet(bad, limits).ok).toBe(false);
    }
    expect(
      parseConfigSet({ model: 'service-v1-pro' }, { ...limits, allowedModels: ['service-v1-flash'] }),
    ).toEqual({
      ok: false,
      error: 'service-v1-pro is not among the allowed models (/config models).',
    });
  });
});
