/**
 * The soak's steady traffic: /ask, mentions and /imagine, each from a member never seen before, and
 * the flood of member messages not for the bot, all at fixed rates from the start of the traffic.
 */
import { type LocalDiscord, type LocalUser, snowflake } from '../../src/localDiscord/localDiscord.js';
import {
  ASKS_PER_S,
  FLOOD_MEMBERS,
  FLOOD_PER_S,
  IMAGE_EVERY_S,
  MENTIONS_PER_S,
  MiB,
  seconds,
} from './conditions.js';
import { promptOf } from './requests.js';
import type { Tracker } from './tracker.js';

interface FloodTarget {
  channelId: string;
  members: readonly LocalUser[];
}

export class Traffic {
  requestCounter = 0;
  floodSent = 0;
  /** Ticks at which the flood waited for the gateway's buffers to drain. */
  floodDeferred = 0;
  private readonly askChannels: string[];
  private readonly otherChannels: string[];
  private readonly floodTargets: FloodTarget[];
  private readonly floodMembers: LocalUser[];

  constructor(
    private readonly discord: LocalDiscord,
    private readonly tracker: Tracker,
  ) {
    this.askChannels = discord.guilds.slice(0, 2).flatMap((guild) => guild.channelIds);
    this.otherChannels = discord.guilds.slice(2).flatMap((guild) => guild.channelIds);
    this.floodTargets = discord.guilds.flatMap((guild) =>
      guild.channelIds.map((channelId) => ({ channelId, members: guild.members ?? [] })),
    );
    this.floodMembers = Array.from({ length: FLOOD_MEMBERS }, (_, i) => ({
      id: snowflake(),
      username: `chatter${i}`,
      global_name: `Chatter ${i}`,
    }));
  }

  /** A member of its own for each request, never seen before. */
  private newMember(n: number): LocalUser {
    return { id: snowflake(), username: `asker${n}`, global_name: `Asker ${n}` };
  }

  /** Sends what is due by now at the steady rates, counted from `trafficStart`. */
  sendDue(trafficStart: number): void {
    const elapsed = seconds(trafficStart);
    const due = (rate: number) => Math.floor(elapsed * rate);
    const { counts, pending } = this.tracker;
    while (counts.ask.sent < due(ASKS_PER_S)) {
      const n = ++this.requestCounter;
      const user = this.newMember(n);
      const channelId = this.askChannels[counts.ask.sent % this.askChannels.length] as string;
      const interaction = this.discord.sendCommand({
        name: 'ask',
        options: { prompt: promptOf(n, 'tell me more') },
        channelId,
        user,
      });
      pending.set(n, { n, kind: 'ask', channelId, userId: user.id, sentAt: performance.now(), interaction });
      counts.ask.sent += 1;
    }
    while (counts.mention.sent < due(MENTIONS_PER_S)) {
      const n = ++this.requestCounter;
      const user = this.newMember(n);
      // Every channel in turn (a stride prime to 980): each mention in a channel of its own.
      const channelId = this.otherChannels[(counts.mention.sent * 3) % this.otherChannels.length] as string;
      const message = this.discord.sendMessage({
        channelId,
        user,
        content: `<@${this.discord.botUser.id}> ${promptOf(n, 'what do you think?')}`,
        keep: false,
      });
      pending.set(n, {
        n,
        kind: 'mention',
        channelId,
        userId: user.id,
        sentAt: performance.now(),
        messageId: message.id,
      });
      counts.mention.sent += 1;
    }
    while (counts.image.sent < due(1 / IMAGE_EVERY_S)) {
      const n = ++this.requestCounter;
      const user = this.newMember(n);
      const images = (counts.image.sent % 2) + 1;
      const channelId = this.otherChannels[
        (counts.image.sent * 13 + 5) % this.otherChannels.length
      ] as string;
      const interaction = this.discord.sendCommand({
        name: 'imagine',
        options: { prompt: promptOf(n, 'a lighthouse at dusk'), n: images },
        channelId,
        user,
      });
      pending.set(n, {
        n,
        kind: 'image',
        channelId,
        userId: user.id,
        sentAt: performance.now(),
        interaction,
        images,
      });
      counts.image.sent += 1;
    }
    const floodDue = due(FLOOD_PER_S);
    const full = [...this.discord.sessions.values()].some(
      (session) => (session.ws?.bufferedAmount ?? 0) > MiB,
    );
    if (full) {
      this.floodDeferred += 1;
      return;
    }
    while (this.floodSent < floodDue) {
      const target = this.floodTargets[this.floodSent % this.floodTargets.length] as FloodTarget;
      this.discord.sendMessage({
        channelId: target.channelId,
        user: this.floodMembers[(this.floodSent * 31) % FLOOD_MEMBERS] as LocalUser,
        content: `just chatting among members, message ${this.floodSent}`,
        keep: false,
      });
      this.floodSent += 1;
    }
  }
}
