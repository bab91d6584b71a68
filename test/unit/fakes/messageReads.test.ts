/**
 * The local Discord's channel reads and message commands, over its real HTTP server: GET
 * /channels/{id}/messages as Discord answers it (paging, order, permissions, the Message Content
 * rules), members' attachments on its CDN route, and a message command's payload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberFile } from '../../../src/localDiscord/contextMenus.js';
import {
  INTENTS,
  type LocalDiscord,
  type LocalMessage,
  PERMISSIONS,
  startLocalDiscord,
} from '../../../src/localDiscord/localDiscord.js';

let discord: LocalDiscord;
let messages: LocalMessage[];
let channelId: string;

beforeAll(async () => {
  discord = await startLocalDiscord({ channelCount: 3 });
  channelId = discord.channelIds[0] as string;
  const bob = discord.user('bob', 'Bob');
  messages = Array.from({ length: 10 }, (_, i) =>
    discord.sendMessage({ content: `m${i + 1}`, channelId, user: bob }),
  );
});
afterAll(() => discord.close());

const read = async (path: string) => {
  const response = await fetch(`${discord.apiUrl}/v10${path}`, {
    headers: { authorization: `Bot ${discord.botToken}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>[] };
};
const contents = (page: Record<string, unknown>[]) => page.map((message) => message.content);
const identify = (intents: number) => discord.identifies.push({ intents });

describe('GET /channels/{id}/messages', () => {
  it('pages with before, after, around and limit, newest first', async () => {
    identify(INTENTS.guildMessages | INTENTS.messageContent);
    const id = (n: number) => (messages[n - 1] as LocalMessage).id;
    expect(contents((await read(`/channels/${channelId}/messages?limit=3`)).body)).toEqual([
      'm10',
      'm9',
      'm8',
    ]);
    expect(contents((await read(`/channels/${channelId}/messages?after=${id(2)}&limit=3`)).body)).toEqual([
      'm5',
      'm4',
      'm3',
    ]);
    expect(contents((await read(`/channels/${channelId}/messages?before=${id(3)}`)).body)).toEqual([
      'm2',
      'm1',
    ]);
    expect(contents((await read(`/channels/${channelId}/messages?around=${id(5)}&limit=3`)).body)).toEqual([
      'm6',
      'm5',
      'm4',
    ]);
    expect((await read(`/channels/${channelId}/messages?limit=101`)).status).toBe(400);
  });

  it('withholds other members’ text without the Message Content intent', async () => {
    identify(INTENTS.guildMessages);
    const [newest] = (await read(`/channels/${channelId}/messages?limit=1`)).body;
    expect(newest).toMatchObject({ content: '', attachments: [], author: { username: 'bob' } });
    identify(INTENTS.guildMessages | INTENTS.messageContent);
  });

  it('lists nothing without Read Message History, and refuses without View Channel', async () => {
    const other = discord.channelIds[1] as string;
    discord.sendMessage({ content: 'hidden', channelId: other });
    discord.withholdPermissions(other, PERMISSIONS.readMessageHistory);
    expect(await read(`/channels/${other}/messages`)).toEqual({ status: 200, body: [] });
    discord.withholdPermissions(other, PERMISSIONS.viewChannel);
    expect(await read(`/channels/${other}/messages`)).toMatchObject({ status: 403, body: { code: 50001 } });
  });
});

describe('attachments and message commands', () => {
  it('serves a member’s attachment at the URL its message gives', async () => {
    const message = discord.sendMessage({
      content: 'see file',
      channelId: discord.channelIds[2] as string,
      files: [memberFile('notes.txt', 'hello', 'text/plain')],
    });
    const [page] = (await read(`/channels/${message.channelId}/messages?limit=1`)).body;
    const [file] = (page?.attachments ?? []) as { url: string; filename: string; size: number }[];
    expect(file).toMatchObject({ filename: 'notes.txt', size: 5 });
    const served = await fetch(file?.url ?? '');
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(await served.text()).toBe('hello');
    expect((await fetch(`${file?.url}x`)).status).toBe(404);
  });

  it('refuses a message command the bot did not register', () => {
    expect(() => discord.messageCommand('Nope', messages[0] as LocalMessage)).toThrow(
      /no message command named "Nope"/,
    );
  });
});
