/**
 * One chat completion as a script says: an HTTP error, one JSON body, or server-sent events with
 * the script's pieces, pacing, usage placement and faults (a dropped connection, an error event,
 * a stall, pings until the client hangs up, a reply held until a promise settles).
 */
import type { ServerResponse } from 'node:http';
import {
  type ChatScript,
  defaultUsage,
  lastUserContent,
  pieces,
  type RecordedRequest,
  type SentChunk,
  wordPieces,
} from './scripts.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChatAnswer {
  /** The completion's id. */
  readonly id: string;
  /**
   * Called once the reply begins (not for an HTTP error): where the time of each content chunk
   * written goes, and what to call when the client closes its connection before the end.
   */
  readonly begin: () => { readonly log: SentChunk[]; readonly closedEarly: (at: number) => void };
}

/** An HTTP error with a JSON body, as a script asks (`status`, `errorBody`, `headers`). */
export function answerError(
  res: ServerResponse,
  script: {
    readonly status: number;
    readonly errorBody?: unknown;
    readonly headers?: Record<string, string>;
  },
): void {
  res.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
  res.end(JSON.stringify(script.errorBody ?? { error: { message: `status ${script.status}` } }));
}

export async function answerChat(
  script: ChatScript,
  request: RecordedRequest,
  res: ServerResponse,
  answer: ChatAnswer,
): Promise<void> {
  if (script.headersDelayMs) await sleep(script.headersDelayMs);
  if (script.status !== undefined && script.status >= 300) {
    answerError(res, { ...script, status: script.status });
    return;
  }
  const text = script.text ?? script.parts?.join('') ?? `Echo: ${lastUserContent(request.body)}`;
  const usage = script.usage === undefined ? defaultUsage(text) : script.usage;
  const finishReason = script.finishReason === undefined ? 'stop' : script.finishReason;
  const { id } = answer;
  const model = String(request.body.model);
  const { log, closedEarly } = answer.begin();
  let closed = false;
  res.on('close', () => {
    closed = true;
    if (!res.writableEnded) closedEarly(performance.now());
  });

  if (script.json || request.body.stream !== true) {
    res.writeHead(200, { 'content-type': 'application/json', ...script.headers });
    res.end(
      JSON.stringify({
        id,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
        ...(usage && { usage }),
      }),
    );
    log.push({ at: performance.now(), sentChars: text.length });
    return;
  }

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...script.headers,
  });
  res.flushHeaders();
  const eol = script.crlf ? '\r\n' : '\n';
  const write = async (event: string) => {
    if (res.destroyed) return;
    if (!script.byteByByte) {
      res.write(event);
      return;
    }
    for (const byte of Buffer.from(event, 'utf8')) {
      res.write(Buffer.from([byte]));
      await sleep(1);
    }
  };
  const data = (payload: unknown) => `data: ${JSON.stringify(payload)}${eol}${eol}`;

  const parts = script.parts
    ? [...script.parts]
    : script.chunks
      ? pieces(text, script.chunks)
      : wordPieces(text);
  let sent = '';
  for (const [index, part] of parts.entries()) {
    for (const raw of script.raw ?? []) if (raw.before === index) await write(raw.text);
    if (script.dropAfterChunks !== undefined && index >= script.dropAfterChunks) {
      res.socket?.destroy();
      return;
    }
    if (script.errorAfterChunks !== undefined && index >= script.errorAfterChunks.after) {
      await write(`event: error${eol}${data({ error: { message: script.errorAfterChunks.message } })}`);
      res.end();
      return;
    }
    if (script.stallAfterChunks !== undefined && index >= script.stallAfterChunks) return;
    if (script.pingForeverAfterChunks !== undefined && index >= script.pingForeverAfterChunks) {
      while (!closed) {
        await sleep(script.intervalMs ?? 100);
        await write(`: ping${eol}${eol}`);
      }
      return;
    }
    if (script.hold && index === script.hold.afterChunks) {
      let released = false;
      void script.hold.until.finally(() => {
        released = true;
      });
      while (!released && !closed) {
        await sleep(100);
        await write(`: ping${eol}${eol}`);
      }
    }
    if (index > 0 && script.intervalMs) await sleep(script.intervalMs);
    if (script.pings) await write(`: ping${eol}${eol}`);
    sent += part;
    const last = index === parts.length - 1;
    const choice = script.wholeMessages
      ? { index: 0, message: { role: 'assistant', content: sent } }
      : { index: 0, delta: { content: part } };
    const chunk = {
      id,
      model,
      choices: [{ ...choice, finish_reason: last && finishReason !== null ? finishReason : null }],
      ...(last && usage && script.usagePlacement !== 'trailing-chunk' && { usage }),
    };
    let event = data(chunk);
    if (last && script.noFinalBlankLine && !(usage && script.usagePlacement === 'trailing-chunk')) {
      event = event.slice(0, -eol.length);
    }
    await write(event);
    log.push({ at: performance.now(), sentChars: sent.length });
  }
  if (usage && script.usagePlacement === 'trailing-chunk') {
    let event = data({ id, model, choices: [], usage });
    if (script.noFinalBlankLine) event = event.slice(0, -eol.length);
    await write(event);
  }
  if (script.done !== false && !script.noFinalBlankLine) await write(`data: [DONE]${eol}${eol}`);
  res.end();
}
