/**
 * The dashboard's checks, as pure functions: random tokens, constant-time comparison, whether a
 * write comes from the dashboard's own origin, and whether a guild-list entry grants Manage
 * Server (Discord's permission bit 0x20; Administrator 0x8 and ownership imply it).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const MANAGE_GUILD = 1n << 5n;
export const ADMINISTRATOR = 1n << 3n;

/** A URL-safe random token of `bytes` bytes (sessions, CSRF tokens, OAuth2 `state`). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Whether `given` equals `expected`, in time independent of where they differ. */
export function sameToken(given: unknown, expected: string | undefined): boolean {
  if (typeof given !== 'string' || expected === undefined || expected === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a guild-list entry (`permissions` a decimal string, `owner`) may manage the server. */
export function canManageGuild(entry: { readonly permissions?: unknown; readonly owner?: unknown }): boolean {
  if (entry.owner === true) return true;
  if (typeof entry.permissions !== 'string' || !/^\d{1,30}$/.test(entry.permissions)) return false;
  const bits = BigInt(entry.permissions);
  return (bits & MANAGE_GUILD) !== 0n || (bits & ADMINISTRATOR) !== 0n;
}

/**
 * Whether a write's headers show it comes from the dashboard's own pages: an Origin equal to the
 * public origin (browsers send it on every cross-origin and same-origin POST), or, without one,
 * a Referer on that origin. Neither: refused (a forged form from another site carries its own).
 */
export function sameOrigin(publicOrigin: string, origin: unknown, referer: unknown): boolean {
  if (typeof origin === 'string') return origin === publicOrigin;
  if (typeof referer === 'string' && URL.canParse(referer)) return new URL(referer).origin === publicOrigin;
  return false;
}

/** A Discord snowflake as the dashboard accepts one in a URL. */
export const isSnowflake = (id: unknown): id is string => typeof id === 'string' && /^\d{17,20}$/.test(id);

/**
 * A return path after login, if it is safe to redirect to: a path of this site (starting with one
 * `/`, not `//`, no backslash, whitespace or control character, at most 2,000 characters), so no
 * address can send a browser elsewhere after logging in (no open redirect). Else undefined.
 */
export function safeReturnPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || path.length > 2000 || !path.startsWith('/') || path.startsWith('//'))
    return undefined;
  for (const char of path)
    if (char === '\\' || char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f) return undefined;
  const base = 'http://dashboard.invalid';
  return URL.canParse(path, base) && new URL(path, base).origin === base ? path : undefined;
}
