/** The access-token seal (src/dashboard/tokenSeal.ts): round trip, tamper detection, wrong key. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenSeal } from '../../../src/dashboard/tokenSeal.js';

const seal = createTokenSeal('client-secret-one');

/** `sealed` with one byte of its `part`-th dot-separated piece (1 iv, 2 body, 3 tag) changed. */
function flip(sealed: string, part: number, index: number, mask: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part] as string, 'base64url');
  const at = index % bytes.length;
  bytes[at] = (bytes[at] as number) ^ mask;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('createTokenSeal', () => {
  it('opens what it sealed, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (token) => {
        expect(seal.open(seal.seal(token))).toBe(token);
      }),
    );
  });

  it('does not show the token, and seals the same token differently each time', () => {
    const token = 'mfa.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const a = seal.seal(token);
    const b = seal.seal(token);
    expect(a).not.toContain(token);
    expect(a).not.toContain(Buffer.from(token).toString('base64url').slice(0, 12));
    expect(a).not.toBe(b);
    expect(a.split('.')[0]).toBe('v1');
    expect(Buffer.from(a.split('.')[1] as string, 'base64url')).toHaveLength(12);
  });

  it('refuses a sealed token with any byte of its IV, body or tag changed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.constantFrom(1, 2, 3),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (token, part, index, mask) => {
          expect(seal.open(flip(seal.seal(token), part, index, mask))).toBeUndefined();
        },
      ),
    );
  });

  it('refuses what another secret sealed', () => {
    const other = createTokenSeal('client-secret-two');
    expect(other.open(seal.seal('token'))).toBeUndefined();
    expect(createTokenSeal('client-secret-one').open(seal.seal('token'))).toBe('token');
  });

  it('refuses malformed texts', () => {
    const good = seal.seal('token');
    const [, iv, body, tag] = good.split('.');
    for (const bad of [
      undefined,
      42,
      '',
      'token',
      `v2.${iv}.${body}.${tag}`,
      `v1.${iv}.${body}`,
      `v1.${iv}.${body}.${tag}.x`,
      `v1.${iv}.${body}.${tag}!`,
      `v1..${body}.${tag}`,
      `v1.${iv}.${body}.${tag?.slice(4)}`,
    ])
      expect(seal.open(bad)).toBeUndefined();
  });

  it('needs a secret', () => {
    expect(() => createTokenSeal('')).toThrow();
  });
});
