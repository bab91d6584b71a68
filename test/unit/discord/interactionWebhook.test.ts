/**
 * The interaction webhook's continuation through the bot token, against recording REST stubs:
 * when it switches (a margin before the token expires, at once on 50027/10015), which route each
 * write takes then, and what never leaves the token (private messages, private replies).
 */

import { DiscordAPIError, type Interaction, type InternalRequest, REST, type RequestData } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interactionResponder } from '../../../src/discord/errorBoundary.js';
import {
  InteractionRest,
  type InteractionToken,
  interactionWebhook,
} from '../../../src/discord/interactionWebhook.js';
import { interactionReplySink } from '../../../src/discord/replySinks.js';
import {
  INTERACTION_TOKEN_TTL_MS,
  isDeadTokenError,
  TOKEN_SWITCH_MARGIN_MS,
  tokenSwitchAt,
} from '../../../src/discord/tokenLifetime.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import { english } from '../../helpers/english.js';

/** The server's language of the refusal the channel reads (the interaction says fr). */
const translatorFor = (locale: string | null | undefined) => createI18n().translator(locale);

interface Call {
  readonly method: string;
  readonly route: string;
  readonly body: Record<string, unknown> | undefined;
  readonly files: number;
  readonly auth: boolean;
}

const CREATED = 1_700_000_000_000;
const SWITCH_AT = CREATED + INTERACTION_TOKEN_TTL_MS - TOKEN_SWITCH_MARGIN_MS;
const TOKEN_ROUTE = '/webhooks/app/tok';
const ORIGINAL = `${TOKEN_ROUTE}/messages/%40original`;

function apiError(code: number, status: number, message: string): DiscordAPIError {
  return new DiscordAPIError({ message, code }, code, status, 'PATCH', 'url', {
    body: undefined,
    files: undefined,
  });
}

