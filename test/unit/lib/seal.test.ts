/** The generic seal (src/lib/seal.ts): round trip, another key, another context, tampering, bad input. */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenSeal } from '../../../src/dashboard/tokenSeal.js';
import { createSeal, parseSealKey, sealKeyTexts } from '../../../src/lib/seal.js';

const KEY = Buffer.alloc(32, 7);
const INFO = 'test seal v1';
const seal = createSeal({ key: KEY }, INFO);

/** `sealed` with one byte of its `part`-th dot-separated piece (1 iv, 2 body, 3 tag) changed. */
function flip(sealed: string, part: number, index: number, mask: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part] as string, 'base64url');
  const at = index % bytes.length;
  bytes[at] = (bytes[at] as number) ^ mask;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('createSeal', () => {
  it('opens what it sealed, with or without a context, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.string({ maxLength: 30 }),
        (text, context) => {
          expect(seal.open(seal.seal(text))).toBe(text);
          expect(seal.open(seal.seal(text, context), context)).toBe(text);
        },
      ),
    );
  });

  it('refuses a value sealed for another context, or opened without its context', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (text, context, other) => {
          fc.pre(context !== other);
          const sealed = seal.seal(text, context);
          expect(seal.open(sealed, other)).toBeUndefined();
          expect(seal.open(sealed)).toBeUndefined();
          expect(seal.open(seal.seal(text), context)).toBeUndefined();
        },
      ),
    );
    // The case that matters: a server's record copied under another server's id.
    const forA = seal.seal('sk-live-abcdef', '111111111111111111');
    expect(seal.open(forA, '222222222222222222')).toBeUndefined();
    expect(seal.open(forA, '111111111111111111')).toBe('sk-live-abcdef');
  });

  it('refuses what another key, another secret or another info string sealed', () => {
    const sealed = seal.seal('text', 'ctx');
    expect(createSeal({ key: Buffer.alloc(32, 8) }, INFO).open(sealed, 'ctx')).toBeUndefined();
    expect(createSeal({ key: KEY }, 'another use v1').open(sealed, 'ctx')).toBeUndefined();
    expect(createSeal({ key: KEY }, INFO).open(sealed, 'ctx')).toBe('text');
    const bySecret = createSeal({ secret: 'one' }, INFO).seal('text');
    expect(createSeal({ secret: 'two' }, INFO).open(bySecret)).toBeUndefined();
    expect(createSeal({ secret: 'one' }, INFO).open(bySecret)).toBe('text');
  });

  it('refuses a sealed value with any byte of its IV, body or tag changed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.string({ maxLength: 20 }),
        fc.constantFrom(1, 2, 3),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (text, context, part, index, mask) => {
          expect(seal.open(flip(seal.seal(text, context), part, index, mask), context)).toBeUndefined();
        },
      ),
    );
  });

  it('shows neither the text nor the context, and seals it differently each time', () => {
    const text = 'sk-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const context = '123456789012345678';
    const [a, b] = [seal.seal(text, context), seal.seal(text, context)];
    expect(a).not.toContain(text);
    // The context is checked, not kept: the record names its server itself.
    expect(a).not.toContain(context);
    expect(a).not.toBe(b);
  });

  it('refuses malformed input', () => {
    const [, iv, body, tag] = seal.seal('text').split('.');
    for (const bad of [
      undefined,
      null,
      42,
      {},
      '',
      'text',
      `v2.${iv}.${body}.${tag}`,
      `v1.${iv}.${body}`,
      `v1.${iv}.${body}.${tag}.x`,
      `v1.${iv}.${body}.${tag}!`,
      `v1..${body}.${tag}`,
      `v1.${iv}.${body}.${tag?.slice(4)}`,
    ])
      expect(seal.open(bad)).toBeUndefined();
  });

  it('needs 32 key bytes or a non-empty secret', () => {
    expect(() => createSeal({ key: Buffer.alloc(16) }, INFO)).toThrow();
    expect(() => createSeal({ secret: '' }, INFO)).toThrow();
  });

  it('the dashboard token seal still opens what the version before lib/seal.ts sealed', () => {
    const before = 'v1.gJqhea092eqQQUIr._cOSlgMx4kzGUa5eD5I-o8eD3F8.bQQjnJRuxpn30sc3p4HNZg';
    expect(createTokenSeal('client-secret-one').open(before)).toBe('discord-token-Abc123');
  });
});

describe('parseSealKey', () => {
  it('reads 32 bytes written in hex or base64, and refuses anything else', () => {
    const key = randomBytes(32);
    for (const text of sealKeyTexts(key)) expect(parseSealKey(text)).toEqual(key);
    for (const bad of [
      '',
      key.toString('hex').slice(1),
      `${key.toString('hex')}0`,
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      `${key.toString('hex').slice(0, 63)}g`,
      `${key.toString('base64').slice(0, 42)}!=`,
      ` ${key.toString('base64')}`,
    ])
      expect(parseSealKey(bad), bad).toBeUndefined();
  });
});
