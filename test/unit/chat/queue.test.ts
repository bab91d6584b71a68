import { describe, expect, it } from 'vitest';
import { type ActiveReply, StoppedByMember, stopControls, stopReply } from '../../../src/chat/controls.js';
import { type ChatQueueDeps, queueChatTurn, waitingText } from '../../../src/chat/queue.js';
import type { StopHandle } from '../../../src/chat/turn.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { createKeyedQueue } from '../../../src/lib/keyedQueue.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { MessageComponents } from '../../../src/reply/buttons.js';
import { english } from '../../helpers/english.js';

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setUp() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const deps: ChatQueueDeps = {
    channelQueue: createKeyedQueue(),
    activeReplies: new Map<string, ActiveReply>(),
    logger: createLogger({
      level: 'debug',
      secrets: [],
      destination: { write: (line) => lines.push(JSON.parse(line)) },
    }),
  };
  return { deps, warnings: () => lines.filter((line) => line.level === 40) };
}

/** The reply the member sees while in line: a hand-written fake of Discord's original-message edits. */
function fakeSink(options: { failEdits?: boolean } = {}) {
  const edits: { content: string; components: MessageComponents | undefined }[] = [];
  return {
    edits,
    async editOriginal(content: string, components?: MessageComponents): Promise<string> {
      edits.push({ content, components });
      if (options.failEdits) throw new Error('Unknown Webhook');
      return '@original';
    },
  };
}

function turnIn(channelId: string, userId = 'asker') {
  return { channelId, userId, voices: { member: english, server: english } };
}

/** A turn whose body runs until the test ends it; records the Stop handle it was given. */
function heldTurn() {
  const gate = deferred();
  const state: { started: boolean; stop: StopHandle | undefined } = { started: false, stop: undefined };
  const run = async (stop: StopHandle) => {
    state.started = true;
    state.stop = stop;
    await gate.promise;
  };
  return { run, state, finish: gate.resolve, fail: gate.reject };
}