/** REST stubs that record every request and answer with `answer`'s value (or throw it). */
function setUp(options: { ephemeral?: boolean; tokenAnswer?: (call: Call) => unknown } = {}) {
  const calls: Call[] = [];
  const logs: string[] = [];
  let now = CREATED;
  let posted = 0;
  const methods = (answer: (call: Call) => unknown) => {
    const handle =
      (method: string) =>
      async (route: string, data: RequestData = {}) => {
        const call: Call = {
          method,
          route,
          body: data.body as Record<string, unknown> | undefined,
          files: data.files?.length ?? 0,
          auth: data.auth !== false,
        };
        calls.push(call);
        const answered = answer(call);
        if (answered instanceof Error) throw answered;
        return answered;
      };
    return {
      get: handle('GET'),
      post: handle('POST'),
      patch: handle('PATCH'),
      delete: handle('DELETE'),
      // Writes that note the rate-limit bucket take the response itself (bucketWatch.ts).
      queueRequest: async (request: InternalRequest) =>
        Response.json(await handle(request.method)(request.fullRoute, request)),
    };
  };
  const sweepers = { hashSweepInterval: 0, handlerSweepInterval: 0 };
  const botRest = Object.assign(
    new REST(sweepers),
    methods((call) => (call.method === 'POST' ? { id: `channel-${++posted}` } : {})),
  );
  const tokenAnswer =
    options.tokenAnswer ??
    ((call: Call) => (call.method === 'POST' ? { id: `followup-${++posted}` } : { id: 'original-id' }));
  const rest = Object.assign(
    new InteractionRest(sweepers, {
      rest: botRest,
      clock: { now: () => now },
      publicRefusal: (locale) => translatorFor(locale).t('errors.refusedPublicly'),
      logger: createLogger({
        level: 'debug',
        secrets: [],
        destination: { write: (line) => logs.push(line) },
      }),
    }),
    methods(tokenAnswer),
  );
  const interaction: InteractionToken = {
    applicationId: 'app',
    token: 'tok',
    createdTimestamp: CREATED,
    channelId: 'chan',
    ephemeral: options.ephemeral ?? false,
    guildLocale: 'fr',
  };
  return {
    rest,
    interaction,
    /** What the handler writes with (made when first read: each read gets the interaction's one). */
    get webhook() {
      return interactionWebhook(rest, interaction);
    },
    calls,
    logs,
    at: (time: number) => {
      now = time;
    },
    routes: () => calls.map((call) => `${call.method} ${call.route}`),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

/** The error boundary's responder for the same interaction, deferred or already replied to. */
function boundary(
  { rest, interaction }: { rest: InteractionRest; interaction: InteractionToken },
  state: 'deferred' | 'replied',
) {
  const repliable = Object.assign(interaction, {
    isRepliable: () => true,
    deferred: state === 'deferred',
    replied: state === 'replied',
  });
  return interactionResponder(repliable as unknown as Interaction, rest, {
    member: english,
    server: english,
  });
}

describe('tokenLifetime', () => {
  it('switches a minute before a 15-minute token expires, a fifth of a short lifetime before', () => {
    expect(tokenSwitchAt(0, INTERACTION_TOKEN_TTL_MS)).toBe(14 * 60_000);
    expect(tokenSwitchAt(1000, 1500)).toBe(2200);
  });

  it('knows a dead token by 50027 and 10015, nothing else', () => {
    expect(isDeadTokenError(apiError(50027, 401, 'Invalid Webhook Token'))).toBe(true);
    expect(isDeadTokenError(apiError(10015, 404, 'Unknown Webhook'))).toBe(true);
    expect(isDeadTokenError(apiError(10008, 404, 'Unknown Message'))).toBe(false);
    expect(isDeadTokenError(new Error('Invalid Webhook Token'))).toBe(false);
  });
});

describe('interactionWebhook with a bot-token continuation', () => {
  it('writes with the token until the margin, then with the bot token in the channel, without pings', async () => {
    const { webhook, calls, routes, at } = setUp();
    expect(await webhook.editOriginal({ content: 'a' })).toBe('original-id');
    const followUp = await webhook.followUp({ content: 'b' });
    at(SWITCH_AT);
    expect(await webhook.editOriginal({ content: 'a2', components: [] })).toBe('original-id');
    await webhook.editFollowUp(followUp, { content: 'b2' });
    const posted = await webhook.followUp({ content: 'c' });
    await webhook.editFollowUp(posted, { content: 'c2' });
    expect(routes()).toEqual([
      `PATCH ${ORIGINAL}`,
      `POST ${TOKEN_ROUTE}`,
      'PATCH /channels/chan/messages/original-id',
      `PATCH /channels/chan/messages/${followUp}`,
      'POST /channels/chan/messages',
      `PATCH /channels/chan/messages/${posted}`,
    ]);
    expect(calls.map((call) => call.auth)).toEqual([false, false, true, true, true, true]);
    for (const call of calls) expect(call.body?.allowed_mentions).toEqual({ parse: [] });
    expect(calls[2]?.body).toEqual({ content: 'a2', components: [], allowed_mentions: { parse: [] } });
  });

  it('uploads files through the bot token as multipart with their attachments', async () => {
    const { webhook, calls, at } = setUp();
    await webhook.editOriginal({ content: 'progress' });
    at(SWITCH_AT + 1);
    const data = Buffer.from('png');
    await webhook.editOriginal({ content: 'done', files: [{ name: 'image-1.png', data }] });
    await webhook.followUp({ content: 'more', files: [{ name: 'image-2.png', data }] });
    expect(calls.slice(1).map((call) => [call.route, call.files, call.body?.attachments])).toEqual([
      ['/channels/chan/messages/original-id', 1, [{ id: '0', filename: 'image-1.png' }]],
      ['/channels/chan/messages', 1, [{ id: '0', filename: 'image-2.png' }]],
    ]);
  });

  it.each([
    [50027, 401, 'Invalid Webhook Token'],
    [10015, 404, 'Unknown Webhook'],
  ])(
    'retries a write Discord refuses with %i through the bot token, and stays there',
    async (code, status, message) => {
      let dead = false;
      const { webhook, routes, logs } = setUp({
        tokenAnswer: (call) =>
          dead
            ? apiError(code, status, message)
            : call.method === 'POST'
              ? { id: 'f' }
              : { id: 'original-id' },
      });
      await webhook.editOriginal({ content: 'a' });
      dead = true;
      expect(await webhook.editOriginal({ content: 'ab' })).toBe('original-id');
      await webhook.editOriginal({ content: 'abc' });
      expect(routes()).toEqual([
        `PATCH ${ORIGINAL}`,
        `PATCH ${ORIGINAL}`,
        'PATCH /channels/chan/messages/original-id',
        'PATCH /channels/chan/messages/original-id',
      ]);
      expect(logs.some((line) => line.includes('Discord refused the interaction token'))).toBe(true);
    },
  );

  it('does not switch on other refusals', async () => {
    const { webhook, routes } = setUp({ tokenAnswer: () => apiError(50035, 400, 'Invalid Form Body') });
    await expect(webhook.editOriginal({ content: 'x' })).rejects.toThrow('Invalid Form Body');
    expect(routes()).toEqual([`PATCH ${ORIGINAL}`]);
  });

  it('keeps private follow-ups on the webhook, even after the switch', async () => {
    const { webhook, calls, routes, at } = setUp();
    await webhook.editOriginal({ content: 'a' });
    at(SWITCH_AT);
    await webhook.followUp({ content: 'only you', private: true });
    expect(routes().at(-1)).toBe(`POST ${TOKEN_ROUTE}`);
    expect(calls.at(-1)?.body?.flags).toBe(64);
  });

  it('a refusal after the switch replaces the reply (publicly, no buttons, disclosing nothing) instead of deleting it', async () => {
    const { webhook, calls, routes, at } = setUp();
    await webhook.editOriginal({ content: '⏳ in line' });
    at(SWITCH_AT);
    await webhook.withdraw('⛔ You have used USD 4.20 of your USD 5.00 this month.');
    expect(routes()).toEqual([`PATCH ${ORIGINAL}`, 'PATCH /channels/chan/messages/original-id']);
    // The member's spend is theirs: the public version says only that the request was refused.
    expect(calls.at(-1)?.body).toMatchObject({
      content: '⛔ Cette demande a été refusée. Redemande pour savoir pourquoi (toi seul le verras).',
      components: [],
    });
    expect(JSON.stringify(calls.at(-1)?.body)).not.toMatch(/USD|4\.20|5\.00/);
  });

  it('a refusal before the switch stays private and whole', async () => {
    const { webhook, calls, routes } = setUp();
    await webhook.withdraw('⛔ You have used USD 4.20 of your USD 5.00 this month.');
    // Said first, then the reply goes: a refusal Discord does not take leaves the reply to report it.
    expect(routes()).toEqual([`POST ${TOKEN_ROUTE}`, `DELETE ${ORIGINAL}`]);
    expect(calls.at(-2)?.body).toMatchObject({
      content: '⛔ You have used USD 4.20 of your USD 5.00 this month.',
      flags: 64,
    });
  });

  it('looks the first message up while the token works when no write showed it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { webhook, routes, at } = setUp();
    at(SWITCH_AT);
    await vi.advanceTimersByTimeAsync(INTERACTION_TOKEN_TTL_MS);
    expect(routes()).toEqual([`GET ${ORIGINAL}`]);
    await webhook.editOriginal({ content: 'late' });
    expect(routes()).toEqual([`GET ${ORIGINAL}`, 'PATCH /channels/chan/messages/original-id']);
  });

  it('with the first message unknown and the token dead, goes on in a new message and edits that', async () => {
    const { webhook, routes } = setUp({ tokenAnswer: () => apiError(50027, 401, 'Invalid Webhook Token') });
    const id = await webhook.editOriginal({ content: 'a' });
    await webhook.editOriginal({ content: 'ab' });
    expect(routes()).toEqual([
      `PATCH ${ORIGINAL}`,
      'POST /channels/chan/messages',
      `PATCH /channels/chan/messages/${id}`,
    ]);
  });

  it('two writes to the unknown first message after the switch post one message: the second edits it', async () => {
    const { webhook, routes } = setUp({ tokenAnswer: () => apiError(50027, 401, 'Invalid Webhook Token') });
    // The retry notice (fire and forget) and the renderer's first edit, at once.
    const ids = await Promise.all([
      webhook.editOriginal({ content: 'retrying…' }),
      webhook.editOriginal({ content: 'first words' }),
    ]);
    expect(ids).toEqual(['channel-1', 'channel-1']);
    expect(routes().filter((route) => !route.includes(TOKEN_ROUTE))).toEqual([
      'POST /channels/chan/messages',
      'PATCH /channels/chan/messages/channel-1',
    ]);
  });

  it('after a failed first post, the next write posts again', async () => {
    let failPost = true;
    const { rest, interaction } = setUp({ tokenAnswer: () => apiError(50027, 401, 'Invalid Webhook Token') });
    const bot = rest.continuation?.rest as REST;
    const queueRequest = bot.queueRequest.bind(bot);
    bot.queueRequest = async (request) => {
      if (failPost && request.method === 'POST') {
        failPost = false;
        throw new Error('socket hang up');
      }
      return queueRequest(request);
    };
    const webhook = interactionWebhook(rest, interaction);
    const [first, second] = await Promise.allSettled([
      webhook.editOriginal({ content: 'a' }),
      webhook.editOriginal({ content: 'ab' }),
    ]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: 'channel-1' });
  });

  it('leaves a private reply on its token: it has no bot-token equivalent', async () => {
    const { webhook, routes, at } = setUp({ ephemeral: true });
    at(SWITCH_AT + 1);
    await webhook.editOriginal({ content: 'your usage' });
    expect(routes()).toEqual([`PATCH ${ORIGINAL}`]);
  });
});

