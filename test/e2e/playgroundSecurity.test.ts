/**
 * The playground's web server answers only its own page (src/playground/pageAccess.ts): over real
 * HTTP to the real server, in front of a local Discord, every request another web page could make
 * (no key, a wrong key, text/plain, a foreign Origin or Sec-Fetch-Site, a foreign Host as DNS
 * rebinding brings) is refused and dispatches nothing; the page's own requests work.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalDiscord, startLocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { guildLocale } from '../../src/localDiscord/localeState.js';
import { startWebServer, type WebServer } from '../../src/playground/webServer.js';
import { openPage, type PageSession, raw } from '../helpers/playgroundPage.js';

const ASK = { user: 'member', name: 'ask', options: { prompt: 'spend the operator’s money' } };
/** An attachment that would run a script if the playground's origin opened it as a page. */
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="fetch(\'/api/state\')"/>';

describe('the playground web server refuses other pages', () => {
  let discord: LocalDiscord;
  let web: WebServer;
  let page: PageSession;
  let origin: string;
  let port: string;
  let key: string;
  let attachment: string;
  let before: { interactions: number; messages: number };

  /** Nothing reached the local Discord since the test began. */
  const nothingDispatched = () =>
    expect({ interactions: discord.interactions.size, messages: discord.messages.size }).toEqual(before);

  beforeAll(async () => {
    discord = await startLocalDiscord({ channelNames: ['general', 'ask-the-bot', 'images'] });
    web = await startWebServer(discord, { pageDir: 'src/playground/page' });
    const address = new URL(web.url);
    origin = address.origin;
    port = address.port;
    key = address.searchParams.get('key') ?? '';
    page = await openPage(web.url);
    // A message of the bot's with an image, posted through the local Discord's REST API.
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'a picture' }));
    form.append('files[0]', new Blob([Buffer.from('not really a png')], { type: 'image/png' }), 'a.png');
    form.append('files[1]', new Blob([SVG], { type: 'image/svg+xml' }), 'b.svg');
    form.append('files[2]', new Blob(['<svg but text'], { type: 'text/markdown; charset=utf-8' }), 'c.md');
    const posted = await fetch(`${discord.apiUrl}/v10/channels/${discord.channelIds[0]}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${discord.botToken}` },
      body: form,
    });
    expect(posted.status).toBe(200);
    attachment = `/attachments/${((await posted.json()) as { id: string }).id}/0`;
  });

  afterAll(async () => {
    await web?.close();
    await discord?.close();
  });

  beforeEach(() => {
    before = { interactions: discord.interactions.size, messages: discord.messages.size };
  });

  it('prints an address with a fresh 32-byte key, which becomes an HttpOnly SameSite=Strict cookie', async () => {
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[A-Za-z0-9_-]{43}$/);
    expect(page.setCookie).toBe(`playground_key_${port}=${key}; Path=/; HttpOnly; SameSite=Strict`);
    const again = await startWebServer(discord, { pageDir: 'src/playground/page' });
    expect(new URL(again.url).searchParams.get('key')).not.toBe(key);
    await again.close();
    const opened = await raw(origin, `/?key=${key}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/');
  });

  it('refuses a write without the key, with a wrong key, or a key for another port (401)', async () => {
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [
      '',
      `playground_key_${port}=${wrong}`,
      `playground_key_${port}=${key.slice(1)}`,
      `playground_key_${port}=`,
      `playground_key_1=${key}`,
      `key=${key}`,
    ]) {
      const answer = await page.post('/api/command', ASK, { cookie });
      expect(answer.status, cookie).toBe(401);
      expect(answer.text).toMatch(/printed/);
    }
    // The key in the address of an API call is not the cookie.
    expect((await page.post(`/api/command?key=${key}`, ASK, { cookie: '' })).status).toBe(401);
    expect((await page.post('/api/message-command', ASK, { cookie: '' })).status).toBe(401);
    expect((await page.post('/api/locale', { server: true, locale: 'ja' }, { cookie: '' })).status).toBe(401);
    expect(guildLocale(discord, discord.guildId)).toBe('en-US');
    nothingDispatched();
  });

  it('refuses a write that is not application/json (415), even with the key', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '']) {
      const answer = await page.post('/api/command', ASK, { 'content-type': type });
      expect(answer.status, type).toBe(415);
      expect((await page.post('/api/message-command', ASK, { 'content-type': type })).status, type).toBe(415);
      const locale = await page.post(
        '/api/locale',
        { user: 'member', locale: 'ja' },
        { 'content-type': type },
      );
      expect(locale.status, type).toBe(415);
    }
    expect(JSON.parse((await page.get('/api/state')).text).personLocales).toEqual({
      member: 'en-US',
      admin: 'en-US',
    });
    nothingDispatched();
  });

  it('refuses the probed request: text/plain from https://evil.example (403)', async () => {
    const answer = await raw(origin, '/api/command', {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify(ASK),
    });
    expect(answer.status).toBe(403);
    nothingDispatched();
  });

  it('refuses a foreign Origin or Sec-Fetch-Site even with the key and JSON (403)', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://127.0.0.1:${Number(port) + 1}` },
      { origin: `https://127.0.0.1:${port}` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      for (const path of [
        '/api/command',
        '/api/message',
        '/api/click',
        '/api/modal',
        '/api/message-command',
      ]) {
        const answer = await page.post(path, { ...ASK, content: 'hi @bot' }, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
      }
      expect((await page.get('/api/state', headers)).status).toBe(403);
      expect((await page.get('/api/events', headers)).status).toBe(403);
    }
    nothingDispatched();
  });

  it('refuses a foreign Host (DNS rebinding) on the state, the event stream and writes (403)', async () => {
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      `127.0.0.1.attacker.example:${port}`,
      `localhost.attacker.example:${port}`,
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      const state = await page.get('/api/state', { host });
      expect(state.status, host).toBe(403);
      expect(state.text).not.toContain('messages');
      expect((await page.get('/api/events', { host })).status, host).toBe(403);
      expect((await page.get(attachment, { host })).status, host).toBe(403);
      expect((await page.get('/', { host })).status, host).toBe(403);
      const write = await page.post('/api/command', ASK, { host, origin: `http://${host}` });
      expect(write.status, host).toBe(403);
    }
    nothingDispatched();
  });

  it('refuses the state, the event stream and attachments without the key (401)', async () => {
    for (const path of ['/api/state', '/api/events', attachment, '/api/nowhere']) {
      const answer = await raw(origin, path);
      expect(answer.status, path).toBe(401);
      expect(answer.text).not.toContain('a picture');
    }
    expect((await raw(origin, attachment, { headers: { cookie: `playground_key_${port}=x` } })).status).toBe(
      401,
    );
    nothingDispatched();
  });

  it('refuses a wrong key in the printed address, and sets no cookie', async () => {
    const answer = await raw(origin, '/?key=guessed');
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('serves the static page without the key, holding no state: every file of page/, and nothing else', async () => {
    // A `.d.ts` there types a page module for the unit tests; the page never loads it.
    const files = readdirSync('src/playground/page').filter(
      (file) => file !== 'index.html' && !file.endsWith('.d.ts'),
    );
    expect(files).toContain('app.js');
    for (const path of ['/', ...files.map((file) => `/${file}`)]) {
      const answer = await raw(origin, path);
      expect(answer.status, path).toBe(200);
      expect(answer.text).not.toContain('a picture');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    for (const path of [
      '/index.html',
      '/webServer.ts',
      '/../pageAccess.ts',
      '/app.js.map',
      '/markdown.d.ts',
    ]) {
      expect((await raw(origin, path)).status, path).toBe(401);
    }
  });

  it("answers the page's own requests: state, events, attachments and writes", async () => {
    const state = await page.get('/api/state', { 'sec-fetch-site': 'same-origin' });
    expect(state.status).toBe(200);
    expect(state.text).toContain('a picture');
    const events = await page.get('/api/events');
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream');
    const image = await page.get(attachment);
    expect(image.status).toBe(200);
    expect(image.text).toBe('not really a png');

    const command = await page.post('/api/command', ASK, { 'sec-fetch-site': 'same-origin' });
    expect(command.status).toBe(200);
    expect(discord.interactions.size).toBe(before.interactions + 1);
    // At localhost too, with its own origin, and a charset on the JSON.
    const local = await page.post(
      '/api/message',
      { user: 'member', content: 'hello' },
      {
        host: `localhost:${port}`,
        origin: `http://localhost:${port}`,
        'content-type': 'application/json; charset=utf-8',
      },
    );
    expect(local.status).toBe(200);
    expect(discord.messages.size).toBe(before.messages + 1);
    // The languages: a person's, then the server's (dispatched to the bot as GUILD_UPDATE).
    const german = await page.post('/api/locale', { user: 'member', locale: 'de' });
    expect(JSON.parse(german.text)).toEqual({ locale: 'de', server: false });
    expect(await page.post('/api/locale', { server: true, locale: 'fr' })).toMatchObject({ status: 200 });
    expect(JSON.parse((await page.get('/api/state')).text)).toMatchObject({
      personLocales: { member: 'de', admin: 'en-US' },
      serverLocale: 'fr',
    });
    expect(guildLocale(discord, discord.guildId)).toBe('fr');
  });

  it('serves attachments as uploaded, never sniffed, and sandboxed: opened, they run and load nothing', async () => {
    const base = attachment.slice(0, -1);
    for (const [index, type, body] of [
      [1, 'image/svg+xml', SVG],
      [2, 'text/markdown; charset=utf-8', '<svg but text'],
    ] as const) {
      const served = await page.get(`${base}${index}`);
      expect(served.status).toBe(200);
      expect(served.text).toBe(body);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
    }
  });
});
