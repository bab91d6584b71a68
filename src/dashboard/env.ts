/**
 * The dashboard's settings (src/config.ts spreads them into the bot's schema): DASHBOARD_PORT
 * (off unless set; 0: any free port), DASHBOARD_HOST, PUBLIC_URL and DISCORD_CLIENT_SECRET.
 */
import { z } from 'zod';
import { optionalText } from '../lib/envFields.js';

export const dashboardFields = {
  DASHBOARD_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, { error: 'must be a port number from 0 to 65535' })
      .transform(Number)
      .pipe(z.number().max(65_535, { error: 'must be a port number from 0 to 65535' }))
      .optional(),
  ),
  DASHBOARD_HOST: optionalText
    .transform((value) => value ?? '127.0.0.1')
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9.:_-]+$/, { error: 'must be a host name or address, e.g. 127.0.0.1 or 0.0.0.0' }),
    ),
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
};

export interface DashboardConfig {
  /** Undefined: no dashboard; 0: any free port. */
  readonly port: number | undefined;
  readonly host: string;
  /** Where browsers reach it (default: http://host:port); the OAuth2 redirect is under it. */
  readonly publicUrl: string | undefined;
  readonly clientSecret: string | undefined;
}

interface Parsed {
  readonly DASHBOARD_PORT?: number | undefined;
  readonly DASHBOARD_HOST: string;
  readonly PUBLIC_URL?: string | undefined;
  readonly DISCORD_CLIENT_SECRET?: string | undefined;
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
  };
}
