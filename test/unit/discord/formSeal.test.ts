import { describe, expect, it } from 'vitest';
import { formSeal, sealMatches } from '../../../src/discord/formSeal.js';

describe('form seals', () => {
  const parts = ['system', 'guild-1', 'user-1', 'channel-1'];

  it('are 16 base64url characters that change with every part and with the secret', () => {
    const seal = formSeal('token-a', parts);
    expect(seal).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(formSeal('token-a', parts)).toBe(seal);
    for (let index = 0; index < parts.length; index += 1) {
      const other = parts.map((part, at) => (at === index ? `${part}x` : part));
      expect(formSeal('token-a', other)).not.toBe(seal);
    }
    expect(formSeal('token-b', parts)).not.toBe(seal);
    // Parts are separated: moving a character from one part to the next changes the seal.
    expect(formSeal('token-a', ['ab', 'c'])).not.toBe(formSeal('token-a', ['a', 'bc']));
  });

  it('match only their own parts and secret', () => {
    const seal = formSeal('token-a', parts);
    expect(sealMatches('token-a', parts, seal)).toBe(true);
    expect(sealMatches('token-a', [...parts.slice(0, 3), 'channel-2'], seal)).toBe(false);
    expect(sealMatches('token-b', parts, seal)).toBe(false);
    expect(sealMatches('token-a', parts, seal.slice(0, 15))).toBe(false);
    expect(sealMatches('token-a', parts, '')).toBe(false);
  });
});
