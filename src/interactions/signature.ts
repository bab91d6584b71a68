/**
 * Whether a request really comes from Discord: `X-Signature-Ed25519` is the Ed25519 signature, by
 * the application's key, of `X-Signature-Timestamp` followed by the raw body (Discord's
 * "Security and Authorization"), checked with Node's own crypto. And whether it is fresh: Discord
 * gives an interaction 3 seconds to be answered, so a timestamp more than MAX_AGE_S old (or
 * MAX_AHEAD_S ahead, for clocks that disagree) is a replay, refused although its signature is good.
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** The DER SubjectPublicKeyInfo header of an Ed25519 key; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** How old a signed request may be: Discord's 3 s to answer, plus clock skew between hosts. */
export const MAX_AGE_S = 15;
/** How far ahead of this host's clock a timestamp may be. */
export const MAX_AHEAD_S = 5;

export type SignatureVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** The application's public key (64 hex characters, as the developer portal shows it). */
export function publicKeyFromHex(hex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/**
 * Checks a request's two headers against its raw body (before anything parses it). `nowS`: this
 * host's time in unix seconds.
 */
export function checkSignature(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
  nowS: number,
): SignatureVerdict {
  if (signature === undefined || timestamp === undefined) return { ok: false, reason: 'unsigned' };
  if (!/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: 'malformed signature' };
  const age = nowS - Number(timestamp);
  if (age > MAX_AGE_S || age < -MAX_AHEAD_S) return { ok: false, reason: 'stale timestamp' };
  const signed = Buffer.concat([Buffer.from(timestamp), body]);
  return verify(null, signed, key, Buffer.from(signature, 'hex'))
    ? { ok: true }
    : { ok: false, reason: 'bad signature' };
}
