/**
 * When the endpoint may answer Discord: at the bot's callback (seen on a real REST client's
 * response events), at its settling, or at the deadline; and a replayed interaction is not
 * handled twice.
 */
import { REST, RESTEvents } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createInteractionReceiver, REPLAY_WINDOW_MS } from '../../../src/interactions/receiver.js';

const callback = (id: string) => ({ path: `/interactions/${id}/some-token/callback` });

describe('the interaction receiver', () => {
  it('lets the request be answered once the callback was answered, and not before', async () => {
    const emitted: unknown[] = [];
    const rest = new REST();
    const receiver = createInteractionReceiver({ emit: (raw) => emitted.push(raw) });
    receiver.watch(rest);
    const answered = receiver.receive({ id: '1', type: 2 });
    expect(emitted).toEqual([{ id: '1', type: 2 }]);
    // Another interaction's callback, and a follow-up of this one, are not its acknowledgement.
    rest.emit(RESTEvents.Response, callback('2') as never, {} as never);
    rest.emit(RESTEvents.Response, { path: '/webhooks/9/some-token' } as never, {} as never);
    expect(receiver.waiting).toBe(1);
    rest.emit(RESTEvents.Response, callback('1') as never, {} as never);
    expect(await answered).toBe('acknowledged');
    expect(receiver.waiting).toBe(0);
  });

  it('lets it be answered when the bot is done without a callback, or at the deadline', async () => {
    const receiver = createInteractionReceiver({ emit: () => undefined, deadlineMs: 20 });
    const settled = receiver.receive({ id: '3' });
    receiver.settled('3');
    expect(await settled).toBe('settled');
    expect(await receiver.receive({ id: '4' })).toBe('late');
  });

  it('does not hand the bot an interaction it already took, within the replay window', async () => {
    let at = 1_000_000;
    const emitted: unknown[] = [];
    const receiver = createInteractionReceiver({
      emit: (raw) => emitted.push(raw),
      now: () => at,
      deadlineMs: 1,
    });
    await receiver.receive({ id: '5' });
    expect(await receiver.receive({ id: '5' })).toBe('replayed');
    expect(emitted).toHaveLength(1);
    at += REPLAY_WINDOW_MS + 1;
    // Past the window the endpoint refuses its timestamp anyway; the memory has let it go.
    await receiver.receive({ id: '6' });
    expect(await receiver.receive({ id: '5' })).not.toBe('replayed');
  });
});