describe('the error boundary, on a reply that went on through the bot token', () => {
  it.each([
    ['Discord refused the token (50027)', 'refused'],
    ['the token expired (15 minutes)', 'expired'],
  ])('%s: the failure replaces the reply’s first message, no new message', async (_, how) => {
    let dead = false;
    const setup = setUp({
      tokenAnswer: (call) =>
        dead
          ? apiError(50027, 401, 'Invalid Webhook Token')
          : call.method === 'POST'
            ? { id: 'f' }
            : { id: 'original-id' },
    });
    const { webhook, routes, at } = setup;
    await webhook.editOriginal({ content: 'half a reply ▌' });
    dead = true;
    if (how === 'expired') at(CREATED + INTERACTION_TOKEN_TTL_MS + 5 * 60_000);
    await webhook.editOriginal({ content: 'half a reply, more ▌' });
    const before = routes().length;
    await boundary(setup, 'deferred')(() => '⚠️ Something went wrong');
    expect(routes().slice(before)).toEqual(['PATCH /channels/chan/messages/original-id']);
  });

  it('a private follow-up leaves no lookup of the first message behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setup = setUp();
    await boundary(setup, 'replied')(() => '⚠️ Something went wrong');
    setup.at(SWITCH_AT);
    await vi.advanceTimersByTimeAsync(INTERACTION_TOKEN_TTL_MS);
    expect(setup.routes()).toEqual([`POST ${TOKEN_ROUTE}`]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('interactionReplySink', () => {
  it('says it writes with the bot token once the webhook does, so a reply starting then is paced', async () => {
    const { webhook, at } = setUp();
    const sink = interactionReplySink(webhook);
    expect(sink.botToken).toBe(false);
    at(SWITCH_AT);
    expect(sink.botToken).toBe(true);
  });
});
