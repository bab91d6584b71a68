/**
 * The interactions endpoint's settings (src/config.ts spreads them into the bot's schema):
 * INTERACTIONS_PORT (off unless set; 0: any free port), INTERACTIONS_HOST, DISCORD_PUBLIC_KEY (the
 * application's Ed25519 public key, which every request Discord sends there is signed for), and
 * GATEWAY (`off`: no gateway connection at all, commands only over HTTPS).
 */
import { z } from 'zod';
import { listenHost, optionalText, port } from '../lib/envFields.js';

export const interactionsFields = {
  INTERACTIONS_PORT: port(),
  INTERACTIONS_HOST: listenHost(),
  DISCORD_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, {
        error:
          "must be the application's Public Key: 64 hex characters (developer portal, General Information)",
      })
      .transform((value) => value.toLowerCase())
      .optional(),
  ),
  INTERACTIONS_PEER_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        error:
          "must be the http(s) address other workers reach this one's endpoint at, e.g. http://10.0.0.5:8081",
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  GATEWAY: optionalText
    .transform((value) => value ?? 'on')
    .pipe(z.enum(['on', 'off'], { error: 'must be on or off' }))
    .transform((value) => value === 'on'),
};

export interface InteractionsConfig {
  /** Undefined: interactions arrive over the gateway; 0: any free port. */
  readonly port: number | undefined;
  readonly host: string;
  /** 64 lower-case hex characters; set whenever `port` is. */
  readonly publicKey: string | undefined;
  /** How other workers reach this one (default: http://INTERACTIONS_HOST:port, or the host name when it listens on every address). */
  readonly peerUrl: string | undefined;
  /** Whether this process connects to the gateway (mentions, DMs, events). */
  readonly gateway: boolean;
}

interface Parsed {
  readonly INTERACTIONS_PORT?: number | undefined;
  readonly INTERACTIONS_HOST: string;
  readonly DISCORD_PUBLIC_KEY?: string | undefined;
  readonly INTERACTIONS_PEER_URL?: string | undefined;
  readonly GATEWAY: boolean;
}

/** What else of the config the endpoint's rules read. */
export interface InteractionsContext {
  /** SHARD_IDS names only some of the shards. */
  readonly someShards: boolean;
  /** DATABASE_URL is PostgreSQL or Redis. */
  readonly sharedStore: boolean;
  /** DASHBOARD_PORT is set. */
  readonly dashboard: boolean;
}

/** The endpoint's part of the config, or the problem that stops the bot. */
export function interactionsConfig(value: Parsed, context: InteractionsContext): InteractionsConfig | string {
  const { someShards, sharedStore } = context;
  const endpoint = value.INTERACTIONS_PORT !== undefined;
  if (endpoint && value.DISCORD_PUBLIC_KEY === undefined)
    return "DISCORD_PUBLIC_KEY is required with INTERACTIONS_PORT (the application's Public Key, developer portal: General Information)";
  if (!endpoint && !value.GATEWAY)
    return 'GATEWAY=off needs INTERACTIONS_PORT: without the gateway, interactions can only arrive over HTTPS';
  // Workers owning some shards forward the others' interactions to their owners, found in the store.
  if (endpoint && someShards && !sharedStore)
    return 'INTERACTIONS_PORT with SHARD_IDS needs a shared store (DATABASE_URL postgres:// or redis://): the workers find each other there';
  // The dashboard lists the servers and channels the gateway shows; a worker without it has none.
  if (!value.GATEWAY && context.dashboard)
    return 'DASHBOARD_PORT needs GATEWAY=on: serve the dashboard from a process with the gateway';
  return {
    port: value.INTERACTIONS_PORT,
    host: value.INTERACTIONS_HOST,
    publicKey: value.DISCORD_PUBLIC_KEY,
    peerUrl: value.INTERACTIONS_PEER_URL,
    gateway: value.GATEWAY,
  };
}
