/**
 * The dashboard's settings (src/config.ts spreads them into the bot's schema): DASHBOARD_PORT
 * (off unless set; 0: any free port), DASHBOARD_HOST, PUBLIC_URL, DISCORD_CLIENT_SECRET, and
 * DASHBOARD_TRUSTED_PROXY (the reverse proxies whose X-Forwarded-For names the client: addresses,
 * CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`, as fastify's trustProxy takes them).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { listenHost, optionalText, port } from '../lib/envFields.js';

export const dashboardFields = {
  DASHBOARD_PORT: port(),
  DASHBOARD_HOST: listenHost(),
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        error: 'must be the http(s) address the dashboard is reached at, e.g. https://bot.example.com',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  DISCORD_CLIENT_SECRET: optionalText,
  DASHBOARD_TRUSTED_PROXY: optionalText.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()))
      .refine((entries) => entries.every(proxyEntry), {
        error:
          "must list the reverse proxy's addresses, comma-separated: IPs, CIDR ranges, or loopback, linklocal, uniquelocal (e.g. 127.0.0.1 or 10.0.0.0/8)",
      })
      .optional(),
  ),
};

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a named range, as proxy-addr compiles them. */
function proxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export interface DashboardConfig {
  /** Undefined: no dashboard; 0: any free port. */
  readonly port: number | undefined;
  readonly host: string;
  /** Where browsers reach it (default: http://host:port); the OAuth2 redirect is under it. */
  readonly publicUrl: string | undefined;
  readonly clientSecret: string | undefined;
  /** Proxies trusted to report the client's address (X-Forwarded-For); empty: the socket's address. */
  readonly trustedProxies: readonly string[];
}

interface Parsed {
  readonly DASHBOARD_PORT?: number | undefined;
  readonly DASHBOARD_HOST: string;
  readonly PUBLIC_URL?: string | undefined;
  readonly DISCORD_CLIENT_SECRET?: string | undefined;
  readonly DASHBOARD_TRUSTED_PROXY?: string[] | undefined;
}

/** The dashboard's part of the config, or the problem that stops the bot. */
export function dashboardConfig(value: Parsed): DashboardConfig | string {
  if (value.DASHBOARD_PORT !== undefined && value.DISCORD_CLIENT_SECRET === undefined)
    return 'DISCORD_CLIENT_SECRET is required with DASHBOARD_PORT (the OAuth2 client secret, for Login with Discord)';
  return {
    port: value.DASHBOARD_PORT,
    host: value.DASHBOARD_HOST,
    publicUrl: value.PUBLIC_URL,
    clientSecret: value.DISCORD_CLIENT_SECRET,
    trustedProxies: value.DASHBOARD_TRUSTED_PROXY ?? [],
  };
}
