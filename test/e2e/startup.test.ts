/**
 * The real entry point, as `npm start` runs it (through tsx here, to skip the build).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('start with bad configuration', () => {
  it('exits non-zero with one line per problem, naming each variable, no stack trace', () => {
    const result = start({ SERVICE_BASE_URL: 'not a url', DEFAULT_MODEL: 'gpt-5', HISTORY_MAX_TOKENS: '-3' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    for (const name of [
      'DISCORD_TOKEN',
      'SERVICE_BASE_URL',
      'SERVICE_API_KEY',
      'DEFAULT_MODEL',
      'HISTORY_MAX_TOKENS',
    ]) {
      expect(lines.filter((line) => line.startsWith(`config: ${name} `))).toHaveLength(1);
    }
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it('refuses a bad price list, naming each bad entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prices-'));
    const file = join(dir, 'prices.json');
    const prices = JSON.parse(readFileSync('prices.json', 'utf8'));
    prices.chat['service-v1-pro'].output_per_million = 'ten';
    delete prices.chat['service-v1-flash-extended'];
    prices.chat['mystery-model'] = { input_per_million: 1, output_per_million: 1 };
    writeFileSync(file, JSON.stringify(prices));
    try {
      const result = start({
        DISCORD_TOKEN: 'x',
        SERVICE_BASE_URL: 'http://127.0.0.1:9',
        SERVICE_API_KEY: 'y',
        PRICES_FILE: file,
        DATABASE_URL: `sqlite://${join(dir, 'db.sqlite')}`,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('chat.service-v1-pro.output_per_million');
      expect(result.stderr).toContain('chat.service-v1-flash-extended is missing');
      expect(result.stderr).toContain('chat.mystery-model is not a known model');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never echoes a secret it was given', () => {
    const result = start({
      DISCORD_TOKEN: 'secret-bot-token-value',
      SERVICE_API_KEY: 'secret-api-key-value',
      SERVICE_BASE_URL: 'ftp://nope',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('config: SERVICE_BASE_URL ');
    expect(result.stderr + result.stdout).not.toMatch(/secret-bot-token-value|secret-api-key-value/);
  });

  it.each([
    [
      'a file that is not a database',
      (dir: string) => {
        const file = join(dir, 'garbage.sqlite');
        writeFileSync(file, 'x'.repeat(4096));
        return file;
      },
    ],
    [
      'a path under a file',
      (dir: string) => {
        writeFileSync(join(dir, 'plain'), 'not a folder');
        return join(dir, 'plain', 'bot.sqlite');
      },
    ],
    [
      'a folder where the file should be',
      (dir: string) => {
        mkdirSync(join(dir, 'folder.sqlite'));
        return join(dir, 'folder.sqlite');
      },
    ],
  ])('stops with one line naming DATABASE_URL for %s', (_what, make) => {
    const dir = mkdtempSync(join(tmpdir(), 'db-'));
    try {
      const result = start({
        DISCORD_TOKEN: 'x',
        SERVICE_BASE_URL: 'http://127.0.0.1:9',
        SERVICE_API_KEY: 'y',
        DATABASE_URL: `sqlite://${make(dir)}`,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^config: DATABASE_URL cannot be opened \(.+\): /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['PostgreSQL', 'postgres://bot:hunter2-db-secret@127.0.0.1:1/bot'],
    ['Redis', 'redis://:hunter2-db-secret@127.0.0.1:1'],
  ])(
    'stops with one line naming DATABASE_URL when %s does not answer, without its password',
    (_what, url) => {
      const result = start({
        DISCORD_TOKEN: 'x',
        SERVICE_BASE_URL: 'http://127.0.0.1:9',
        SERVICE_API_KEY: 'y',
        DATABASE_URL: url,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^config: DATABASE_URL cannot be opened \((postgres|redis):\/\/127\.0\.0\.1:1\/?(bot)?\): /,
      );
      expect(result.stderr + result.stdout).not.toContain('hunter2-db-secret');
    },
  );
});
