import { describe, expect, it } from 'vitest';
import { askData } from '../../../../commands/ask/index.js';
import { parseAskOptions } from '../../../../commands/ask/options.js';
import { PROMPT_MAX_LENGTH } from '../../../../src/settings/promptRules.js';
import { MAX_TOKENS_OPTION_MAX } from '../../../../src/settings/requestOptions.js';
import { english } from '../../../helpers/english.js';

describe('/ask option validation', () => {
  it('accepts good input and leaves unset options unset (settings fill them in)', () => {
    expect(parseAskOptions({ prompt: '  hi  ' }, english)).toEqual({
      ok: true,
      options: { prompt: 'hi', thread: false },
    });
    expect(
      parseAskOptions(
        { prompt: 'x', model: 'service-v1-pro', temperature: 2, max_tokens: 10, thread: true },
        english,
      ),
    ).toEqual({
      ok: true,
      options: { prompt: 'x', model: 'service-v1-pro', temperature: 2, maxTokens: 10, thread: true },
    });
  });

  it.each([
    [{ prompt: '   ' }, /empty/],
    [{}, /empty/],
    [{ prompt: 'x'.repeat(PROMPT_MAX_LENGTH + 1) }, /limit/],
    [{ prompt: 'x', model: 'gpt-4' }, /Unknown model/],
    [{ prompt: 'x', temperature: 2.5 }, /temperature/],
    [{ prompt: 'x', temperature: -0.1 }, /temperature/],
    [{ prompt: 'x', temperature: Number.NaN }, /temperature/],
    [{ prompt: 'x', temperature: '1' }, /temperature/],
    [{ prompt: 'x', max_tokens: 0 }, /max_tokens/],
    [{ prompt: 'x', max_tokens: 1.5 }, /max_tokens/],
    [{ prompt: 'x', max_tokens: MAX_TOKENS_OPTION_MAX + 1 }, /max_tokens/],
    [{ prompt: 'x', thread: 'yes' }, /thread/],
  ])('rejects %j', (raw, message) => {
    const parsed = parseAskOptions(raw, english);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('declares the same limits to Discord', () => {
    const options: readonly { name: string; max_length?: number; max_value?: number }[] = askData.options;
    expect(options.find((o) => o.name === 'prompt')?.max_length).toBe(PROMPT_MAX_LENGTH);
    expect(options.find((o) => o.name === 'max_tokens')?.max_value).toBe(MAX_TOKENS_OPTION_MAX);
  });
});
