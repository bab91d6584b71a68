/**
 * Whose addresses the bot fetches members' files from (pure): Discord's CDN over https
 * (`cdn.discordapp.com`, `media.discordapp.net`), where every attachment an interaction or a
 * message names lives, and the hosts the operator allowlists (IMAGE_HOST_ALLOWLIST: the local
 * Discord's CDN on loopback in the playground and the tests). Any other address is refused before
 * the downloader is asked, whatever a payload says: the download guard (images/hostGuard.ts) then
 * still refuses internal addresses of the hosts allowed here.
 */
import { normalizeHost } from '../lib/hosts.js';

export const DISCORD_CDN_HOSTS: readonly string[] = ['cdn.discordapp.com', 'media.discordapp.net'];

/** Whether `url` is an attachment address the bot fetches: Discord's CDN (https) or an allowlisted host. */
export function isAttachmentUrl(url: string, allowlist: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = normalizeHost(parsed.hostname);
  if (parsed.protocol === 'https:' && DISCORD_CDN_HOSTS.includes(host)) return true;
  return (
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    allowlist.map(normalizeHost).includes(host)
  );
}
