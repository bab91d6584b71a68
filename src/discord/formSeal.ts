/**
 * A seal for what a form's custom id says it was opened for, when that must not be forged: a
 * member can craft a submit with any custom id, but not the seal of another one. It is an HMAC
 * (SHA-256, 96 bits kept) keyed by a key derived from the bot's token, the one secret the bot
 * keeps across restarts, so a form still works after one (and stops working when the token is
 * reset). Nothing of the token can be learnt from seals.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** 16 characters of base64url. */
export function formSeal(secret: string, parts: readonly string[]): string {
  const key = createHmac('sha256', secret).update('discord-bot form seal v1').digest();
  return createHmac('sha256', key).update(parts.join('\n')).digest('base64url').slice(0, 16);
}

export function sealMatches(secret: string, parts: readonly string[], seal: string): boolean {
  const expected = Buffer.from(formSeal(secret, parts));
  const given = Buffer.from(seal);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
