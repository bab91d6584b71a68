/**
 * Starts the dashboard when DASHBOARD_PORT is set (src/app/bot.ts calls this once the bot is
 * connected: the OAuth2 client id is the application's id), in the process that runs shard 0
 * only. Off otherwise: nothing listens.
 */
import type { AddressInfo } from 'node:net';
import type { Client } from 'discord.js';
import type { FairUse } from '../access/fairUse.js';
import type { Logger } from '../lib/logger.js';
import type { ShardSet } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import type { PaidPlans } from '../plans/paidPlans.js';
import type { ServiceKeys } from '../settings/serviceKeys.js';
import type { Settings } from '../settings/settingsStore.js';
import type { Spend } from '../spend/spend.js';
import { guildChannels } from './channels.js';
import { createDiscordOAuth } from './discordOAuth.js';
import { editInboxRetention } from './editInbox.js';
import { startEditPoller } from './editPoller.js';
import type { DashboardConfig } from './env.js';
import { createNames } from './names.js';
import { createGuildOwners } from './owners.js';
import { createPresence, presenceRetention, startGuildPublisher } from './presence.js';
import { transitSeal } from './serviceKeyEdits.js';
import { createSessions, sessionRetention } from './sessions.js';

/** The dashboard's records with a lifetime (sessions, answers to edits, published servers). */
export const dashboardRetention: readonly RetentionRule[] = [
  ...sessionRetention,
  ...editInboxRetention,
  ...presenceRetention,
];

export interface Dashboard {
  /** Where the web server listens: only in the process with shard 0. */
  readonly web?: { readonly port: number; readonly url: string };
  close(): Promise<void>;
}

/**
 * What the dashboard reads of the bot: its settings (DASHBOARD_*) and Discord's API address, the
 * spend (ledger, budgets, role rules, prices), the servers' settings and own service keys (with
 * DATA_ENCRYPTION_KEY, which also seals a key on its way to the owning process), the paid plans,
 * the fair-use counters (what is in progress), and the logger.
 */
export interface DashboardDeps {
  readonly config: {
    readonly dashboard: DashboardConfig;
    readonly discordApiUrl: string | undefined;
    readonly dataEncryptionKey?: Buffer | undefined;
  };
  readonly spend: Pick<Spend, 'ledger' | 'budgets' | 'roleRules' | 'prices'>;
  readonly settings: Settings;
  /** Undefined without DATA_ENCRYPTION_KEY: the page then says what the operator must set. */
  readonly serviceKeys?: ServiceKeys | undefined;
  /** Without a plan file (`plans` undefined) the page shows no plan. */
  readonly paidPlans?: Pick<PaidPlans, 'plans' | 'status'>;
  readonly fairUse: Pick<FairUse, 'inProgress'>;
  readonly logger: Logger;
}

