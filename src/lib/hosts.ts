/** Hosts compared as the URL parser writes them (the image guard's allowlist, members' files' hosts). */
import { isIP } from 'node:net';

/**
 * A host as the URL parser writes it (lower case, punycode, canonical IPv6 without brackets, no
 * final dot), so an allowlist entry matches however the operator or the URL spelled it.
 */
export function normalizeHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  if (name.endsWith('.')) name = name.slice(0, -1);
  try {
    const parsed = new URL(`http://${isIP(name) === 6 ? `[${name}]` : name}/`).hostname;
    return parsed.startsWith('[') ? parsed.slice(1, -1) : parsed;
  } catch {
    return name;
  }
}
