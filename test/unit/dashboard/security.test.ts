/** The dashboard's pure checks: Manage Server from a guild list, tokens, origins, ranges, caps. */
import { describe, expect, it } from 'vitest';
import { formCap, rangeOf } from '../../../src/dashboard/forms.js';
import {
  canManageGuild,
  isSnowflake,
  newToken,
  safeReturnPath,
  sameOrigin,
  sameToken,
} from '../../../src/dashboard/security.js';
import { manageableIn } from '../../../src/dashboard/server.js';
import type { Session } from '../../../src/dashboard/sessions.js';

describe('canManageGuild', () => {
  it('needs Manage Server (0x20), Administrator (0x8) or ownership', () => {
    expect(canManageGuild({ permissions: '32', owner: false })).toBe(true);
    expect(canManageGuild({ permissions: '8', owner: false })).toBe(true);
    expect(canManageGuild({ permissions: '0', owner: true })).toBe(true);
    expect(canManageGuild({ permissions: String((1n << 40n) | 16n), owner: false })).toBe(false);
    expect(canManageGuild({ permissions: String((1n << 45n) | 32n), owner: false })).toBe(true);
  });
  it('refuses what is not a permission string', () => {
    expect(canManageGuild({ permissions: 32, owner: false })).toBe(false);
    expect(canManageGuild({ permissions: '0x20' })).toBe(false);
    expect(canManageGuild({})).toBe(false);
  });
});

describe('manageableIn', () => {
  const session = {
    guilds: [
      { id: '111111111111111111', name: 'a', permissions: '32', owner: false },
      { id: '222222222222222222', name: 'b', permissions: '0', owner: false },
    ],
  } as unknown as Session;
  it('needs the guild in the list, Manage Server there, and the bot in it', () => {
    const everywhere = () => true;
    expect(manageableIn(session, '111111111111111111', everywhere)).toBe(true);
    expect(manageableIn(session, '111111111111111111', () => false)).toBe(false);
    expect(manageableIn(session, '222222222222222222', everywhere)).toBe(false);
    expect(manageableIn(session, '333333333333333333', everywhere)).toBe(false);
  });
});

describe('tokens and origins', () => {
  it('compares CSRF and state tokens exactly', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(sameToken(token, token)).toBe(true);
    expect(sameToken(`${token}x`, token)).toBe(false);
    expect(sameToken(token.slice(1), token)).toBe(false);
    expect(sameToken(undefined, token)).toBe(false);
    expect(sameToken('', '')).toBe(false);
    expect(sameToken(token, undefined)).toBe(false);
    expect(sameToken([token], token)).toBe(false);
  });
  it('accepts a write only from the public origin', () => {
    const origin = 'https://bot.example.com';
    expect(sameOrigin(origin, origin, undefined)).toBe(true);
    expect(sameOrigin(origin, 'https://evil.example', `${origin}/guilds/1`)).toBe(false);
    expect(sameOrigin(origin, 'null', undefined)).toBe(false);
    expect(sameOrigin(origin, undefined, `${origin}/guilds/1`)).toBe(true);
    expect(sameOrigin(origin, undefined, 'https://bot.example.com.evil.example/')).toBe(false);
    expect(sameOrigin(origin, undefined, undefined)).toBe(false);
  });
  it('reads ids only as snowflakes', () => {
    expect(isSnowflake('123456789012345678')).toBe(true);
    expect(isSnowflake('../123456789012345678')).toBe(false);
    expect(isSnowflake('1')).toBe(false);
  });
});

describe('ranges and caps from forms', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('defaults to this month, stops at today, refuses the impossible', () => {
    expect(rangeOf({}, now)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(rangeOf({ from: '2026-10-01', to: '2027-01-01' }, now)).toEqual({
      from: '2026-10-01',
      to: '2026-11-26',
    });
    expect(rangeOf({ from: '2026-02-30' }, now)).toBeTypeOf('string');
    expect(rangeOf({ from: '2026-11-27' }, now)).toBeTypeOf('string');
    expect(rangeOf({ from: '26-11-01' }, now)).toBeTypeOf('string');
    expect(rangeOf({ from: '2000-01-01' }, now)).toBeTypeOf('string');
  });
  it('reads caps as amounts with at most 6 decimals, empty as none', () => {
    expect(formCap('')).toBeNull();
    expect(formCap(undefined)).toBeNull();
    expect(formCap('0')).toBe(0);
    expect(formCap('2.5')).toBe(2_500_000);
    expect(formCap('0.000001')).toBe(1);
    expect(formCap('0.0000001')).toBe('invalid');
    expect(formCap('-1')).toBe('invalid');
    expect(formCap('1e3')).toBe('invalid');
    expect(formCap(['1'])).toBe('invalid');
    // A decimal comma, as most of the dashboard's languages write amounts; never a thousands one.
    expect(formCap('0,25')).toBe(250_000);
    expect(formCap(' 2,5 ')).toBe(2_500_000);
    expect(formCap('1,000.5')).toBe('invalid');
    expect(formCap('1,2,3')).toBe('invalid');
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site, query included', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/guilds/123456789012345678?from=2026-11-01&to=2026-11-05')).toBe(
      '/guilds/123456789012345678?from=2026-11-01&to=2026-11-05',
    );
  });
  it('refuses anything a browser could read as another site (no open redirect)', () => {
    for (const path of [
      '//evil.example',
      '//evil.example/guilds/1',
      'https://evil.example',
      'https://evil.example/',
      '/\\evil',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /guilds',
      'javascript:alert(1)',
      'evil.example',
      '',
      `/${'a'.repeat(2000)}`,
      undefined,
      ['/guilds'],
    ])
      expect(safeReturnPath(path), JSON.stringify(path)).toBeUndefined();
  });
});
