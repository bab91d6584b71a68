/**
 * The playground's web server on loopback: the page (page/), the local Discord as the page sees
 * it (pageView.ts), changes pushed as server-sent events (each changed message, at most every
 * 50 ms), and what a person does on the page done as that person in the local Discord: a slash
 * command, a message, a button click, a form (pageModals.ts), a change of language (pageLocales.ts),
 * the Message Content intent switched (pageIntent.ts), a premium button's test purchase
 * (demoPlans.ts). Each person acts in their own DM only: in
 * another's, 403 (pageView.ts).
 * Attachments come from their messages, with the type they were uploaded with, never sniffed, and
 * a policy that lets them run nothing when opened (`default-src 'none'; sandbox`, not framed).
 *
 * Only the page opened from `url` (which carries this run's key) may use it: see pageAccess.ts.
 * Refused: a foreign Host, Origin or Sec-Fetch-Site (403), no key or a wrong one on anything but
 * the static files (401), a write that is not `Content-Type: application/json` (415).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { LocalDiscord } from '../localDiscord/localDiscord.js';
import { buyPremium, endPurchase, skusView } from './demoPlans.js';
import { type PageAccess, pageAccess } from './pageAccess.js';
import { commandInput, createPlaygroundRoles, rolesView } from './pageCommands.js';
import { pageCommandFiles, pageFiles } from './pageFiles.js';
import { isJson, readJson, send, sendFailure, text } from './pageHttp.js';
import { type IntentSwitch, intentState, switchIntent } from './pageIntent.js';
import { changeLocale, localesView } from './pageLocales.js';
import { pageModals } from './pageModals.js';
import {
  channelsView,
  type InteractionNotes,
  messageSignature,
  messageView,
  openPlaygroundPlaces,
  ownPlace,
  type PlaygroundPerson,
  playgroundPeople,
} from './pageView.js';

export interface WebServer {
  /** The page's address with this run's key: `http://127.0.0.1:<port>/?key=<key>`. */
  readonly url: string;
  close(): Promise<void>;
}