describe('chat queue', () => {
  it('runs one turn at a time per channel, in arrival order, and other channels alongside', async () => {
    const { deps } = setUp();
    const first = heldTurn();
    const second = heldTurn();
    const elsewhere = heldTurn();
    const order: string[] = [];
    const runFirst = queueChatTurn(deps, turnIn('c1'), fakeSink(), async (stop) => {
      order.push('first');
      await first.run(stop);
    });
    const runSecond = queueChatTurn(deps, turnIn('c1'), fakeSink(), async (stop) => {
      order.push('second');
      await second.run(stop);
    });
    const runElsewhere = queueChatTurn(deps, turnIn('c2'), fakeSink(), elsewhere.run);

    await expect.poll(() => first.state.started && elsewhere.state.started).toBe(true);
    expect(second.state.started).toBe(false);
    first.finish();
    await runFirst;
    await expect.poll(() => second.state.started).toBe(true);
    expect(order).toEqual(['first', 'second']);
    second.finish();
    elsewhere.finish();
    await Promise.all([runSecond, runElsewhere]);
  });

  it('shows a waiting turn its place in line, with its Stop button, and stops showing it once it runs', async () => {
    const { deps } = setUp();
    const turns = [heldTurn(), heldTurn()];
    const running = turns.map((held) => queueChatTurn(deps, turnIn('c1'), fakeSink(), held.run));
    await expect.poll(() => turns[0]?.state.started).toBe(true);

    const sink = fakeSink();
    const third = heldTurn();
    const waiting = queueChatTurn(deps, turnIn('c1'), sink, third.run);
    await expect.poll(() => sink.edits.length).toBe(1);
    const stopId = [...deps.activeReplies.keys()][2];
    expect(sink.edits[0]).toEqual({
      content: english.t('chat.waitingInLine', { ahead: 2 }),
      components: stopControls(english, stopId ?? ''),
    });

    turns[0]?.finish();
    await expect
      .poll(() => sink.edits.map((edit) => edit.content))
      .toEqual([english.t('chat.waitingInLine', { ahead: 2 }), english.t('chat.waitingNext')]);
    turns[1]?.finish();
    await expect.poll(() => third.state.started).toBe(true);
    expect(third.state.stop?.id).toBe(stopId);
    third.finish();
    await Promise.all([...running, waiting]);
    // Once running, the turn writes its own reply: the notice wrote nothing more.
    expect(sink.edits).toHaveLength(2);
  });

  it('words the place in line in the server voice', () => {
    const german = createI18n().translator('de');
    expect(waitingText(german, 1)).toBe(german.t('chat.waitingNext'));
    expect(waitingText(german, 3)).toBe(german.t('chat.waitingInLine', { ahead: 3 }));
    expect(waitingText(german, 3)).not.toBe(waitingText(german, 1));
  });

  it('lets Stop reach a queued turn: it still runs, its signal already aborted by the member', async () => {
    const { deps } = setUp();
    const ahead = heldTurn();
    const runAhead = queueChatTurn(deps, turnIn('c1'), fakeSink(), ahead.run);
    await expect.poll(() => ahead.state.started).toBe(true);

    const queued = heldTurn();
    const runQueued = queueChatTurn(deps, turnIn('c1', 'member'), fakeSink(), queued.run);
    expect(deps.activeReplies.size).toBe(2);
    const stopId = [...deps.activeReplies.keys()][1] ?? '';
    // Only the asker (or a moderator) may stop it.
    const stranger = { userId: 'stranger', name: 'Stranger', canManageMessages: false };
    expect(stopReply(deps.activeReplies, stopId, stranger)).toBe('forbidden');
    const member = { userId: 'member', name: 'Member', canManageMessages: false };
    expect(stopReply(deps.activeReplies, stopId, member)).toBe('stopped');
    expect(queued.state.started).toBe(false);

    ahead.finish();
    await expect.poll(() => queued.state.started).toBe(true);
    expect(queued.state.stop?.signal.aborted).toBe(true);
    expect(queued.state.stop?.signal.reason).toBeInstanceOf(StoppedByMember);
    expect(ahead.state.stop?.signal.aborted).toBe(false);
    queued.finish();
    await Promise.all([runAhead, runQueued]);
  });

  it('registers the Stop button while queued and running, and forgets it when the turn ends', async () => {
    const { deps } = setUp();
    const held = heldTurn();
    const running = queueChatTurn(deps, turnIn('c1', 'asker'), fakeSink(), held.run);
    await expect.poll(() => held.state.started).toBe(true);
    const [id, active] = [...deps.activeReplies.entries()][0] ?? [];
    expect(id).toBe(held.state.stop?.id);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(active?.userId).toBe('asker');
    held.finish();
    await running;
    expect(deps.activeReplies.size).toBe(0);
    // Pressed after the end, Stop finds nothing to stop.
    expect(
      stopReply(deps.activeReplies, id ?? '', { userId: 'asker', name: 'A', canManageMessages: false }),
    ).toBe('finished');
  });

  it('forgets the Stop button of a turn that fails, and the channel goes on', async () => {
    const { deps } = setUp();
    const failing = heldTurn();
    const failed = queueChatTurn(deps, turnIn('c1'), fakeSink(), failing.run);
    const next = heldTurn();
    const runNext = queueChatTurn(deps, turnIn('c1'), fakeSink(), next.run);
    await expect.poll(() => failing.state.started).toBe(true);
    failing.fail(new Error('service down'));
    await expect(failed).rejects.toThrow('service down');
    await expect.poll(() => next.state.started).toBe(true);
    expect([...deps.activeReplies.keys()]).toEqual([next.state.stop?.id]);
    next.finish();
    await runNext;
    expect(deps.activeReplies.size).toBe(0);
  });

  it('stops the turn when the caller aborts, before or while it waits', async () => {
    const { deps } = setUp();
    const before = new AbortController();
    before.abort(new Error('Discord refused the reply'));
    const early = heldTurn();
    const runEarly = queueChatTurn(deps, turnIn('c1'), fakeSink(), early.run, before.signal);
    await expect.poll(() => early.state.started).toBe(true);
    expect(early.state.stop?.signal.reason).toEqual(new Error('Discord refused the reply'));

    const later = new AbortController();
    const late = heldTurn();
    const runLate = queueChatTurn(deps, turnIn('c1'), fakeSink(), late.run, later.signal);
    later.abort(new Error('gone'));
    early.finish();
    await expect.poll(() => late.state.started).toBe(true);
    expect(late.state.stop?.signal.aborted).toBe(true);
    expect(late.state.stop?.signal.reason).toEqual(new Error('gone'));
    late.finish();
    await Promise.all([runEarly, runLate]);
  });

  it('logs a place-in-line notice Discord refused, and the turn still runs when its time comes', async () => {
    const { deps, warnings } = setUp();
    const ahead = heldTurn();
    const runAhead = queueChatTurn(deps, turnIn('c1'), fakeSink(), ahead.run);
    await expect.poll(() => ahead.state.started).toBe(true);
    const queued = heldTurn();
    const runQueued = queueChatTurn(deps, turnIn('c1'), fakeSink({ failEdits: true }), queued.run);
    await expect.poll(() => warnings().map((line) => line.msg)).toEqual(['could not show the place in line']);
    expect(warnings()[0]?.err?.message).toBe('Unknown Webhook');
    ahead.finish();
    await expect.poll(() => queued.state.started).toBe(true);
    queued.finish();
    await Promise.all([runAhead, runQueued]);
  });
});
