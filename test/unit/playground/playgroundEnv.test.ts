import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../../src/config.js';
import {
  botEnvironment,
  PLAYGROUND_SETTINGS,
  PLAYGROUND_WITHHELD,
  playgroundSetup,
  transportLine,
} from '../../../src/playground/playgroundEnv.js';

/** What an operator's .env for the production bot holds. */
const PRODUCTION: NodeJS.ProcessEnv = {
  DISCORD_TOKEN: 'the-real-bot-token',
  SERVICE_BASE_URL: 'https://api.example.com',
  SERVICE_API_KEY: 'sk-real',
  DATABASE_URL: 'postgres://bot:secret@db.example/bot',
  SHARD_COUNT: '8',
  SHARD_IDS: '0-3',
  SHARDS: '[0,1]',
  SHARDING_MANAGER: 'true',
  DISCORD_API_URL: 'http://rest-proxy.internal:8080/api',
  COMMAND_GUILD_ID: '123456789012345678',
  METRICS_PORT: '9100',
  METRICS_HOST: '0.0.0.0',
  REST_PROXY_UPSTREAM: 'https://discord.com/api',
  REDIS_URL: 'redis://cache.internal:6379',
  NODE_OPTIONS: '--require ./tracing.js',
  PRICES_FILE: 'prices.production.json',
  OPERATOR_MONTHLY_CAP: '500',
  RATE_LIMIT_PER_MINUTE: '3',
  PATH: '/usr/bin',
};

