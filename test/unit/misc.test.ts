import { describe, expect, it } from 'vitest';
import { MAX_TOKENS_OPTION_MAX, PROMPT_MAX_LENGTH, parseAskOptions } from '../../commands/ask.js';
import { commands } from '../../commands/index.js';
import { commandsMatch } from '../../src/commandSync.js';
import { loadConfig } from '../../src/config.js';
import { createKeyedQueue } from '../../src/keyedQueue.js';
import { createRedactor } from '../../src/logger.js';

describe('/ask option validation', () => {
  it('accepts good input and leaves unset options unset (settings fill them in)', () => {
    expect(parseAskOptions({ prompt: '  hi  ' })).toEqual({
      ok: true,
      options: { prompt: 'hi', thread: false },
    });
    expect(
      parseAskOptions({ prompt: 'x', model: 'service-v1-pro', temperature: 2, max_tokens: 10, thread: true }),
    ).toEqual({
      ok: true,
      options: { prompt: 'x', model: 'service-v1-pro', temperature: 2, maxTokens: 10, thread: true },
    });
  });

  it.each([
    [{ prompt: '   ' }, /empty/],
    [{}, /empty/],
    [{ prompt: 'x'.repeat(PROMPT_MAX_LENGTH + 1) }, /limit/],
    [{ prompt: 'x', model: 'gpt-4' }, /Unknown model/],
    [{ prompt: 'x', temperature: 2.5 }, /temperature/],
    [{ prompt: 'x', temperature: -0.1 }, /temperature/],
    [{ prompt: 'x', temperature: Number.NaN }, /temperature/],
    [{ prompt: 'x', temperature: '1' }, /temperature/],
    [{ prompt: 'x', max_tokens: 0 }, /max_tokens/],
    [{ prompt: 'x', max_tokens: 1.5 }, /max_tokens/],
    [{ prompt: 'x', max_tokens: MAX_TOKENS_OPTION_MAX + 1 }, /max_tokens/],
    [{ prompt: 'x', thread: 'yes' }, /thread/],
  ])('rejects %j', (raw, message) => {
    const parsed = parseAskOptions(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('declares the same limits to Discord', () => {
    const ask = commands.find((command) => command.data.name === 'ask');
    const options = ask?.data.options as { name: string; max_length?: number; max_value?: number }[];
    expect(options.find((o) => o.name === 'prompt')?.max_length).toBe(PROMPT_MAX_LENGTH);
    expect(options.find((o) => o.name === 'max_tokens')?.max_value).toBe(MAX_TOKENS_OPTION_MAX);
  });
});

describe('command sync', () => {
  const local = commands.map((command) => command.data as unknown as Record<string, unknown>);

  it('matches what Discord returns for the same commands (with its defaults and ids)', () => {
    const registered = local.map((command) => ({
      ...command,
      id: '123',
      application_id: '1',
      version: '9',
      default_member_permissions: command.default_member_permissions ?? null,
      nsfw: false,
      integration_types: [0],
      options: ((command.options ?? []) as Record<string, unknown>[]).map((option) => {
        const { required, ...rest } = option;
        return required ? option : rest;
      }),
    }));
    expect(commandsMatch(local, registered)).toBe(true);
  });

  it('sees a changed description, option or missing command', () => {
    const changed = local.map((command) => ({ ...command, description: 'other' }));
    expect(commandsMatch(local, changed)).toBe(false);
    expect(commandsMatch(local, [])).toBe(false);
    const fewerOptions = local.map((command) => ({ ...command, options: [] }));
    expect(commandsMatch(local, fewerOptions)).toBe(false);
  });
});

describe('config', () => {
  const valid = { DISCORD_TOKEN: 't', SERVICE_BASE_URL: 'https://api.example.com', SERVICE_API_KEY: 'k' };

  it('applies defaults', () => {
    const result = loadConfig(valid);
    expect(result.ok && result.config).toMatchObject({
      databaseUrl: 'sqlite://data/bot.sqlite',
      defaultModel: 'service-v1-flash',
      streamEditIntervalMs: 1000,
      historyMaxTokens: 6000,
      rateLimitPerMinute: 6,
      messageContentIntent: false,
      systemPromptRole: 'system',
    });
    const set = loadConfig({
      ...valid,
      RATE_LIMIT_PER_MINUTE: '20',
      MESSAGE_CONTENT_INTENT: 'true',
      SYSTEM_PROMPT_ROLE: 'user',
    });
    expect(set.ok && set.config).toMatchObject({
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
      COMMAND_GUILD_ID: 'abc',
      DATABASE_URL: 'postgres://x',
      RATE_LIMIT_PER_MINUTE: '0',
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
      'COMMAND_GUILD_ID',
      'DATABASE_URL',
      'RATE_LIMIT_PER_MINUTE',
      'MESSAGE_CONTENT_INTENT',
      'SYSTEM_PROMPT_ROLE',
    ]) {
      expect(result.problems.filter((line) => line.startsWith(`${name} `))).toHaveLength(1);
    }
    expect(text).not.toMatch(/\n\s+at /);
  });
});

describe('keyed queue', () => {
  it('runs one key in order, other keys in parallel, and survives a failing task', async () => {
    const queue = createKeyedQueue();
    const order: string[] = [];
    const waits: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a1 = queue.run('a', async () => {
      await gate;
      order.push('a1');
      throw new Error('boom');
    });
    const a2 = queue.run(
      'a',
      async () => order.push('a2'),
      (ahead) => waits.push(ahead),
    );
    const b1 = queue.run('b', async () => order.push('b1'));
    await b1;
    expect(order).toEqual(['b1']);
    expect(queue.depth('a')).toBe(2);
    release();
    await expect(a1).rejects.toThrow('boom');
    await a2;
    expect(order).toEqual(['b1', 'a1', 'a2']);
    expect(waits).toEqual([1]);
    expect(queue.depth('a')).toBe(0);
  });
});

describe('redactor', () => {
  it('removes secrets and interaction tokens from text', () => {
    const redact = createRedactor(['super-secret-token-123']);
    const out = redact(
      'token super-secret-token-123 at /api/v10/webhooks/123/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTA/messages',
    );
    expect(out).not.toContain('super-secret');
    expect(out).not.toContain('aW50ZXJhY3Rpb24');
  });
});
