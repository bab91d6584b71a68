/**
 * POST /channels/{id}/messages/{id}/threads: a public thread from a message (the bot's /ask
 * thread:true), with Discord's refusals; the thread takes the starter message's id.
 */
import { route as routeEvent } from './gateway.js';
import type { LocalChannel } from './model.js';
import type { DiscordState } from './state.js';
import { channelJson } from './world.js';

export function routeThreads(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: Record<string, unknown>,
): { status: number; body: unknown } | undefined {
  if (
    method !== 'POST' ||
    segments[0] !== 'channels' ||
    segments[2] !== 'messages' ||
    segments[4] !== 'threads'
  )
    return undefined;
  const parent = discord.channels.get(segments[1] as string);
  const message = discord.messages.get(segments[3] as string);
  if (parent?.type !== 0 || !message || message.channelId !== parent.id)
    return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
  if (typeof json.name !== 'string' || json.name.length < 1 || json.name.length > 100)
    return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
  const thread: LocalChannel = {
    id: message.id,
    type: 11,
    parentId: parent.id,
    ownerId: discord.botUser.id,
    guildId: parent.guildId,
    name: json.name,
  };
  if (discord.channels.has(thread.id))
    return {
      status: 400,
      body: { message: 'A thread has already been created for this message', code: 160004 },
    };
  discord.channels.set(thread.id, thread);
  routeEvent(
    discord,
    'THREAD_CREATE',
    { ...channelJson(discord, thread.id), newly_created: true },
    thread.guildId,
  );
  return { status: 201, body: channelJson(discord, thread.id) };
}
