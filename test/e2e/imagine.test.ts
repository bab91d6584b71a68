/**
 * /imagine end to end: fake service (generation + content host serving real PNGs), fake
 * Discord (multipart uploads, attachment_size_limit, buttons), real bot.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, messageButtons } from '../../src/localDiscord/componentRules.js';
import {
  type LocalInteraction,
  type LocalMessage,
  type LocalUser,
  MODERATOR_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { makePng } from '../../src/localService/png.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { API_KEY, settled } from '../helpers/harness.js';

const { h } = useHarness({
  env: { IMAGINE_PROGRESS_INTERVAL_MS: '100', IMAGE_DOWNLOAD_TIMEOUT_MS: '700' },
});
let alice: LocalUser;
beforeAll(() => {
  alice = h.discord.user('alice', 'alice');
});

const imagine = (options: Record<string, string | number>, extra: { attachmentSizeLimit?: number } = {}) =>
  h.discord.sendCommand({ name: 'imagine', options, user: alice, ...extra });

/**
 * Waits until the reply carries the final header line (the model name) and the bot is done with
 * the request (its line logged, the member's slot free for their next one); returns its messages.
 */
async function finalMessages(interaction: LocalInteraction, count = 1): Promise<LocalMessage[]> {
  const final = await h.discord.waitFor(
    () => {
      const messages = h.discord.replyMessages(interaction);
      const done = messages[0]?.content.includes('service-image-v1') || messages[0]?.content.includes('⚠️');
      return done && messages.length >= count ? messages : undefined;
    },
    10_000,
    'the /imagine reply',
  );
  await settled(h, interaction.id);
  return final;
}

function rerollId(message: LocalMessage | undefined): string {
  return (messageButtons(message?.components ?? [])[0]?.custom_id as string | undefined) ?? '';
}

/** The bytes the content host served for the last `n` images, in order. */
function lastServed(n: number): Buffer[] {
  return [...h.service.served.values()].slice(-n);
}

