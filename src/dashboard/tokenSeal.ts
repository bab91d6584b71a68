/**
 * Seals the Discord access token a dashboard session keeps (sessions.ts), so a copy of the store
 * does not hand out users' tokens: AES-256-GCM with a key derived by HKDF-SHA256 from the OAuth2
 * client secret (DISCORD_CLIENT_SECRET) under a fixed info string, a random 12-byte IV per seal.
 * A sealed token is `v1.<iv>.<ciphertext>.<tag>` (base64url). `open` answers undefined for
 * anything it cannot authenticate: another secret, a changed byte, a malformed text.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'discord-service-bot dashboard access-token seal v1';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The bytes of a base64url text written as `seal` writes it (Node's decoder skips stray characters). */
function decode(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

export interface TokenSeal {
  seal(token: string): string;
  open(sealed: unknown): string | undefined;
}

export function createTokenSeal(secret: string): TokenSeal {
  if (secret === '') throw new Error('the token seal needs a non-empty secret');
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
  return {
    seal(token) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
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
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(bodyBytes), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
