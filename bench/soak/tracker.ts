/**
 * The requests in flight and what came of them: each pending request's reply is looked at until
 * it has been final for 2 s, then counted (exact, exact with the not-saved note, a clear error,
 * wrong or unanswered). Also keeps the local Discord and the fake service small as the run goes.
 */

import type { LocalDiscord, LocalInteraction, LocalMessage } from '../../src/localDiscord/localDiscord.js';
import type { FakeService } from '../../src/localService/fakeService.js';
import { withoutQuestionHead } from '../../src/reply/quote.js';
import { KEEP_ANSWERED_MS, round } from './conditions.js';
import {
  errorShape,
  hasStopButton,
  type Kind,
  type Outcome,
  replyText,
  requestNumber,
  splitNotes,
  type Tracked,
} from './requests.js';

export class Tracker {
  readonly pending = new Map<number, Tracked>();
  readonly counts = {
    ask: { sent: 0, exact: 0, exactWithStorageNote: 0, clearErrors: 0, wrong: 0, unanswered: 0 },
    mention: { sent: 0, exact: 0, exactWithStorageNote: 0, clearErrors: 0, wrong: 0, unanswered: 0 },
    image: { sent: 0, delivered: 0, clearErrors: 0, wrong: 0, unanswered: 0 },
  };
  readonly latencies: Record<Kind, number[]> = { ask: [], mention: [], image: [] };
  readonly errorReplies = new Map<string, number>();
  readonly wrongSamples: string[] = [];
  readonly unansweredSamples: string[] = [];
  /** Requests with a final reply: member → what it got (to match the ledger's entries). */
  readonly answered = new Map<string, { kind: Kind; outcome: Outcome }>();
  readonly serviceCounts = { chat: 0, image: 0, untagged: 0 };

  constructor(
    private readonly discord: LocalDiscord,
    private readonly service: FakeService,
  ) {}

  result(tracked: Tracked, outcome: Outcome, content: string): void {
    this.pending.delete(tracked.n);
    this.answered.set(tracked.userId, { kind: tracked.kind, outcome });
    const bucket = this.counts[tracked.kind] as Record<string, number>;
    const key =
      tracked.kind === 'image' && outcome === 'exact'
        ? 'delivered'
        : outcome === 'clearError'
          ? 'clearErrors'
          : outcome;
    bucket[key] = (bucket[key] ?? 0) + 1;
    if (outcome !== 'unanswered')
      this.latencies[tracked.kind].push(((tracked.finalSince ?? performance.now()) - tracked.sentAt) / 1000);
    if (outcome === 'clearError')
      this.errorReplies.set(errorShape(content), (this.errorReplies.get(errorShape(content)) ?? 0) + 1);
    if (outcome === 'wrong' && this.wrongSamples.length < 5)
      this.wrongSamples.push(`${tracked.kind} ${tracked.n}: ${JSON.stringify(content.slice(-300))}`);
  }

  /** The reply messages of each pending mention, by the mention's id (one pass over the messages). */
  mentionReplies(): Map<string, LocalMessage[]> {
    const byReference = new Map<string, LocalMessage[]>();
    for (const message of this.discord.messages.values()) {
      if (message.kind !== 'channel' || message.referenceId === undefined || message.deleted) continue;
      const list = byReference.get(message.referenceId) ?? [];
      list.push(message);
      byReference.set(message.referenceId, list);
    }
    return byReference;
  }

  /** A request's reply messages (a mention's from `replies`, see mentionReplies). */
  private messagesOf(tracked: Tracked, replies: Map<string, LocalMessage[]>): LocalMessage[] {
    return tracked.kind === 'mention'
      ? (replies.get(tracked.messageId as string) ?? [])
      : this.discord.replyMessages(tracked.interaction as LocalInteraction);
  }

  /** Every request still pending counts as unanswered; the first five are kept as samples. */
  markUnanswered(trafficStart: number): void {
    for (const tracked of [...this.pending.values()]) {
      const messages = this.messagesOf(tracked, this.mentionReplies());
      if (this.unansweredSamples.length < 5)
        this.unansweredSamples.push(
          `${tracked.kind} ${tracked.n} (sent at ${round((tracked.sentAt - trafficStart) / 1000)} s): ${JSON.stringify(messages.map((message) => message.content.slice(-200)))}`,
        );
      this.result(tracked, 'unanswered', '');
    }
  }