/** The page's files (page/: its ES modules and style sheets), served without the key. */
const PAGE_FILES = [
  ...['app.js', 'attach.js', 'cards.js', 'channels.js', 'commands.js', 'composer.js', 'follow.js'],
  ...['intent.js', 'languages.js', 'markdown.js', 'messageMenu.js', 'messages.js', 'modal.js'],
  ...['premium.js', 'state.js', 'optionChecks.js', 'remember.js', 'narrow.js'],
  // The page's own text in each language (pageText.js).
  ...['pageText.js', 'pageTextDe.js', 'pageTextEs.js', 'pageTextFr.js', 'pageTextJa.js', 'pageTextPt.js'],
  ...['style.css', 'messages.css', 'cards.css', 'overlays.css'],
];
const ASSETS: Record<string, string> = {
  '/': 'index.html',
  ...Object.fromEntries(PAGE_FILES.map((file) => [`/${file}`, file])),
};
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
/** What an attachment may do when opened: nothing (no script, no loads, a sandboxed origin). */
const ATTACHMENT_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
const PUSH_EVERY_MS = 50;
export async function startWebServer(
  discord: LocalDiscord,
  options: {
    port?: number;
    pageDir: string;
    dashboardUrl?: string;
    people?: PlaygroundPerson[];
    /** The Message Content intent switch (playground.ts restarts the bot behind it). */
    intent?: IntentSwitch;
  },
): Promise<WebServer> {
  const people = options.people ?? playgroundPeople(discord);
  openPlaygroundPlaces(discord, people);
  createPlaygroundRoles(discord);
  const names = new Map(
    people.map((person) => [person.user.id, person.user.global_name ?? person.user.username]),
  );
  const notes: InteractionNotes = new Map();
  const forms = pageModals(discord, notes);
  const view = (message: Parameters<typeof messageView>[1]) => messageView(discord, message, notes, names);
  const listeners = new Set<ServerResponse>();
  const pushed = new Map<string, string>();
  let channelsPushed = '';
  let formsPushed = '[]';
  let timer: NodeJS.Timeout | undefined;

  const push = () => {
    timer = undefined;
    const channels = JSON.stringify(channelsView(discord, people));
    const events: string[] = [];
    if (channels !== channelsPushed) {
      channelsPushed = channels;
      events.push(`event: channels\ndata: ${channels}\n\n`);
    }
    const open = JSON.stringify(forms.view());
    if (open !== formsPushed) {
      formsPushed = open;
      events.push(`event: modals\ndata: ${open}\n\n`);
    }
    for (const message of discord.messages.values()) {
      const signature = messageSignature(message);
      if (pushed.get(message.id) === signature) continue;
      pushed.set(message.id, signature);
      events.push(`event: message\ndata: ${JSON.stringify(view(message))}\n\n`);
    }
    if (events.length > 0) for (const listener of listeners) listener.write(events.join(''));
  };
  const onChange = () => {
    timer ??= setTimeout(push, PUSH_EVERY_MS);
  };
  discord.on('change', onChange);

  const personOf = (body: Record<string, unknown>) =>
    people.find((person) => person.key === body.user) ?? (people[0] as (typeof people)[number]);

  async function act(path: string, body: Record<string, unknown>): Promise<unknown> {
    // The Message Content intent switch: the bot restarted behind it (pageIntent.ts).
    if (path === '/api/intent') return switchIntent(discord, options.intent, body);
    const person = personOf(body);
    const channelId = text(body.channelId) ?? (discord.channelIds[0] as string);
    // Each person has their own DM with the bot: another's is refused (403).
    ownPlace(discord, person, channelId);
    const where = { channelId };
    if (path === '/api/command') {
      const { input, label } = commandInput(body);
      const files = pageCommandFiles(body.files); // uploaded before the command, as Discord does
      const interaction = discord.sendCommand({
        ...input,
        ...(files && { files }),
        ...where,
        user: person.user,
        permissions: person.permissions,
      });
      notes.set(interaction.token, { userId: person.user.id, command: label });
      return { interactionId: interaction.id };
    }
    if (path === '/api/message') {
      const content = text(body.content) ?? '';
      const files = pageFiles(body.files);
      if (!content.trim() && files.length === 0) throw new Error('a message needs text or a file');
      const message = discord.sendMessage({ content, ...where, user: person.user, files });
      // Pushed to the page at once, also when the bot leaves it alone (nothing else changes then).
      discord.emit('change');
      return { messageId: message.id };
    }
    if (path === '/api/message-command') {
      // Apps in a message's menu: a message command on that message, as this person.
      const message = discord.messages.get(text(body.messageId) ?? '');
      const name = text(body.name);
      if (!message || message.deleted || !name) throw new Error('no such message or command');
      ownPlace(discord, person, message.channelId);
      const interaction = discord.messageCommand(name, message, {
        user: person.user,
        permissions: person.permissions,
      });
      notes.set(interaction.token, { userId: person.user.id, command: name });
      return { interactionId: interaction.id };
    }
    // The person's language, or the server's (pageLocales.ts).
    if (path === '/api/locale') return changeLocale(discord, person, body);
    // A form (modal) the bot opened for this person: submitted, or cancelled (pageModals.ts).
    if (path === '/api/modal')
      return body.cancel === true ? forms.cancel(person, body) : forms.submit(person, body);
    // A premium button: a test purchase of its SKU, or its end (demoPlans.ts).
    if (path === '/api/buy') return buyPremium(discord, person, body, notes);
    if (path === '/api/end-purchase') return endPurchase(discord, person, body);
    if (path === '/api/click') {
      const message = discord.messages.get(text(body.messageId) ?? '');
      const customId = text(body.customId);
      if (!message || !customId) throw new Error('no such message or button');
      ownPlace(discord, person, message.channelId);
      const interaction = discord.clickButton(message, customId, {
        user: person.user,
        permissions: person.permissions,
      });
      // A click's reply says no "used /command" line, as in Discord; it is still private to them.
      notes.set(interaction.token, { userId: person.user.id, command: '' });
      return { interactionId: interaction.id };
    }
    throw new Error(`no route ${path}`);
  }

  let access: PageAccess | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://playground');
    const asset = ASSETS[url.pathname];
    const isAsset = req.method === 'GET' && asset !== undefined;
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('content-security-policy', "frame-ancestors 'none'");
    res.setHeader('referrer-policy', 'no-referrer');
    if (!access) return send(res, 503, { error: 'starting' });
    const refusal = access.refusal(req, !isAsset);
    if (refusal) return send(res, refusal.status, { error: refusal.reason });
    if (isAsset && url.pathname === '/' && url.searchParams.has('key')) {
      // The printed address: its key becomes the page's cookie, and leaves the address bar.
      if (!access.keyMatches(url.searchParams.get('key'))) {
        return send(res, 401, { error: 'wrong key: open the address `npm run playground` printed' });
      }
      res.writeHead(303, { location: '/', 'set-cookie': access.cookie, 'cache-control': 'no-store' }).end();
      return;
    }
    if (isAsset) {
      void readFile(join(options.pageDir, asset)).then(
        (bytes) => res.writeHead(200, { 'content-type': TYPES[asset.split('.')[1] ?? ''] ?? '' }).end(bytes),
        () => send(res, 404, { error: `missing ${asset}` }),
      );
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/state') {
      send(res, 200, {
        botId: discord.botUser.id,
        guildName: 'Playground',
        channels: channelsView(discord, people),
        people: people.map(({ key, label, user }) => ({ key, label, id: user.id })),
        roles: rolesView(discord),
        commands: [...discord.commands.values()].flat(),
        skus: skusView(discord),
        messages: [...discord.messages.values()].map(view),
        modals: forms.view(),
        dashboardUrl: options.dashboardUrl ?? null,
        ...localesView(discord, people),
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/intent') {
      void intentState(options.intent, url.searchParams.has('wait')).then((state) => send(res, 200, state));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': connected\n\n');
      listeners.add(res);
      req.on('close', () => listeners.delete(res));
      return;
    }
    const attachment = /^\/attachments\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && attachment) {
      const file = discord.messages.get(attachment[1] ?? '')?.attachments[Number(attachment[2])];
      if (!file) return send(res, 404, { error: 'no such attachment' });
      // Typed as uploaded and never sniffed (nosniff, above); opened on its own (an SVG, HTML),
      // it runs nothing and loads nothing, in an origin of its own.
      res.setHeader('content-security-policy', ATTACHMENT_POLICY);
      res.writeHead(200, { 'content-type': file.contentType ?? 'application/octet-stream' }).end(file.data);
      return;
    }
    if (req.method === 'POST') {
      if (!isJson(req)) return send(res, 415, { error: 'a write must be Content-Type: application/json' });
      void readJson(req)
        .then((body) => act(url.pathname, body))
        .then(
          (answer) => send(res, 200, answer),
          (error: unknown) => sendFailure(res, error),
        );
      return;
    }
    send(res, 404, { error: `no route ${req.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  access = pageAccess(port);
  return {
    url: `http://127.0.0.1:${port}/?key=${access.key}`,
    close: () =>
      new Promise<void>((resolve) => {
        discord.off('change', onChange);
        clearTimeout(timer);
        for (const listener of listeners) listener.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
