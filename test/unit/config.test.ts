import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Config, configSecrets, loadConfig } from '../../src/config.js';
import { createRedactor } from '../../src/lib/logger.js';

describe('config', () => {
  const valid = { DISCORD_TOKEN: 't', SERVICE_BASE_URL: 'https://api.example.com', SERVICE_API_KEY: 'k' };

  it('applies defaults', () => {
    const result = loadConfig(valid);
    expect(result.ok && result.config).toMatchObject({
      databaseUrl: 'sqlite://data/bot.sqlite',
      defaultModel: 'service-v1-flash',
      streamEditIntervalMs: 1000,
      streamEditsPerSecond: 800,
      historyMaxTokens: 6000,
      rateLimitPerMinute: 6,
      messageContentIntent: false,
      systemPromptRole: 'system',
      conversationRetentionDays: 90,
      ledgerEntryRetentionDays: 400,
    });
    const set = loadConfig({
      ...valid,
      RATE_LIMIT_PER_MINUTE: '20',
      MESSAGE_CONTENT_INTENT: 'true',
      SYSTEM_PROMPT_ROLE: 'user',
      CONVERSATION_RETENTION_DAYS: '30',
      LEDGER_ENTRY_RETENTION_DAYS: '730',
    });
    expect(set.ok && set.config).toMatchObject({
      conversationRetentionDays: 30,
      ledgerEntryRetentionDays: 730,
      rateLimitPerMinute: 20,
      messageContentIntent: true,
      systemPromptRole: 'user',
    });
  });

  it('names every problem, one per line, without echoing secrets', () => {
    const result = loadConfig({
      SERVICE_BASE_URL: 'ftp://x',
      DEFAULT_MODEL: 'gpt',
      STREAM_EDIT_INTERVAL_MS: 'fast',
      STREAM_EDITS_PER_SECOND: '0',
      COMMAND_GUILD_ID: 'abc',
      DATABASE_URL: 'mysql://x',
      RATE_LIMIT_PER_MINUTE: '0',
      LEDGER_ENTRY_RETENTION_DAYS: '30',
      MESSAGE_CONTENT_INTENT: 'yes',
      SYSTEM_PROMPT_ROLE: 'developer',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.problems.join('\n');
    for (const name of [
      'DISCORD_TOKEN',
      'SERVICE_API_KEY',
      'SERVICE_BASE_URL',
      'DEFAULT_MODEL',
      'STREAM_EDIT_INTERVAL_MS',
      'STREAM_EDITS_PER_SECOND',
      'COMMAND_GUILD_ID',
      'DATABASE_URL',
      'RATE_LIMIT_PER_MINUTE',
      'LEDGER_ENTRY_RETENTION_DAYS',
      'MESSAGE_CONTENT_INTENT',
      'SYSTEM_PROMPT_ROLE',
    ]) {
      expect(result.problems.filter((line) => line.startsWith(`${name} `))).toHaveLength(1);
    }
    expect(text).not.toMatch(/\n\s+at /);
  });
  it('image downloads: 30 s of silence and 60 s in all by default; the deadline from 1 s to 10 min', () => {
    const result = loadConfig(valid);
    expect(result.ok && result.config).toMatchObject({
      imageDownloadTimeoutMs: 30_000,
      imageDownloadMaxDurationMs: 60_000,
    });
    const set = loadConfig({ ...valid, IMAGE_DOWNLOAD_MAX_DURATION_MS: '5000' });
    expect(set.ok && set.config.imageDownloadMaxDurationMs).toBe(5000);
    for (const bad of ['999', '600001', 'soon', '1.5']) {
      const refused = loadConfig({ ...valid, IMAGE_DOWNLOAD_MAX_DURATION_MS: bad });
      expect(refused.ok ? [] : refused.problems.map((line) => line.split(' ')[0])).toEqual([
        'IMAGE_DOWNLOAD_MAX_DURATION_MS',
      ]);
    }
  });

  it('DMs and the operator caps: safe defaults, amounts exact to the micro-unit, none for no cap', () => {
    const defaults = loadConfig(valid);
    expect(defaults.ok && defaults.config).toMatchObject({
      dmsEnabled: true,
      dmDailyCapMicros: 250_000,
      operatorMonthlyCapMicros: null,
    });
    // An uncommented empty line keeps the safe default rather than lifting the cap.
    const empty = loadConfig({ ...valid, DM_DAILY_CAP_PER_USER: '', OPERATOR_MONTHLY_CAP: ' ' });
    expect(empty.ok && empty.config).toMatchObject({
      dmDailyCapMicros: 250_000,
      operatorMonthlyCapMicros: null,
    });
    const set = loadConfig({
      ...valid,
      DMS_ENABLED: 'false',
      DM_DAILY_CAP_PER_USER: 'None',
      OPERATOR_MONTHLY_CAP: '0.000802',
    });
    expect(set.ok && set.config).toMatchObject({
      dmsEnabled: false,
      dmDailyCapMicros: null,
      operatorMonthlyCapMicros: 802,
    });
    const large = loadConfig({ ...valid, DM_DAILY_CAP_PER_USER: '0', OPERATOR_MONTHLY_CAP: '1000000' });
    expect(large.ok && large.config).toMatchObject({
      dmDailyCapMicros: 0,
      operatorMonthlyCapMicros: 1_000_000_000_000,
    });
    for (const [name, value] of [
      ['DMS_ENABLED', 'no'],
      ['DM_DAILY_CAP_PER_USER', '-1'],
      ['DM_DAILY_CAP_PER_USER', '0.0000001'],
      ['OPERATOR_MONTHLY_CAP', '1000000.5'],
      ['OPERATOR_MONTHLY_CAP', '5 USD'],
    ] as const) {
      const bad = loadConfig({ ...valid, [name]: value });
      expect(bad.ok ? [] : bad.problems.filter((line) => line.startsWith(`${name} `))).toHaveLength(1);
    }
  });

  it('chooses the store by DATABASE_URL: sqlite, postgres or redis; anything else is one line', () => {
    for (const url of [
      'sqlite://data/bot.sqlite',
      'postgres://bot:secret@db.example:5432/bot',
      'postgresql://db.example/bot',
      'redis://127.0.0.1:6379',
      'rediss://cache.example:6380/2',
    ]) {
      const result = loadConfig({ ...valid, DATABASE_URL: url });
      expect(result.ok && result.config.databaseUrl).toBe(url);
    }
    for (const url of ['mysql://db/bot', 'data/bot.sqlite', 'postgres://', 'redis:6379']) {
      const result = loadConfig({ ...valid, DATABASE_URL: url });
      expect(result.ok ? [] : result.problems).toEqual([
        'DATABASE_URL must be a sqlite://, postgres:// or redis:// URL, e.g. sqlite://data/bot.sqlite or postgres://bot:secret@db.example/bot',
      ]);
    }
  });

  it('shards: auto by default; a count with ids, ranges and lists; ids must fit the count', () => {
    expect(loadConfig(valid).ok && (loadConfig(valid) as { config: Config }).config.shards).toEqual({
      count: 'auto',
      ids: undefined,
    });
    const subset = loadConfig({ ...valid, SHARD_COUNT: '8', SHARD_IDS: '0-2,5,7' });
    expect(subset.ok && subset.config.shards).toEqual({ count: 8, ids: [0, 1, 2, 5, 7] });
    const problems = (env: Record<string, string>) => {
      const result = loadConfig({ ...valid, ...env });
      return result.ok ? [] : result.problems;
    };
    expect(problems({ SHARD_COUNT: '0' })).toEqual([
      'SHARD_COUNT must be auto or a whole number of shards from 1',
    ]);
    expect(problems({ SHARD_COUNT: 'many' })).toEqual([
      'SHARD_COUNT must be auto or a whole number of shards from 1',
    ]);
    expect(problems({ SHARD_COUNT: '4', SHARD_IDS: '0-' })).toEqual([
      'SHARD_IDS must list shard ids and ranges, e.g. 0-3 or 0,2,4-5',
    ]);
    expect(problems({ SHARD_IDS: '0' })).toEqual([
      'SHARD_IDS needs SHARD_COUNT set to a number: the processes split one shard count',
    ]);
    expect(problems({ SHARD_COUNT: '4', SHARD_IDS: '2-4' })).toEqual([
      'SHARD_IDS must be below SHARD_COUNT (4): shard ids run from 0 to 3',
    ]);
    // Under discord.js's ShardingManager, the process runs the shard the manager gives it, and
    // its metrics port moves by the shard id so processes on one machine do not collide.
    const managed = loadConfig({
      ...valid,
      SHARDING_MANAGER: 'true',
      SHARDS: '3',
      SHARD_COUNT: '4',
      METRICS_PORT: '9100',
    });
    expect(managed.ok && managed.config).toMatchObject({ shards: { count: 4, ids: [3] }, metricsPort: 9103 });
    expect(
      problems({ SHARDING_MANAGER: 'true', SHARDS: '3', SHARD_COUNT: '4', METRICS_PORT: '65535' }),
    ).toEqual(['METRICS_PORT plus the shard id (65538) must be at most 65535']);
    // Ids are at most 5 digits: a typo cannot make the range expand for minutes.
    expect(problems({ SHARD_COUNT: '4', SHARD_IDS: '0-9999999999' })).toEqual([
      'SHARD_IDS must list shard ids and ranges, e.g. 0-3 or 0,2,4-5',
    ]);
  });

  it('DATA_ENCRYPTION_KEY: unset by default; 32 bytes in hex or base64; anything else one line, never echoed', () => {
    const defaults = loadConfig(valid);
    expect(defaults.ok && defaults.config.dataEncryptionKey).toBeUndefined();
    const key = randomBytes(32);
    for (const text of [
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
      key.toString('base64'),
      key.toString('base64').replace(/=$/, ''),
      ` ${key.toString('base64')}\n`,
    ]) {
      const result = loadConfig({ ...valid, DATA_ENCRYPTION_KEY: text });
      expect(result.ok && result.config.dataEncryptionKey, text).toEqual(key);
    }
    const problem =
      'DATA_ENCRYPTION_KEY must be 32 random bytes in hex (64 characters) or base64, e.g. the output of: openssl rand -hex 32';
    for (const bad of [
      key.toString('hex').slice(2),
      `${key.toString('hex')}00`,
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      'correct horse battery staple',
      `${key.toString('hex').slice(0, 62)}zz`,
    ]) {
      const result = loadConfig({ ...valid, DATA_ENCRYPTION_KEY: bad });
      expect(result.ok ? [] : result.problems, bad).toEqual([problem]);
    }
  });

  it('the data encryption key is among the secrets, as hex or base64 whichever was written', () => {
    const key = randomBytes(32);
    const loaded = loadConfig({ ...valid, DATA_ENCRYPTION_KEY: key.toString('base64') });
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const redact = createRedactor(configSecrets(loaded.config));
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64').slice(0, 43)])
      expect(redact(`key=${text};`)).toBe('key=[redacted];');
  });
});