export async function startDashboard(
  bot: DashboardDeps,
  client: Client,
  store: Store,
): Promise<Dashboard | undefined> {
  const { dashboard } = bot.config;
  const clientId = client.application?.id;
  if (dashboard.port === undefined || dashboard.clientSecret === undefined || clientId === undefined)
    return undefined;
  const { logger } = bot;
  const owns = (guildId: string) => client.guilds.cache.has(guildId);
  const hasRole = (guildId: string, roleId: string) =>
    client.guilds.cache.get(guildId)?.roles.cache.has(roleId) === true;
  // A server's own key is applied by its owner too, sealed on the way (serviceKeyEdits.ts).
  const keys = { serviceKeys: bot.serviceKeys, transit: transitSeal(bot.config.dataEncryptionKey) };
  // Every process applies the dashboard's edits of its own servers (editPoller.ts).
  const poller = startEditPoller({
    store,
    owns,
    targets: { ...bot.spend, settings: bot.settings, hasRole, ...keys },
    inProgress: (guildId) => bot.fairUse.inProgress(guildId),
    now: () => Date.now(),
    logger,
  });
  // Every process also publishes its shards' servers, so the dashboard knows where the bot is
  // without asking Discord (presence.ts).
  const shards: ShardSet = {
    count: client.options.shardCount ?? 1,
    ids: Array.isArray(client.options.shards) ? client.options.shards : [0],
  };
  const publisher = startGuildPublisher({
    store,
    shards,
    guildIds: () => client.guilds.cache.keys(),
    logger,
  });
  const stopBoth = async () => {
    await publisher.stop();
    await poller.stop();
  };
  // One web server per bot: the process with shard 0 (under start:cluster every process has the settings).
  if (client.ws.shards.size > 0 && !client.ws.shards.has(0)) {
    logger.info("dashboard: served by the process that runs shard 0; this one applies its servers' edits");
    return { close: stopBoth };
  }
  // The public URL is known before listening unless it defaults to the port bound.
  let publicUrl = dashboard.publicUrl ?? '';
  const oauthFor = (base: string) =>
    createDiscordOAuth({
      apiUrl: bot.config.discordApiUrl,
      clientId,
      clientSecret: dashboard.clientSecret as string,
      redirectUri: `${base}/auth/callback`,
    });
  let oauth = oauthFor(publicUrl);
  const presence = createPresence({
    store,
    shards,
    cached: (guildId) => client.guilds.cache.has(guildId),
    now: () => Date.now(),
  });
  const owners = createGuildOwners(
    { ...bot.spend, settings: bot.settings, fairUse: bot.fairUse, hasRole, ...keys },
    { store, owns, now: () => Date.now() },
  );
  const deps = {
    get publicUrl() {
      return publicUrl;
    },
    sessions: createSessions(store, dashboard.clientSecret),
    oauth: {
      authorizeUrl: (state: string) => oauth.authorizeUrl(state),
      exchange: (code: string) => oauth.exchange(code),
      user: (token: string) => oauth.user(token),
      guilds: (token: string) => oauth.guilds(token),
      revoke: (token: string) => oauth.revoke(token),
    },
    trustedProxies: dashboard.trustedProxies,
    logger,
    botIn: (guildId: string) => presence.has(guildId),
    refreshPresence: (guildIds: readonly string[]) => presence.refresh(guildIds),
    now: () => Date.now(),
    onError: (error: unknown) => logger.warn({ err: error }, 'dashboard request failed'),
    ledger: bot.spend.ledger,
    /** Reads and writes of a server's settings go to the process that owns it (owners.ts). */
    edit: owners.edit,
    guildState: owners.state,
    inProgress: owners.inProgress,
    roles: (guildId: string) =>
      [...(client.guilds.cache.get(guildId)?.roles.cache.values() ?? [])]
        .filter((role) => role.id !== guildId) // @everyone
        .map((role) => ({ id: role.id, name: role.name })),
    channels: (guildId: string) => guildChannels(client, guildId),
    currency: bot.spend.prices.currency,
    serviceKeys: bot.serviceKeys,
    transit: keys.transit,
    paidPlans: bot.paidPlans,
    userNames: createNames(client),
    channelName: (id: string) => {
      const channel = client.channels.cache.get(id);
      return channel && 'name' in channel && typeof channel.name === 'string' ? channel.name : undefined;
    },
  };
  const host = dashboard.host.includes(':') ? `[${dashboard.host}]` : dashboard.host;
  const bound = dashboard.publicUrl ?? `http://${host}:${dashboard.port}`;
  publicUrl = bound;
  // The web server's modules (Fastify and its plugins: about 25 MiB of RSS) load only in the
  // process that serves the page, never in a bot without DASHBOARD_PORT nor in the other shards'.
  const [{ buildServer }, { registerGuildRoutes }] = await Promise.all([
    import('./server.js'),
    import('./guildRoutes.js'),
  ]);
  const { app, signedIn, writeAllowed } = buildServer(deps);
  registerGuildRoutes(app, deps, { signedIn, writeAllowed });
  try {
    await app.listen({ port: dashboard.port, host: dashboard.host });
  } catch (error) {
    await stopBoth();
    throw error;
  }
  const port = (app.server.address() as AddressInfo).port;
  if (dashboard.publicUrl === undefined) {
    publicUrl = `http://${host}:${port}`;
    oauth = oauthFor(publicUrl);
  }
  logger.info({ host: dashboard.host, port, publicUrl }, 'dashboard listening');
  return {
    web: { port, url: publicUrl },
    async close() {
      await stopBoth();
      await app.close();
    },
  };
}
