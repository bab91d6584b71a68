/**
 * Seals the Discord access token a dashboard session keeps (sessions.ts), so a copy of the store
 * does not hand out users' tokens: lib/seal.ts with a key derived from the OAuth2 client secret
 * (DISCORD_CLIENT_SECRET). The info string and the absence of a context are part of the format:
 * changing either would leave every existing session unreadable.
 */
import { createSeal } from '../lib/seal.js';

const INFO = 'discord-service-bot dashboard access-token seal v1';

export interface TokenSeal {
  seal(token: string): string;
  open(sealed: unknown): string | undefined;
}

export function createTokenSeal(secret: string): TokenSeal {
  if (secret === '') throw new Error('the token seal needs a non-empty secret');
  const sealer = createSeal({ secret }, INFO);
  return { seal: (token) => sealer.seal(token), open: (sealed) => sealer.open(sealed) };
}