  /** Looks at every pending request's reply; classifies those final for 2 s. */
  check(now: number): void {
    const replies = this.mentionReplies();
    for (const tracked of this.pending.values()) {
      const messages = this.messagesOf(tracked, replies);
      const loading = messages.length === 0 || messages.some((message) => (message.flags & 128) !== 0);
      // An /ask reply starts with the quoted question; the check is of the answer.
      const content = messages
        .map((message, index) =>
          index === 0 && tracked.kind === 'ask' ? withoutQuestionHead(message.content) : message.content,
        )
        .join('\n');
      const attachments = messages.reduce((sum, message) => sum + message.attachments.length, 0);
      const final =
        !loading &&
        (tracked.kind === 'image'
          ? attachments >= (tracked.images ?? 1) || content.includes('⚠️')
          : !hasStopButton(messages) && content !== '');
      if (!final) {
        tracked.finalSince = undefined;
        continue;
      }
      if (tracked.finalSince === undefined || tracked.finalContent !== content) {
        tracked.finalSince = now;
        tracked.finalContent = content;
        continue;
      }
      if (now - tracked.finalSince < 2000) continue;
      if (tracked.kind === 'image') {
        const pngs = messages
          .flatMap((message) => message.attachments)
          .filter((file) => file.data.subarray(1, 4).toString() === 'PNG').length;
        this.result(
          tracked,
          pngs === tracked.images ? 'exact' : content.includes('⚠️') ? 'clearError' : 'wrong',
          content,
        );
        continue;
      }
      const { text, notes } = splitNotes(content);
      const warned = notes.filter((line) => line.includes('⚠️'));
      const exact = text === replyText(tracked.n);
      if (exact && warned.length === 0) this.result(tracked, 'exact', content);
      else if (exact && warned.length === 1 && warned[0]?.includes('could not save this exchange'))
        this.result(tracked, 'exactWithStorageNote', content);
      else if (content.includes('⚠️')) this.result(tracked, 'clearError', content);
      else this.result(tracked, 'wrong', content);
    }
  }

  /** Drops what the local Discord and the fake service keep of answered requests. */
  prune(): void {
    const now = performance.now();
    const keep = new Set<string>();
    const replies = this.mentionReplies();
    for (const tracked of this.pending.values()) {
      const messages = this.messagesOf(tracked, replies);
      for (const message of messages) keep.add(message.id);
    }
    // Replies still showing Regenerate: the bot takes the button off when the conversation's
    // next reply comes (after a store outage, the one before may keep it for good).
    for (const message of this.discord.messages.values())
      if (message.components.length > 0 && JSON.stringify(message.components).includes('"ask:regenerate:'))
        keep.add(message.id);
    for (const [id, message] of this.discord.messages) {
      if (keep.has(id)) {
        // Its edit history is not needed.
        if (message.versions.length > 1) message.versions.splice(0, message.versions.length - 1);
        continue;
      }
      if (now - message.createdAt > KEEP_ANSWERED_MS) this.discord.messages.delete(id);
    }
    const pendingTokens = new Set(
      [...this.pending.values()].flatMap((tracked) =>
        tracked.interaction ? [tracked.interaction.token] : [],
      ),
    );
    for (const [token, interaction] of this.discord.interactions)
      if (!pendingTokens.has(token) && now - interaction.createdAt > KEEP_ANSWERED_MS)
        this.discord.interactions.delete(token);
    const wall = Date.now();
    for (const [key, bucket] of this.discord.buckets)
      if (wall - bucket.start > 10_000) this.discord.buckets.delete(key);
    this.discord.requestLog.splice(0, Math.max(0, this.discord.requestLog.length - 1000));
    this.discord.deliveries.length = 0;
    // The fake service's records: counted, then dropped.
    for (const request of this.service.requests) {
      if (request.path.endsWith('/v1/chat/completions')) {
        this.serviceCounts.chat += 1;
        if (requestNumber(request) === undefined) this.serviceCounts.untagged += 1;
      } else if (request.path.endsWith('/v1/images/generations')) this.serviceCounts.image += 1;
    }
    this.service.requests.length = 0;
    this.service.sendLogs.length = 0;
    this.service.sendLogRequests.length = 0;
    this.service.closedEarly.length = 0;
    this.service.cdnRequests.length = 0;
    this.service.served.clear();
  }
}