describe('/imagine', () => {
  it.each([
    [1, '512x512'],
    [2, '1024x1024'],
    [3, '2048x2048'],
    [4, '1024x1024'],
  ])(
    'n=%i at %s reaches the service as sent and posts the exact PNG bytes as attachments',
    async (n, size) => {
      const interaction = imagine({ prompt: 'a red fox in snow', n, size });
      const [message] = await finalMessages(interaction);
      expect(h.service.imageRequests().at(-1)?.body).toEqual({
        model: 'service-image-v1',
        prompt: 'a red fox in snow',
        size,
        n,
      });
      expect(h.service.imageRequests().at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(message?.attachments.map((file) => file.filename)).toEqual(
        Array.from({ length: n }, (_, i) => `image-${i + 1}.png`),
      );
      const served = lastServed(n);
      expect(message?.attachments.map((file) => file.data)).toEqual(served);
      expect(new Set(message?.attachments.map((file) => file.data.toString('base64'))).size).toBe(n);
      expect(message?.content).toContain('> a red fox in snow');
      expect(messageButtons(message?.components ?? [])).toMatchObject([
        { type: 2, label: english.t('images.reroll') },
      ]);
    },
  );

  it('defaults to one 1024x1024 image', async () => {
    const interaction = imagine({ prompt: 'defaults' });
    await finalMessages(interaction);
    expect(h.service.imageRequests().at(-1)?.body).toEqual({
      model: 'service-image-v1',
      prompt: 'defaults',
      size: '1024x1024',
      n: 1,
    });
  });

  it('downloads from the content host without the API key', async () => {
    await finalMessages(imagine({ prompt: 'no key', n: 2 }));
    const downloads = h.service.cdnRequests.slice(-2);
    expect(downloads).toHaveLength(2);
    for (const request of downloads) expect(request.headers.authorization).toBeUndefined();
  });

  it('shows progress while the service works', async () => {
    h.service.enqueueImages({ headersDelayMs: 450 });
    const interaction = imagine({ prompt: 'slow service', n: 3, size: '2048x2048' });
    const [message] = await finalMessages(interaction);
    const progress =
      message?.versions.map((version) => version.content).filter((text) => text.startsWith('🎨')) ?? [];
    expect(progress[0]).toBe(english.t('images.progress', { count: 3, size: '2048x2048' }));
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });

  it('spreads images over follow-ups when they do not fit one message', async () => {
    const big = [1, 2, 3].map((seed) => makePng(96, 96, 100 + seed, 1));
    h.service.enqueueImages({ images: big.map((bytes) => ({ bytes })) });
    const limit = Math.ceil((big[0]?.length ?? 0) * 1.5);
    const interaction = imagine({ prompt: 'three big', n: 3 }, { attachmentSizeLimit: limit });
    const messages = await finalMessages(interaction, 3);
    expect(messages.map((message) => message.attachments.map((file) => file.filename))).toEqual([
      ['image-1.png'],
      ['image-2.png'],
      ['image-3.png'],
    ]);
    expect(messages.map((message) => message.attachments[0]?.data)).toEqual(big);
    for (const message of messages) {
      expect(message.attachments.reduce((sum, file) => sum + file.size, 0)).toBeLessThanOrEqual(limit);
    }
  });

  it('a follow-up Discord refuses: the first message keeps its images and Reroll; the member learns privately what is missing', async () => {
    const big = [1, 2, 3].map((seed) => makePng(96, 96, 200 + seed, 1));
    h.service.enqueueImages({ images: big.map((bytes) => ({ bytes })) });
    const limit = Math.ceil((big[0]?.length ?? 0) * 1.5);
    h.discord.failNext(
      (method, _path, json) =>
        method === 'POST' &&
        String(bodyText(json)).startsWith(`-# ${english.t('images.imagesOf', { numbers: '2', total: 3 })}`),
      400,
      { message: 'Request entity too large', code: 40005 },
    );
    const interaction = imagine({ prompt: 'three, one refused', n: 3 }, { attachmentSizeLimit: limit });
    const messages = await finalMessages(interaction, 3);
    await settled(h, interaction.id);
    // In order: the result, the private note (at once), then the images after the refused ones.
    const [first, note, third] = h.discord.replyMessages(interaction);
    expect(first?.content).toContain('> three, one refused');
    expect(first?.attachments.map((file) => file.filename)).toEqual(['image-1.png']);
    expect(rerollId(first)).toMatch(/^imagine:reroll:/);
    expect(third?.attachments.map((file) => file.filename)).toEqual(['image-3.png']);
    expect(note?.content).toBe(
      english.t('images.notPosted', {
        numbers: '2',
        reason: english.t('errors.discordSaid', { message: 'Request entity too large' }),
      }),
    );
    expect((note?.flags ?? 0) & 64).toBe(64);
    expect(messages).toHaveLength(3);
  });

  it('posts an image that alone exceeds the limit as a link, with a note', async () => {
    const huge = makePng(128, 128, 7, 1);
    h.service.enqueueImages({ images: [{}, { bytes: huge }] });
    const interaction = imagine({ prompt: 'one huge', n: 2 }, { attachmentSizeLimit: 20_000 });
    const [message] = await finalMessages(interaction);
    expect(message?.attachments.map((file) => file.filename)).toEqual(['image-1.png']);
    const url = `${h.service.cdnUrl}/images/`;
    expect(message?.content).toMatch(
      /Image 2 is too large to upload here \(over 0\.019 MB\): <http:\/\/127\.0\.0\.1:\d+\/images\/\d+\.png> \(the link may expire\)/,
    );
    expect(message?.content).toContain(url);
  });

  it('posts the downloads that succeeded and says which failed and why', async () => {
    h.service.enqueueImages({ images: [{}, { status: 404 }, {}] });
    const interaction = imagine({ prompt: 'one missing', n: 3 });
    const [message] = await finalMessages(interaction);
    expect(message?.attachments.map((file) => file.filename)).toEqual(['image-1.png', 'image-3.png']);
    expect(message?.content).toContain('Image 2 could not be downloaded: the image host answered HTTP 404.');
    const today = new Date().toISOString().slice(0, 10);
    const record = (await h.running.bot.capabilities.spend.ledger.entries(h.discord.guildId, today, today))
      .filter((entry) => entry.kind === 'image')
      .at(-1);
    expect(record).toMatchObject({
      kind: 'image',
      n: 3,
      imagesDelivered: 2,
      size: '1024x1024',
      model: 'service-image-v1',
    });
  });

  it('follows up to 3 redirects, refuses more, and rejects a file that is not a PNG', async () => {
    h.service.enqueueImages({
      images: [{ redirects: 3 }, { redirects: 4 }, { bytes: Buffer.from('<html>not an image</html>') }],
    });
    const interaction = imagine({ prompt: 'redirects', n: 3 });
    const [message] = await finalMessages(interaction);
    expect(message?.attachments.map((file) => file.filename)).toEqual(['image-1.png']);
    expect(message?.content).toContain(
      'Image 2 could not be downloaded: the image host redirected too many times.',
    );
    expect(message?.content).toContain('Image 3 could not be downloaded: the file is not a PNG image.');
  });

  it('waits for a slow content host, and gives up on one that stalls', async () => {
    const slow = makePng(200, 200, 9, 1);
    h.service.enqueueImages({
      images: [
        { bytes: slow, chunkDelayMs: 60 },
        { bytes: makePng(200, 200, 10, 1), stallMs: 3000 },
      ],
    });
    const interaction = imagine({ prompt: 'slow host', n: 2 });
    const [message] = await finalMessages(interaction);
    expect(message?.attachments.map((file) => file.filename)).toEqual(['image-1.png']);
    expect(message?.attachments[0]?.data.equals(slow)).toBe(true);
    expect(message?.content).toContain('Image 2 could not be downloaded: the image host stopped responding.');
  });

  it('retries a 503 and a 429, then delivers', async () => {
    const before = h.service.imageRequests().length;
    h.service.enqueueImages({ status: 503 }, { status: 429, headers: { 'retry-after': '0.1' } });
    const [message] = await finalMessages(imagine({ prompt: 'busy', n: 1 }));
    expect(message?.attachments).toHaveLength(1);
    expect(h.service.imageRequests().length - before).toBe(3);
  });

  it('does not retry a 500 (the service may have generated and billed); says what failed', async () => {
    const before = h.service.imageRequests().length;
    h.service.enqueueImages({ status: 500, errorBody: { error: { message: 'generation failed' } } });
    const [message] = await finalMessages(imagine({ prompt: 'broken' }));
    expect(message?.content).toMatch(/⚠️ The service is unavailable right now \(HTTP 500\)/);
    expect(h.service.imageRequests().length - before).toBe(1);
    expect(message?.attachments).toHaveLength(0);
  });

  it('reports a rate limit with a long wait without retrying', async () => {
    h.service.enqueueImages({ status: 429, headers: { 'retry-after': '90' } });
    const [message] = await finalMessages(imagine({ prompt: 'limited' }));
    expect(message?.content).toMatch(/busy right now \(rate limited\)\. Please try again in 90 sec/);
  });

  it.each([
    [{ prompt: '   ' }, /empty/],
    [{ prompt: 'x', n: 0 }, /n must be/],
    [{ prompt: 'x', n: 5 }, /n must be/],
    [{ prompt: 'x', n: 2.5 }, /n must be/],
    [{ prompt: 'x', size: '4096x4096' }, /size must be/],
    [{ prompt: 'x'.repeat(1001) }, /limit is 1,000/],
  ])('rejects %j ephemerally without calling the service', async (options, message) => {
    const before = h.service.imageRequests().length;
    const interaction = imagine(options);
    await h.discord.waitFor(() => interaction.callbacks.length > 0);
    expect(interaction.callbacks[0]).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(String(interaction.callbacks[0]?.data.content)).toMatch(message);
    expect(h.service.imageRequests().length).toBe(before);
  });

  it('Reroll generates again with the same options; only the requester or a moderator may press it', async () => {
    const first = imagine({ prompt: 'reroll me', n: 2, size: '512x512' });
    const [message] = await finalMessages(first);
    const customId = rerollId(message);
    expect(customId).toMatch(/^imagine:reroll:[0-9a-f]{32}$/);
    const before = h.service.imageRequests().length;

    const stranger = h.discord.clickButton(message as LocalMessage, customId, {
      user: h.discord.user('mallory', 'mallory'),
    });
    await h.discord.waitFor(() => stranger.callbacks.length > 0);
    expect(stranger.callbacks[0]).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(h.service.imageRequests().length).toBe(before);

    const reroll = h.discord.clickButton(message as LocalMessage, customId, { user: alice });
    const [again] = await finalMessages(reroll);
    expect(h.service.imageRequests().at(-1)?.body).toEqual({
      model: 'service-image-v1',
      prompt: 'reroll me',
      size: '512x512',
      n: 2,
    });
    expect(again?.attachments).toHaveLength(2);

    const moderator = h.discord.clickButton(message as LocalMessage, customId, {
      user: h.discord.user('mod', 'mod'),
      permissions: MODERATOR_PERMISSIONS,
    });
    await finalMessages(moderator);
    expect(h.service.imageRequests().length).toBe(before + 2);
  });

  it('Reroll pressed in another channel (a crafted button with the request id) is refused privately', async () => {
    const [message] = await finalMessages(imagine({ prompt: 'only here' }));
    const customId = rerollId(message);
    const otherChannel = h.discord.channelIds[1] as string;
    const [elsewhere] = await finalMessages(
      h.discord.sendCommand({
        name: 'imagine',
        options: { prompt: 'elsewhere' },
        user: alice,
        channelId: otherChannel,
      }),
    );
    expect(elsewhere?.channelId).toBe(otherChannel);
    const before = h.service.imageRequests().length;
    const crafted = h.discord.clickButton(elsewhere as LocalMessage, customId, {
      user: h.discord.user('mod', 'mod'),
      permissions: MODERATOR_PERMISSIONS,
    });
    await h.discord.waitFor(() => crafted.callbacks.length > 0);
    expect(crafted.callbacks[0]).toMatchObject({
      type: 4,
      data: { flags: 64, content: english.t('images.rerollElsewhere') },
    });
    await settled(h, crafted.id);
    expect(h.service.imageRequests()).toHaveLength(before);
  });

  it('Reroll still works after a restart', async () => {
    const [message] = await finalMessages(imagine({ prompt: 'survive restart' }));
    const customId = rerollId(message);
    await h.restart();
    await h.discord.waitFor(() => h.discord.gatewayConnections() === 1);
    const [again] = await finalMessages(
      h.discord.clickButton(message as LocalMessage, customId, { user: alice }),
    );
    expect(again?.attachments).toHaveLength(1);
    expect(h.service.imageRequests().at(-1)?.body.prompt).toBe('survive restart');
  });

  it('mentions in a prompt are shown but never ping', async () => {
    const [message] = await finalMessages(imagine({ prompt: '@everyone look at <@&123456789012345678>' }));
    expect(message?.versions.some((version) => version.pinged)).toBe(false);
  });
});

describe('/imagine: image hosts on internal networks', () => {
  // Nothing allowlisted: the loopback content host counts as internal, as a metadata service would.
  const strict = useHarness({ env: { IMAGE_HOST_ALLOWLIST: '' } });
  const REFUSED = english.t('images.downloadInternal');

  async function strictReply(options: Record<string, string | number>): Promise<LocalMessage | undefined> {
    const interaction = strict.h.discord.sendCommand({ name: 'imagine', options, user: strict.asker });
    const [message] = await strict.h.discord.waitFor(
      () => {
        const messages = strict.h.discord.replyMessages(interaction);
        return messages[0]?.content.includes('service-image-v1') ? messages : undefined;
      },
      10_000,
      'the /imagine reply',
    );
    await settled(strict.h, interaction.id);
    return message;
  }

  it('refuses a content host on loopback unless allowlisted, says why, and still charges', async () => {
    const message = await strictReply({ prompt: 'internal host', n: 2 });
    expect(message?.attachments).toHaveLength(0);
    expect(message?.content).toContain(`Image 1 could not be downloaded: ${REFUSED}.`);
    expect(message?.content).toContain(`Image 2 could not be downloaded: ${REFUSED}.`);
    // Refused before connecting: the content host never saw a request.
    expect(strict.h.service.cdnRequests).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    const record = (
      await strict.h.running.bot.capabilities.spend.ledger.entries(strict.h.discord.guildId, today, today)
    )
      .filter((entry) => entry.kind === 'image')
      .at(-1);
    expect(record).toMatchObject({ n: 2, imagesDelivered: 0, outcome: 'partial' });
    const warning = strict.h.logs.find((line) => line.includes('refused an image host'));
    expect(warning && JSON.parse(warning)).toMatchObject({ host: '127.0.0.1', range: 'loopback' });
  });

  it('refuses image URLs that are not http(s)', async () => {
    const before = strict.h.service.cdnRequests.length;
    strict.h.service.enqueueImages({
      images: [{ url: 'file:///etc/passwd' }, { url: 'ftp://127.0.0.1/image.png' }],
    });
    const message = await strictReply({ prompt: 'not http', n: 2 });
    expect(message?.content).toContain(
      'Image 1 could not be downloaded: the service sent a non-HTTP image URL.',
    );
    expect(message?.content).toContain(
      'Image 2 could not be downloaded: the service sent a non-HTTP image URL.',
    );
    expect(strict.h.service.cdnRequests).toHaveLength(before);
  });

  // The file's harness allowlists 127.0.0.1. Redirect targets are other loopback names and
  // addresses only, so even a broken guard could not reach beyond this machine.
  it('refuses a redirect from an allowlisted host to an internal one; the other images still post', async () => {
    const port = new URL(h.service.cdnUrl).port;
    const before = h.service.cdnRequests.length;
    h.service.enqueueImages({
      images: [
        {},
        { redirectTo: `http://127.0.0.2:${port}/images/1.png` },
        { redirectTo: `http://localhost:${port}/images/1.png` },
        { redirectTo: 'file:///etc/passwd' },
      ],
    });
    const [message] = await finalMessages(imagine({ prompt: 'redirected inside', n: 4 }));
    expect(message?.attachments.map((file) => file.filename)).toEqual(['image-1.png']);
    expect(message?.content).toContain(`Image 2 could not be downloaded: ${REFUSED}.`);
    expect(message?.content).toContain(`Image 3 could not be downloaded: ${REFUSED}.`);
    expect(message?.content).toContain(
      'Image 4 could not be downloaded: the image host redirected to an address that is not http(s).',
    );
    const requests = h.service.cdnRequests.slice(before);
    // One request per image at the allowed host; none reached the redirect targets.
    expect(requests.map((request) => request.headers.host)).toEqual(Array(4).fill(`127.0.0.1:${port}`));
    for (const request of requests) expect(request.headers.authorization).toBeUndefined();
  });
});

describe('/imagine: a content host that trickles', () => {
  // A byte every 100 ms: never silent for IMAGE_DOWNLOAD_TIMEOUT_MS, never done either.
  const DEADLINE_MS = 1500;
  const slow = useHarness({
    env: { IMAGE_DOWNLOAD_TIMEOUT_MS: '700', IMAGE_DOWNLOAD_MAX_DURATION_MS: String(DEADLINE_MS) },
  });
  let trickler: Server;
  /** Resolves with the bytes sent when the bot hangs up on the trickling response. */
  let hungUp: Promise<number>;

  beforeAll(async () => {
    let onHangUp: (sent: number) => void = () => {};
    hungUp = new Promise((resolve) => {
      onHangUp = resolve;
    });
    trickler = createServer((_req, res) => {
      const png = makePng(64, 64, 77);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(1024 * 1024) });
      res.write(png.subarray(0, 8));
      let sent = 8;
      const drip = setInterval(() => {
        res.write(Buffer.from([0]));
        sent += 1;
      }, 100);
      res.on('close', () => {
        clearInterval(drip);
        onHangUp(sent);
      });
    }).listen(0, '127.0.0.1');
    await once(trickler, 'listening');
  });
  afterAll(async () => {
    trickler.closeAllConnections();
    trickler.close();
  });

  it('gives up on an image past IMAGE_DOWNLOAD_MAX_DURATION_MS: the note names it, the charge and the member’s slot are released at once', async () => {
    const { h, asker } = slow;
    const url = `http://127.0.0.1:${(trickler.address() as AddressInfo).port}/trickle.png`;
    h.service.enqueueImages({ images: [{}, { url }] });
    const started = Date.now();
    const interaction = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a trickling host', n: 2 },
      user: asker,
    });
    const [message] = await h.discord.waitFor(
      () => {
        const messages = h.discord.replyMessages(interaction);
        return messages[0]?.content.includes('service-image-v1') ? messages : undefined;
      },
      DEADLINE_MS + 3000,
      'the /imagine reply, at the deadline',
    );
    expect(message?.attachments.map((file) => file.filename)).toEqual(['image-1.png']);
    expect(message?.content).toContain(
      english.t('images.notDownloaded', {
        index: 2,
        reason: english.t('images.downloadTooSlow', { wait: english.wait(DEADLINE_MS) }),
      }),
    );
    // The bot hung up on the host at the deadline; it did not wait for it to finish.
    const sent = await Promise.race([
      hungUp,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the bot never hung up')), 3000)),
    ]);
    expect(sent).toBeLessThan(1024 * 1024);
    // The request is over (reservation and slot released) within the deadline and a margin.
    await settled(h, interaction.id, 3000);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 3000);
    const today = new Date().toISOString().slice(0, 10);
    const record = (await h.running.bot.capabilities.spend.ledger.entries(h.discord.guildId, today, today))
      .filter((entry) => entry.kind === 'image')
      .at(-1);
    expect(record).toMatchObject({ kind: 'image', n: 2, imagesDelivered: 1, outcome: 'partial' });
    expect(record?.costMicros).toBeGreaterThan(0);

    // The member's slot is free: their next /imagine in the channel is served.
    const again = h.discord.sendCommand({ name: 'imagine', options: { prompt: 'again' }, user: asker });
    const [next] = await h.discord.waitFor(
      () => {
        const messages = h.discord.replyMessages(again);
        return messages[0]?.content.includes('service-image-v1') ? messages : undefined;
      },
      10_000,
      'the next /imagine reply',
    );
    expect(next?.attachments).toHaveLength(1);
  });
});
