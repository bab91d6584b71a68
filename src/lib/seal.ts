/**
 * Sealing small secrets kept in the store (a dashboard session's Discord token, a server's own
 * service key), so a copy of the store does not hand them out: AES-256-GCM with a key derived by
 * HKDF-SHA256 from a secret text or 32 raw bytes under an `info` string (each use its own, so one
 * operator key never serves two purposes), a random 12-byte IV per seal. A sealed text is
 * `v1.<iv>.<ciphertext>.<tag>` (base64url).
 *
 * `context` is authenticated but not stored (GCM's additional data): a record sealed for one
 * server opens only for that server, so a sealed value copied to another record is refused.
 * No context and an empty one are the same. `open` answers undefined for anything it cannot
 * authenticate: another key, another context, a changed byte, a malformed text.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SEAL_KEY_BYTES = 32;

export type SealKeySource = { readonly key: Buffer } | { readonly secret: string };

export interface Seal {
  seal(text: string, context?: string): string;
  open(sealed: unknown, context?: string): string | undefined;
}

/** The bytes of a base64url text written as `seal` writes it (Node's decoder skips stray characters). */
function decode(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

function keyMaterial(source: SealKeySource): Buffer | string {
  if ('key' in source) {
    if (source.key.length !== SEAL_KEY_BYTES) throw new Error(`a seal key must be ${SEAL_KEY_BYTES} bytes`);
    return source.key;
  }
  if (source.secret === '') throw new Error('a seal needs a non-empty secret');
  return source.secret;
}

export function createSeal(source: SealKeySource, info: string): Seal {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial(source), Buffer.alloc(0), info, SEAL_KEY_BYTES));
  return {
    seal(text, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      if (typeof sealed !== 'string') return undefined;
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined)
        return undefined;
      if (rest.length > 0) return undefined;
      const [ivBytes, bodyBytes, tagBytes] = [iv, body, tag].map(decode);
      if (ivBytes?.length !== IV_BYTES || tagBytes?.length !== TAG_BYTES || bodyBytes === undefined)
        return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(bodyBytes), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The 32 bytes of an operator's key written as 64 hex digits or in base64 (standard or URL-safe,
 * padded or not); undefined for anything else. Only the canonical spelling of 32 bytes counts,
 * so a mistyped last character is refused rather than silently giving another key.
 */
export function parseSealKey(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const match = /^([A-Za-z0-9+/]{43}|[A-Za-z0-9_-]{43})=?$/.exec(text);
  if (!match) return undefined;
  const bytes = Buffer.from(match[1] as string, 'base64');
  const canonical = bytes.toString('base64').replace(/=$/, '');
  const written = (match[1] as string).replace(/-/g, '+').replace(/_/g, '/');
  return bytes.length === SEAL_KEY_BYTES && canonical === written ? bytes : undefined;
}

/** The ways an operator may have written `key` (for the redactor, which matches text). */
export function sealKeyTexts(key: Buffer): string[] {
  const hex = key.toString('hex');
  const base64 = key.toString('base64');
  return [hex, hex.toUpperCase(), base64, base64.replace(/=+$/, ''), key.toString('base64url')];
}
