/**
 * The playground without a browser: with a service given (as an operator's real one would be),
 * the real bot answers through it with that key, and the page's API takes what a page sends and
 * refuses, with a clear 400, what it cannot act on (the bot and the local Discord carry on).
 * Started with an operator's production settings in its environment (a store, a metrics port,
 * shards, a Discord token), it uses none of them: its own temporary store, nothing else bound.
 * `npm run playground` itself prints the address with its key, and leaves DATABASE_URL alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { freePort } from '../../src/localService/harness/servers.js';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { openPage, type PageSession } from '../helpers/playgroundPage.js';

/** Whether something accepts connections on 127.0.0.1:port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() !== undefined));
    socket.once('error', () => resolve(false));
  });

describe('the playground with an operator service', () => {
  let service: FakeService;
  let playground: Playground;
  let page: PageSession;
  let scratch: string;
  let productionFile: string;
  let metricsPort: number;
  const post = (path: string, body: unknown) => page.post(path, body);

  beforeAll(async () => {
    service = await startFakeService();
    scratch = mkdtempSync(join(tmpdir(), 'playground-operator-'));
    productionFile = join(scratch, 'production.sqlite');
    metricsPort = await freePort();
    playground = await startPlayground({
      service: { baseUrl: service.url, apiKey: 'operator-key' },
      // What an operator's .env holds: none of it may reach the playground's bot.
      env: {
        DATABASE_URL: `sqlite://${productionFile}`,
        METRICS_PORT: String(metricsPort),
        SHARD_COUNT: '4',
        SHARD_IDS: '2-3',
        COMMAND_GUILD_ID: '123456789012345678',
        DISCORD_TOKEN: 'the-real-bot-token',
        DISCORD_API_URL: 'http://127.0.0.1:9/api',
        SHARDING_MANAGER: 'true',
        NODE_OPTIONS: '--max-old-space-size=64',
      },
      onBotOutput: () => {},
    });
    page = await openPage(playground.url);
  }, 60_000);

  afterAll(async () => {
    await playground?.close();
    await service?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('answers /ask through the given service, with its key, into the channel', async () => {
    expect(playground.demo).toBe(false);
    service.enqueue({ text: 'Hello from the operator service.', chunks: 3, intervalMs: 20 });
    const channelId = playground.discord.channelIds[1];
    const answer = await post('/api/command', {
      user: 'member',
      channelId,
      name: 'ask',
      options: { prompt: 'hi' },
    });
    expect(answer.status).toBe(200);
    const reply = await playground.discord.waitFor(
      () =>
        [...playground.discord.messages.values()].find(
          (message) =>
            message.channelId === channelId &&
            message.content.startsWith('> hi\nHello from the operator service.'),
        ),
      20_000,
      'the reply',
    );
    expect(reply.content).not.toContain('▌');
    expect(service.chatRequests().at(-1)?.headers.authorization).toBe('Bearer operator-key');
  });

  it('a group DM of Alex, Sam and Kim and a server without the bot: /ask answers there as an app installed to the account', async () => {
    const state = JSON.parse((await page.get('/api/state')).text) as {
      channels: { id: string; name: string; kind: string }[];
    };
    const group = state.channels.find((channel) => channel.kind === 'group');
    const friends = state.channels.find((channel) => channel.kind === 'external');
    expect(group?.name).toBe('Alex, Sam and Kim');
    expect(friends?.name).toBe('general · Friends’ server');
    const from = playground.discord.requestLog.length;
    for (const [where, text] of [
      [group?.id, 'Hi, group.'],
      [friends?.id, 'Hi, friends.'],
    ] as const) {
      service.enqueue({ text, chunks: 2, intervalMs: 20 });
      const answer = await post('/api/command', {
        user: 'member',
        channelId: where,
        name: 'ask',
        options: { prompt: 'hi' },
      });
      expect(answer.status).toBe(200);
      await playground.discord.waitFor(
        () =>
          [...playground.discord.messages.values()].find(
            (message) =>
              message.channelId === where &&
              message.content.startsWith(`> hi\n${text}`) &&
              (message.flags & 64) === 0,
          ),
        20_000,
        `the reply in ${where}`,
      );
    }
    // Through the interactions alone: the bot token never reached those channels.
    const routes = playground.discord.requestLog.slice(from).map((entry) => entry.route);
    expect(routes.filter((route) => route.startsWith('/channels/'))).toEqual([]);
  });

  it('a form the bot opens is its person’s: in the state for them, submitted once, or cancelled without the bot', async () => {
    const channelId = playground.discord.channelIds[1];
    type Form = { interactionId: string; title: string; fields: { customId: string }[] };
    const forms = async () => (JSON.parse((await page.get('/api/state')).text) as { modals: Form[] }).modals;
    const open = async () => {
      const answer = await post('/api/command', { user: 'member', channelId, name: 'ask', options: {} });
      const { interactionId } = JSON.parse(answer.text) as { interactionId: string };
      await expect
        .poll(async () => (await forms()).map((form) => form.interactionId), { timeout: 20_000 })
        .toContain(interactionId);
      return interactionId;
    };
    const error = (answer: { text: string }) => (JSON.parse(answer.text) as { error: string }).error;

    const interactionId = await open();
    expect((await forms()).find((form) => form.interactionId === interactionId)).toMatchObject({
      title: 'Ask the model',
      fields: [{ customId: 'prompt', style: 2, maxLength: 4000 }],
    });
    const stranger = await post('/api/modal', {
      user: 'admin',
      interactionId,
      values: { prompt: 'mine now' },
    });
    expect([stranger.status, error(stranger)]).toEqual([400, 'this form is someone else’s']);
    service.enqueue({ text: 'Form answered.', chunks: 2, intervalMs: 20 });
    const submitted = await post('/api/modal', {
      user: 'member',
      interactionId,
      values: { prompt: 'two\nlines' },
    });
    expect(submitted.status).toBe(200);
    await playground.discord.waitFor(
      () =>
        [...playground.discord.messages.values()].find((message) =>
          message.content.startsWith('> two\n> lines\nForm answered.'),
        ),
      20_000,
      'the form’s reply',
    );
    expect(service.chatRequests().at(-1)?.body.messages).toContainEqual({
      role: 'user',
      content: 'Alex: two\nlines',
    });
    const again = await post('/api/modal', { user: 'member', interactionId, values: { prompt: 'twice' } });
    expect([again.status, error(again)]).toEqual([400, 'this form was already submitted']);
    expect((await forms()).map((form) => form.interactionId)).not.toContain(interactionId);

    const calls = service.chatRequests().length;
    const cancelled = await open();
    expect(
      (await post('/api/modal', { user: 'member', interactionId: cancelled, cancel: true })).status,
    ).toBe(200);
    expect((await forms()).map((form) => form.interactionId)).not.toContain(cancelled);
    const late = await post('/api/modal', {
      user: 'member',
      interactionId: cancelled,
      values: { prompt: 'x' },
    });
    expect([late.status, error(late)]).toEqual([400, 'no such form']);
    expect(service.chatRequests()).toHaveLength(calls);
  });

  it("never writes the operator's DATABASE_URL, binds no metrics port, and logs in as the playground", async () => {
    expect(playground.databaseUrl.startsWith(`sqlite://${tmpdir()}/`)).toBe(true);
    expect(playground.databaseUrl).toMatch(/playground-[^/]+\/playground\.sqlite$/);
    expect(existsSync(playground.databaseUrl.slice('sqlite://'.length))).toBe(true);
    expect(existsSync(productionFile)).toBe(false);
    expect(await listening(metricsPort)).toBe(false);
    expect([...playground.discord.authorizations]).toEqual([`Bot ${playground.discord.botToken}`]);
  });

  it('refuses what it cannot act on with a 400 and a reason, and keeps serving', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/api/command', { user: 'member' }, /needs a name/],
      ['/api/message', { user: 'member', content: '   ' }, /needs text/],
      ['/api/click', { user: 'member', messageId: 'nope', customId: 'x' }, /no such message/],
      ['/api/command', '{not json', /JSON/],
      ['/api/nowhere', {}, /no route/],
      ['/api/locale', { user: 'member', locale: 'xx' }, /no such language/],
      ['/api/locale', { server: true, locale: 'en-GB' }, /no such language/],
    ];
    for (const [path, body, reason] of cases) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(400);
      expect((JSON.parse(answer.text) as { error: string }).error).toMatch(reason);
    }
    expect((await page.get('/attachments/1/0')).status).toBe(404);
    const state = JSON.parse((await page.get('/api/state')).text) as { commands: unknown[] };
    expect(state.commands.length).toBeGreaterThan(5);
  });
});

describe('npm run playground', () => {
  let child: ChildProcess | undefined;
  let scratch: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'playground-cli-'));
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  it('prints the address with its key, and keeps its store apart from DATABASE_URL', async () => {
    const productionFile = join(scratch, 'production.sqlite');
    child = spawn(process.execPath, ['dist/src/cli/playground.js'], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite://${productionFile}`, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    const until = Date.now() + 60_000;
    while (!/Ctrl-C stops/.test(out)) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`no start: ${out}${err}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = /playground: open (\S+)/.exec(out)?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[A-Za-z0-9_-]{43}$/);
    expect(err).toMatch(/DATABASE_URL is the bot's store and is not used here/);
    const store = /playground: store sqlite:\/\/(\S+);/.exec(out)?.[1] ?? '';
    expect(store).not.toBe(productionFile);
    expect(store.startsWith(tmpdir())).toBe(true);
    const page = await openPage(url);
    expect((await page.get('/api/state')).status).toBe(200);
    expect((await fetch(`${new URL(url).origin}/api/state`)).status).toBe(401);
    expect(existsSync(productionFile)).toBe(false);
  }, 70_000);
});