describe('npm run playground: environment to options', () => {
  it("never takes DATABASE_URL as the playground's store: a temporary one unless PLAYGROUND_DATABASE_URL", () => {
    const setup = playgroundSetup(PRODUCTION);
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    expect(setup.options.databaseUrl).toBeUndefined();
    expect(setup.notes.join('\n')).toMatch(/DATABASE_URL is the bot's store and is not used here/);
    const kept = playgroundSetup({ ...PRODUCTION, PLAYGROUND_DATABASE_URL: 'sqlite://play/keep.sqlite' });
    expect(kept.ok && kept.options.databaseUrl).toBe('sqlite://play/keep.sqlite');
    expect(kept.ok && kept.notes.some((note) => note.includes('DATABASE_URL'))).toBe(false);
    expect(playgroundSetup({ PLAYGROUND_DATABASE_URL: '' }).ok).toBe(true);
  });

  it("refuses a PLAYGROUND_DATABASE_URL that is the bot's DATABASE_URL", () => {
    const setup = playgroundSetup({ ...PRODUCTION, PLAYGROUND_DATABASE_URL: PRODUCTION.DATABASE_URL });
    expect(setup.ok).toBe(false);
    expect(!setup.ok && setup.problem).toMatch(/must not write into the bot's store/);
  });

  it("passes on only the bot's behaviour settings, LOG_LEVEL defaulting to warn", () => {
    const setup = playgroundSetup(PRODUCTION);
    expect(setup.ok && setup.options.env).toEqual({
      LOG_LEVEL: 'warn',
      PRICES_FILE: 'prices.production.json',
      OPERATOR_MONTHLY_CAP: '500',
      RATE_LIMIT_PER_MINUTE: '3',
      PATH: '/usr/bin',
    });
    const quiet = playgroundSetup({ LOG_LEVEL: 'error' });
    expect(quiet.ok && quiet.options.env?.LOG_LEVEL).toBe('error');
  });

  it('takes the service when both halves are set, and says so when only one is', () => {
    const both = playgroundSetup(PRODUCTION);
    expect(both.ok && both.options.service).toEqual({
      baseUrl: 'https://api.example.com',
      apiKey: 'sk-real',
    });
    const half = playgroundSetup({ SERVICE_API_KEY: 'sk-real' });
    expect(half.ok && half.options.service).toBeUndefined();
    expect(half.ok && half.notes.join('\n')).toMatch(/set both SERVICE_BASE_URL and SERVICE_API_KEY/);
  });

  it('reads PLAYGROUND_PORT, refusing what is not a port', () => {
    expect(playgroundSetup({ PLAYGROUND_PORT: '8123' })).toMatchObject({ ok: true, options: { port: 8123 } });
    expect(playgroundSetup({})).toMatchObject({ ok: true, options: { port: 0 } });
    for (const port of ['-1', '65536', 'eighty', '80.5']) {
      expect(playgroundSetup({ PLAYGROUND_PORT: port }), port).toMatchObject({ ok: false });
    }
  });

  it('reads PLAYGROUND_TRANSPORT: http, or the gateway when unset or gateway; anything else is a problem', () => {
    const setup = (value?: string) =>
      playgroundSetup(value === undefined ? {} : { PLAYGROUND_TRANSPORT: value });
    for (const http of ['http', ' HTTP ']) {
      const chosen = setup(http);
      expect(chosen.ok && chosen.options.transport, http).toBe('http');
    }
    for (const gateway of [undefined, '', 'gateway', 'Gateway']) {
      const chosen = setup(gateway);
      expect(chosen.ok, gateway).toBe(true);
      expect(chosen.ok && chosen.options.transport, gateway).toBeUndefined();
    }
    for (const bad of ['https', 'webhook', 'on']) {
      expect(setup(bad), bad).toEqual({
        ok: false,
        problem:
          'PLAYGROUND_TRANSPORT must be gateway or http (how interactions reach the bot; default gateway)',
      });
    }
  });

  it('says which way interactions go', () => {
    expect(transportLine(undefined)).toBe(
      'playground: interactions over the gateway (PLAYGROUND_TRANSPORT=http sends them over HTTP, signed)',
    );
    expect(transportLine('http://127.0.0.1:4321/interactions')).toBe(
      'playground: interactions over HTTP to http://127.0.0.1:4321/interactions (signed); mentions and DMs over the gateway',
    );
  });
});

describe("the playground bot's environment", () => {
  const own = {
    discordToken: 'local-discord-token-of-this-run',
    discordApiUrl: 'http://127.0.0.1:4000/api',
    service: { baseUrl: 'http://127.0.0.1:4001', apiKey: 'playground-demo-key' },
    databaseUrl: 'sqlite:///tmp/playground-x/playground.sqlite',
    demo: true,
  };

  it("holds the playground's own store, Discord and shard, whatever it was given", () => {
    const env = botEnvironment(PRODUCTION, own);
    expect(env).toEqual({
      PATH: '/usr/bin',
      PRICES_FILE: 'prices.production.json',
      RATE_LIMIT_PER_MINUTE: '3',
      OPERATOR_MONTHLY_CAP: '500',
      DISCORD_TOKEN: own.discordToken,
      DISCORD_API_URL: own.discordApiUrl,
      SHARD_COUNT: '1',
      SERVICE_BASE_URL: own.service.baseUrl,
      SERVICE_API_KEY: own.service.apiKey,
      DATABASE_URL: own.databaseUrl,
      IMAGE_HOST_ALLOWLIST: '127.0.0.1',
    });
  });

  it("over HTTP: the endpoint on loopback with the local Discord's key, the gateway kept; the operator's never", () => {
    const operator = {
      ...PRODUCTION,
      INTERACTIONS_PORT: '8443',
      INTERACTIONS_HOST: '0.0.0.0',
      INTERACTIONS_PEER_URL: 'http://10.0.0.5:8443',
      DISCORD_PUBLIC_KEY: 'ab'.repeat(32),
      GATEWAY: 'off',
    };
    const gateway = botEnvironment(operator, own);
    for (const name of [
      'INTERACTIONS_PORT',
      'INTERACTIONS_HOST',
      'INTERACTIONS_PEER_URL',
      'DISCORD_PUBLIC_KEY',
      'GATEWAY',
    ]) {
      expect(gateway[name], name).toBeUndefined();
    }
    const publicKey = 'cd'.repeat(32);
    const http = botEnvironment(operator, { ...own, interactions: { port: 4321, publicKey } });
    expect(http).toMatchObject({
      INTERACTIONS_PORT: '4321',
      INTERACTIONS_HOST: '127.0.0.1',
      DISCORD_PUBLIC_KEY: publicKey,
      GATEWAY: 'on',
    });
    expect(http.INTERACTIONS_PEER_URL).toBeUndefined();
  });

  it('caps the demo at 100 unless a cap is given; an operator service keeps its own image hosts', () => {
    expect(botEnvironment({}, own).OPERATOR_MONTHLY_CAP).toBe('100');
    const operator = botEnvironment({ IMAGE_HOST_ALLOWLIST: 'img.internal' }, { ...own, demo: false });
    expect(operator.IMAGE_HOST_ALLOWLIST).toBe('img.internal');
    expect(operator.OPERATOR_MONTHLY_CAP).toBeUndefined();
  });

  it('lists no setting that names a store, a Discord identity, shards, ports or node flags', () => {
    for (const name of PLAYGROUND_SETTINGS) {
      expect(name).not.toMatch(
        /DATABASE|REDIS|POSTGRES|DISCORD|SHARD|METRICS|PORT|HOST$|PROXY|NODE_OPTIONS|COMMAND_GUILD/,
      );
    }
  });
});

describe('the playground decides on every setting of the bot', () => {
  it('passes each setting on or withholds it, never both, never neither', () => {
    const undecided = CONFIG_VARIABLES.filter(
      (name) => PLAYGROUND_SETTINGS.includes(name) === PLAYGROUND_WITHHELD.includes(name),
    );
    expect(undecided).toEqual([]);
  });
});
