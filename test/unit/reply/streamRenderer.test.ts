import { ButtonStyle, ComponentType, DiscordAPIError, HTTPError } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../src/lib/clock.js';
import type { MessageComponents } from '../../../src/reply/buttons.js';
import { pieceText, splitMessage } from '../../../src/reply/split.js';
import {
  createStreamRenderer,
  FINAL_RETRY_DELAYS_MS,
  type ReplySink,
  STREAMING_CURSOR,
  withNote,
} from '../../../src/reply/streamRenderer.js';
import { english } from '../../helpers/english.js';

/** A renderer on `sink` editing every `intervalMs`, in English, with these options besides. */
function rendererOn(
  sink: ReplySink,
  intervalMs: number,
  options: Omit<Parameters<typeof createStreamRenderer>[1], 'intervalMs' | 'clock' | 'voice'> = {},
) {
  return createStreamRenderer(sink, { intervalMs, clock: systemClock, voice: english, ...options });
}

/** A sink that behaves like Discord with a fixed latency, recording every request. */
function recordingSink(latencyMs = 10) {
  const messages: string[] = [];
  const calls: { at: number; index: number; content: string }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failNext = 0;
  const run = async (index: number, content: string) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    calls.push({ at: Date.now(), index, content });
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    inFlight -= 1;
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('Discord said no');
    }
    if (content.length > 2000) throw new Error('too long');
    messages[index] = content;
  };
  const sink: ReplySink = {
    editOriginal: async (content) => {
      await run(0, content);
      return '0';
    },
    sendFollowUp: async (content) => {
      const index = Math.max(messages.length, 1);
      await run(index, content);
      return String(index);
    },
    editFollowUp: (id, content) => run(Number(id), content),
    refuse: async () => {
      throw new Error('not used by the renderer');
    },
  };
  return {
    sink,
    messages,
    calls,
    maxInFlight: () => maxInFlight,
    failNext: (n: number) => {
      failNext = n;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('stream renderer', () => {
  it('shows the first text at once, then at most one edit per interval, latest wins', async () => {
    const discord = recordingSink(10);
    const renderer = rendererOn(discord.sink, 1000);
    renderer.push('Hello');
    expect(discord.calls).toHaveLength(1);
    expect(discord.calls[0]?.content).toBe(`Hello${STREAMING_CURSOR}`);
    for (let i = 0; i < 50; i += 1) {
      renderer.push(` w${i}`);
      await vi.advanceTimersByTimeAsync(20);
    }
    // 1000 ms elapsed: the first edit, then one more at the interval, nothing queued in between.
    expect(discord.calls.length).toBe(2);
    const [firstCall, secondCall] = discord.calls;
    expect((secondCall?.at ?? 0) - (firstCall?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(discord.calls.at(-1)?.content).toBe(`${renderer.text()}${STREAMING_CURSOR}`);
    const done = renderer.finish();
    await vi.runAllTimersAsync();
    await done;
    expect(discord.messages).toEqual([renderer.text()]);
    expect(discord.maxInFlight()).toBe(1);
  });

  it('skips stale states while an edit is slow (never queues them)', async () => {
    const discord = recordingSink(3000);
    const renderer = rendererOn(discord.sink, 100);
    renderer.push('a');
    for (const piece of ['b', 'c', 'd', 'e']) {
      await vi.advanceTimersByTimeAsync(500);
      renderer.push(piece);
    }
    await vi.advanceTimersByTimeAsync(3000);
    // The first edit, then exactly one with everything pushed while it was in flight.
    expect(discord.calls.map((call) => call.content)).toEqual([
      `a${STREAMING_CURSOR}`,
      `abcde${STREAMING_CURSOR}`,
    ]);
    const done = renderer.finish();
    await vi.runAllTimersAsync();
    await done;
    expect(discord.messages).toEqual(['abcde']);
    expect(discord.maxInFlight()).toBe(1);
  });

  it('splits past 2000 characters into follow-ups that match the finished split exactly', async () => {
    const discord = recordingSink(5);
    const renderer = rendererOn(discord.sink, 50);
    const text = `Intro\n\n\`\`\`python\n${'print("line")\n'.repeat(300)}\`\`\`\n\n${'tail words '.repeat(200)}`;
    for (let i = 0; i < text.length; i += 37) {
      renderer.push(text.slice(i, i + 37));
      await vi.advanceTimersByTimeAsync(7);
    }
    const done = renderer.finish();
    await vi.runAllTimersAsync();
    await done;
    expect(discord.messages).toEqual(splitMessage(text).map(pieceText));
    for (const call of discord.calls) expect(call.content.length).toBeLessThanOrEqual(2000);
    expect(discord.maxInFlight()).toBe(1);
  });

  it('survives a failed intermediate edit and still ends exact', async () => {
    const discord = recordingSink(5);
    const errors: unknown[] = [];
    const renderer = rendererOn(discord.sink, 50, { onEditError: (error) => errors.push(error) });
    discord.failNext(1);
    renderer.push('first');
    await vi.advanceTimersByTimeAsync(10);
    renderer.push(' second');
    const done = renderer.finish('-# note');
    await vi.runAllTimersAsync();
    await done;
    expect(errors).toHaveLength(1);
    expect(discord.messages).toEqual(['first second\n\n-# note']);
  });

  it('does not post whitespace-only text until something visible arrives', async () => {
    const discord = recordingSink(5);
    const renderer = rendererOn(discord.sink, 50);
    renderer.push('\n\n');
    expect(discord.calls).toHaveLength(0);
    renderer.push('x');
    expect(discord.calls).toHaveLength(1);
    const done = renderer.finish();
    await vi.runAllTimersAsync();
    await done;
  });

  it('a failure with no text shows the note alone', async () => {
    const discord = recordingSink(5);
    const renderer = rendererOn(discord.sink, 50);
    const done = renderer.finish('-# ⚠️ The service is unavailable');
    await vi.runAllTimersAsync();
    await done;
    expect(discord.messages).toEqual(['-# ⚠️ The service is unavailable']);
  });
});

describe('withNote', () => {
  it('closes an open fence before the note and keeps the text as a prefix', () => {
    expect(withNote('```js\nx = 1', '-# cut')).toBe('```js\nx = 1\n```\n\n-# cut');
    expect(withNote('text\n', '-# n')).toBe('text\n\n-# n');
    expect(withNote('text', undefined)).toBe('text');
    expect(withNote('  ', '-# n')).toBe('-# n');
  });
});

describe('stream renderer buttons', () => {
  const button = (label: string): MessageComponents => [
    {
      type: ComponentType.ActionRow,
      components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, label, custom_id: label }],
    },
  ];
  const STOP = button('Stop');
  const AGAIN = button('Again');

  it('keeps Stop on the message being streamed only, and puts the final buttons on the last one', async () => {
    const shown = new Map<string, { content: string; components: string }>();
    let next = 1;
    const write = (id: string, content: string, components: unknown) => {
      const previous = shown.get(id);
      shown.set(id, {
        content,
        components: components === undefined ? (previous?.components ?? 'none') : JSON.stringify(components),
      });
    };
    const sink: ReplySink = {
      editOriginal: async (content, components) => {
        write('0', content, components);
        return '0';
      },
      sendFollowUp: async (content, components) => {
        const id = String(next++);
        write(id, content, components);
        return id;
      },
      editFollowUp: async (id, content, components) => write(id, content, components),
      refuse: async () => {},
    };
    const renderer = rendererOn(sink, 1, { controls: STOP });
    renderer.push('a'.repeat(1500));
    await vi.advanceTimersByTimeAsync(10);
    expect(shown.get('0')?.components).toBe(JSON.stringify(STOP));
    renderer.push(`\n\n${'b'.repeat(1500)}`);
    await vi.advanceTimersByTimeAsync(10);
    // The first message froze: its Stop moved to the follow-up being streamed.
    expect(shown.get('0')?.components).toBe('[]');
    expect(shown.get('1')?.components).toBe(JSON.stringify(STOP));
    const lastId = await renderer.finish(undefined, AGAIN);
    expect(lastId).toBe('1');
    expect(shown.get('0')?.components).toBe('[]');
    expect(shown.get('1')).toEqual({ content: 'b'.repeat(1500), components: JSON.stringify(AGAIN) });
  });

  it('ends without buttons when no final ones are given', async () => {
    const components: unknown[] = [];
    const sink: ReplySink = {
      editOriginal: async (_content, given) => {
        components.push(given);
        return 'x';
      },
      sendFollowUp: async () => 'y',
      editFollowUp: async () => {},
      refuse: async () => {},
    };
    const renderer = rendererOn(sink, 1, { controls: STOP });
    renderer.push('hello');
    await vi.advanceTimersByTimeAsync(10);
    await renderer.finish('-# note');
    expect(components.at(0)).toEqual(STOP);
    expect(components.at(-1)).toEqual([]);
  });
});

describe('stream renderer cancel', () => {
  it('starts no edit after cancel, and waits for the one in flight', async () => {
    const { sink, calls } = recordingSink(50);
    const renderer = rendererOn(sink, 100);
    renderer.push('first');
    await vi.advanceTimersByTimeAsync(1);
    renderer.push(' second');
    let cancelled = false;
    const cancelling = renderer.cancel().then(() => {
      cancelled = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await cancelling;
    expect(calls.map((call) => call.content)).toEqual([`first${STREAMING_CURSOR}`]);
  });
});

describe('stream renderer final write', () => {
  /** A sink whose writes fail with the errors in `failures` (as discord.js throws them), in order. */
  function failingSink(failures: unknown[] = []) {
    const shown: string[] = [];
    const attempts: { at: number; content: string }[] = [];
    const write = async (index: number, content: string) => {
      attempts.push({ at: Date.now(), content });
      const failure = failures.shift();
      if (failure) throw failure;
      shown[index] = content;
    };
    const sink: ReplySink = {
      editOriginal: async (content) => {
        await write(0, content);
        return '0';
      },
      sendFollowUp: async (content) => {
        await write(shown.length, content);
        return String(shown.length - 1);
      },
      editFollowUp: (id, content) => write(Number(id), content),
      refuse: async () => {},
    };
    return { sink, shown, attempts };
  }
  const serverError = (status: number) =>
    new HTTPError(status, 'Bad Gateway', 'PATCH', 'https://discord.test/x', {
      body: undefined,
      files: undefined,
    });
  const refusal = () =>
    new DiscordAPIError(
      { message: 'Missing Permissions', code: 50013 },
      50013,
      403,
      'PATCH',
      'https://discord.test/x',
      {
        body: undefined,
        files: undefined,
      },
    );

  it('writes the final text again after 5xx that outlasted discord.js’s retries, within bounds', async () => {
    const failures: unknown[] = [];
    const { sink, shown, attempts } = failingSink(failures);
    const retries: number[] = [];
    const renderer = rendererOn(sink, 50, { onFinalRetry: (_error, delayMs) => retries.push(delayMs) });
    renderer.push('all of it');
    await vi.advanceTimersByTimeAsync(1);
    attempts.length = 0;
    failures.push(serverError(502), serverError(500));
    const start = Date.now();
    const done = renderer.finish();
    await vi.runAllTimersAsync();
    await done;
    expect(shown).toEqual(['all of it']);
    expect(retries).toEqual([...FINAL_RETRY_DELAYS_MS]);
    expect(attempts.map((attempt) => attempt.at - start)).toEqual([0, 1000, 4000]);
  });

  it('gives up after the last retry: finish rejects with the error', async () => {
    const failures: unknown[] = [];
    const { sink, attempts } = failingSink(failures);
    const renderer = rendererOn(sink, 50);
    renderer.push('never shown');
    await vi.advanceTimersByTimeAsync(1);
    attempts.length = 0;
    failures.push(serverError(500), serverError(500), serverError(503));
    const done = renderer.finish();
    const failed = expect(done).rejects.toBeInstanceOf(HTTPError);
    await vi.runAllTimersAsync();
    await failed;
    expect(attempts).toHaveLength(FINAL_RETRY_DELAYS_MS.length + 1);
  });

  it('does not write again after a refusal (4xx) or an error that is not Discord’s', async () => {
    for (const error of [refusal(), new Error('bug')]) {
      const failures: unknown[] = [];
      const { sink, attempts } = failingSink(failures);
      const renderer = rendererOn(sink, 50);
      renderer.push('text');
      await vi.advanceTimersByTimeAsync(1);
      attempts.length = 0;
      failures.push(error);
      const done = renderer.finish();
      const failed = expect(done).rejects.toBe(error);
      await vi.runAllTimersAsync();
      await failed;
      expect(attempts).toHaveLength(1);
    }
  });

  it('a failure in the middle of a long final write resumes where it stopped: no message twice', async () => {
    const text = Array.from({ length: 1200 }, (_, i) => `w${i}`).join(' ');
    const failures: unknown[] = [];
    const { sink, shown, attempts } = failingSink(failures);
    const renderer = rendererOn(sink, 1_000_000);
    renderer.push('w0');
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual([`w0${STREAMING_CURSOR}`]);
    // The rest arrives just before the end: the final render freezes the first message and
    // posts the follow-ups; the first follow-up fails once.
    renderer.push(text.slice(2));
    failures.push(undefined, serverError(502));
    const done = renderer.finish();
    await vi.runAllTimersAsync();
    await done;
    const expected = splitMessage(text).map(pieceText);
    expect(expected.length).toBeGreaterThan(2);
    expect(shown).toEqual(expected);
    // The stream's one write, then each message once, plus the one failed attempt.
    expect(attempts.map((attempt) => attempt.content.slice(0, 12))).toEqual([
      `w0${STREAMING_CURSOR}`,
      ...expected
        .flatMap((piece, index) => (index === 1 ? [piece, piece] : [piece]))
        .map((piece) => piece.slice(0, 12)),
    ]);
  });
});

describe('a head (e.g. the question quoted on top of an /ask reply)', () => {
  const head = '> what is a monad?\n';

  it('opens the first message with the first visible text, and stays out of text()', async () => {
    const discord = recordingSink(5);
    const renderer = rendererOn(discord.sink, 50, { head });
    renderer.push('\n ');
    expect(discord.calls).toHaveLength(0);
    renderer.push('A monoid');
    expect(discord.calls[0]?.content).toBe(`${head}\n A monoid${STREAMING_CURSOR}`);
    const done = renderer.finish('-# note');
    await vi.runAllTimersAsync();
    await done;
    expect(discord.messages).toEqual([`${head}\n A monoid\n\n-# note`]);
    expect(renderer.text()).toBe('\n A monoid');
  });

  it('a failure with no text: the head, then the note', async () => {
    const discord = recordingSink(5);
    const renderer = rendererOn(discord.sink, 50, { head });
    const done = renderer.finish('-# ⚠️ The service is unavailable');
    await vi.runAllTimersAsync();
    await done;
    expect(discord.messages).toEqual([`${head}-# ⚠️ The service is unavailable`]);
    expect(renderer.text()).toBe('');
  });

  it('counts against the first message’s 2,000 characters: the messages are the split of head and text', async () => {
    const long = `> ${'q'.repeat(195)}…\n`;
    for (const text of [
      `\`\`\`ts\n${'const x = 1;\n'.repeat(200)}\`\`\`\nafter`,
      'word '.repeat(900),
      `${'a'.repeat(1790)} ${'b'.repeat(500)}`,
    ]) {
      const discord = recordingSink(2);
      const renderer = rendererOn(discord.sink, 20, { head: long });
      for (let i = 0; i < text.length; i += 97) {
        renderer.push(text.slice(i, i + 97));
        await vi.advanceTimersByTimeAsync(3);
      }
      const done = renderer.finish();
      await vi.runAllTimersAsync();
      await done;
      expect(discord.messages).toEqual(splitMessage(long + text).map(pieceText));
      expect(discord.messages[0]?.startsWith(long)).toBe(true);
      expect(discord.messages.slice(1).some((message) => message.startsWith('> '))).toBe(false);
      for (const call of discord.calls) expect(call.content.length).toBeLessThanOrEqual(2000);
      expect(renderer.text()).toBe(text);
    }
  });
});
