import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { endsWithEndMarker, type FlowingBody, sseBatches } from '../../../src/service/sse.js';

/** A response body fed by the test. */
function fakeBody() {
  const emitter = new EventEmitter();
  let paused = false;
  const calls: string[] = [];
  const body: FlowingBody = {
    on: (event: string, listener: (...args: never[]) => void) => emitter.on(event, listener as () => void),
    pause: () => {
      paused = true;
      calls.push('pause');
    },
    resume: () => {
      paused = false;
      calls.push('resume');
    },
    isPaused: () => paused,
  } as FlowingBody;
  return {
    body,
    send: (text: string) => emitter.emit('data', Buffer.from(text)),
    end: () => emitter.emit('end'),
    close: () => emitter.emit('close'),
    isPaused: () => paused,
    calls,
  };
}

const token = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
const texts = (batch: unknown) =>
  (batch as { delta?: string; kind: string }[] | undefined)?.map((chunk) => chunk.delta ?? chunk.kind);
const settle = () => new Promise((resolve) => setImmediate(resolve));

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('batches of stream events', () => {
  it('without a hold, hands over each read at once', async () => {
    const { body, send } = fakeBody();
    const next = sseBatches(body);
    const first = next();
    send(token('a'));
    expect(texts(await first)).toEqual(['a']);
  });

  it('with a hold, keeps reads until it settles, then hands them over as one batch', async () => {
    const { body, send } = fakeBody();
    const next = sseBatches(body);
    const hold = gate();
    let batch: unknown;
    void next(hold.promise).then((taken) => {
      batch = taken;
    });
    for (const piece of ['a', 'b', 'c']) send(token(piece));
    await settle();
    expect(batch).toBeUndefined();
    hold.open();
    await settle();
    expect(texts(batch)).toEqual(['a', 'b', 'c']);
  });

  it('hands over the body’s end and a read that ends with the end marker despite a hold', async () => {
    const ended = fakeBody();
    const toEnd = sseBatches(ended.body);
    const held = toEnd(gate().promise);
    ended.send(token('a'));
    ended.end();
    expect(texts(await held)).toEqual(['a']);
    expect(await toEnd(gate().promise)).toBeUndefined();

    const marked = fakeBody();
    const next = sseBatches(marked.body);
    const batch = next(gate().promise);
    marked.send(token('b'));
    marked.send('data: [DONE]\r\n\r\n');
    expect(texts(await batch)).toEqual(['b', 'done']);
  });

  it('hands over reads that pile up under a hold instead of pausing the body', async () => {
    const { body, send, isPaused } = fakeBody();
    const next = sseBatches(body);
    const batch = next(gate().promise);
    const big = 'x'.repeat(1000);
    for (let i = 0; i < 70; i += 1) send(token(big));
    const taken = await batch;
    expect((taken as unknown[]).length).toBeGreaterThanOrEqual(60);
    expect(isPaused()).toBe(false);
  });
});

describe('quiet reading during a long hold', () => {
  it('stops reading for a while at a time, and reads on when the hold ends', async () => {
    // Timeouts only: the reader goes quiet again in an immediate, which runs for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { body, send, isPaused, end, close, calls } = fakeBody();
      const next = sseBatches(body);
      const hold = gate();
      let left = 1250;
      const batch = next(Object.assign(hold.promise, { msLeft: () => left }));
      expect(calls).toEqual(['pause']);
      await vi.advanceTimersByTimeAsync(199);
      expect(calls).toEqual(['pause']);
      // Reading again: what the kernel gathered meanwhile comes in, then quiet again.
      await vi.advanceTimersByTimeAsync(1);
      send(token('a'));
      await settle();
      expect(calls).toEqual(['pause', 'resume', 'pause']);
      // Too close to the end of the hold for another quiet spell: reading goes on.
      left = 150;
      await vi.advanceTimersByTimeAsync(200);
      await settle();
      expect(calls).toEqual(['pause', 'resume', 'pause', 'resume']);
      expect(isPaused()).toBe(false);
      hold.open();
      send(token('b'));
      expect(texts(await batch)).toEqual(['a', 'b']);
      end();
      close();
      expect(await next()).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps reading through a short hold', async () => {
    const { body, isPaused } = fakeBody();
    const next = sseBatches(body);
    void next(Object.assign(gate().promise, { msLeft: () => 500 }));
    expect(isPaused()).toBe(false);
  });
});

describe('the end marker at the end of a read', () => {
  it('is found after the last event’s line ends, and only there', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(endsWithEndMarker(bytes('data: [DONE]\n\n'))).toBe(true);
    expect(endsWithEndMarker(bytes('data: {"a":1}\n\ndata: [DONE]\r\n\r\n'))).toBe(true);
    expect(endsWithEndMarker(bytes('[DONE]'))).toBe(true);
    expect(endsWithEndMarker(bytes('data: [DONE]\n\ndata: {"a":1}\n\n'))).toBe(false);
    expect(endsWithEndMarker(bytes('data: {"content":"[DONE"}\n\n'))).toBe(false);
    expect(endsWithEndMarker(bytes('NE]\n\n'))).toBe(false);
    expect(endsWithEndMarker(bytes(''))).toBe(false);
  });
});
