/**
 * HTTP client for the service (service-api.md §4.1): undici with one pooled dispatcher for the
 * base URL, SSE through eventsource-parser, bytes decoded as a stream.
 *
 * Retries (connection failures before a response, 408, 409, 429 except quota, 5xx): at most
 * `maxRetries`, jittered exponential backoff or the server's Retry-After when it is at most 60 s.
 * Only failures before any reply text exist are retried; once a response streams, a failure
 * ends the reply (it may already be on screen and billed). A reply streaming longer than
 * `timeouts.replyMs` is cut off, however steadily the service sends.
 *
 * A call may carry its own key (`CallOptions.apiKey`, e.g. a server's own): every attempt of that
 * call sends it instead of the configured one, and a refusal says whose key it was (keyRefused).
 */
import { abortableSleep } from '../lib/abortableSleep.js';
import { discardBody, readText } from '../lib/http.js';
import type { Logger } from '../lib/logger.js';
import { callRedactor } from './callRedactor.js';
import {
  backoffDelayMs,
  errorFromResponse,
  isChatRetryable,
  isImageRetryable,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  ServiceError,
} from './errors.js';
import {
  abortedError,
  bodyFailure,
  chunkFailure,
  ReplyTooLong,
  requestFailure,
  type ServiceTimeouts,
} from './failures.js';

export type { ServiceTimeouts };

import { parseCreated, parseImageUrls } from './imageResponse.js';
import { lazyPool } from './pool.js';
import { type Hold, MAX_EVENT_CHARS, sseBatches } from './sse.js';

/** Error bodies are quoted, not read whole. */
const ERROR_BODY_MAX_BYTES = 64 * 1024;

import { excerpt, interpretEvent, ReplyAccumulator } from './streamParse.js';
import type { ChatRequest, ChatStreamEvent, ImageRequest, ImageResult } from './types.js';

export const DEFAULT_TIMEOUTS: ServiceTimeouts = {
  connectMs: 10_000,
  headersMs: 120_000,
  idleMs: 60_000,
  replyMs: 600_000,
};

export interface ServiceClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
  readonly timeouts?: Partial<ServiceTimeouts>;
  readonly maxRetries?: number;
  readonly backoffBaseMs?: number;
  readonly random?: () => number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /**
   * The key this call (every attempt of it) sends instead of the client's configured one. It is
   * scrubbed from everything the call's errors and log lines quote, like the configured key.
   */
  readonly apiKey?: string | undefined;
  /** Called before each retry with the wait and the error that caused it. */
  readonly onRetry?: (info: { attempt: number; delayMs: number; error: ServiceError }) => void;
  /**
   * Asked before each read of a streamed reply: a promise while the consumer has no use for
   * new text (until it settles), or undefined for at once. The reply's end is not held (in a
   * long hold it is seen up to 200 ms late: sse.ts, quiet reading).
   */
  readonly pace?: () => Hold;
}

export interface ServiceClient {
  /** Streams a reply: text deltas, then one final `done` event. Throws ServiceError. */
  streamChat(request: ChatRequest, options?: CallOptions): AsyncGenerator<ChatStreamEvent, void, undefined>;
  /** Generates images; resolves with their URLs on the content host. Throws ServiceError. */
  generateImages(request: ImageRequest, options?: CallOptions): Promise<ImageResult>;
  close(): Promise<void>;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const timeouts: ServiceTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const maxRetries = options.maxRetries ?? 2;
  const random = options.random ?? Math.random;
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = lazyPool(base.origin, timeouts);
  const log = options.logger;

  async function post(
    path: string,
    body: unknown,
    call: CallOptions,
    mayRetry: (error: ServiceError) => boolean,
    highWaterMark?: number,
  ) {
    const payload = JSON.stringify(body);
    const keyOwner = call.apiKey === undefined ? 'operator' : 'call';
    const authorization = `Bearer ${call.apiKey ?? options.apiKey}`;
    const redact = callRedactor(options.redact, call.apiKey);
    for (let attempt = 0; ; attempt += 1) {
      const started = performance.now();
      let failure: ServiceError;
      try {
        const response = await (await pool.get()).request({
          path: basePath + path,
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json',
            accept: 'text/event-stream, application/json',
          },
          body: payload,
          ...(highWaterMark !== undefined && { highWaterMark }),
          ...(call.signal && { signal: call.signal }),
        });
        if (response.statusCode >= 200 && response.statusCode < 300) {
          log.debug(
            { path, status: response.statusCode, ms: Math.round(performance.now() - started) },
            'service responded',
          );
          return response;
        }
        // An error body is only quoted (300 characters at most): a huge one is not worth reading.
        const text = await readText(response.body, ERROR_BODY_MAX_BYTES).catch(() => '');
        failure = errorFromResponse(
          response.statusCode,
          text,
          parseRetryAfter(response.headers, Date.now()),
          redact,
          keyOwner,
        );
      } catch (error) {
        failure = requestFailure(error, call.signal, timeouts);
      }
      const wait = failure.retryAfterMs ?? backoffDelayMs(attempt, random, options.backoffBaseMs);
      if (!mayRetry(failure) || attempt >= maxRetries || wait > MAX_RETRY_AFTER_MS) throw failure;
      log.warn(
        { path, attempt: attempt + 1, delayMs: wait, err: failure.message },
        'retrying service request',
      );
      call.onRetry?.({ attempt: attempt + 1, delayMs: wait, error: failure });
      try {
        await abortableSleep(wait, call.signal);
      } catch (error) {
        throw abortedError(error);
      }
    }
  }

  async function* streamChat(
    request: ChatRequest,
    call: CallOptions = {},
  ): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const redact = callRedactor(options.redact, call.apiKey);
    const response = await post(
      '/v1/chat/completions',
      {
        model: request.model,
        messages: request.messages,
        ...(request.temperature !== undefined && { temperature: request.temperature }),
        ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
        stream: true,
      },
      call,
      isChatRetryable,
      // A paused body (sse.ts, quiet reading) stops undici reading at once, not 64 KiB later.
      1,
    );
    const reply = new ReplyAccumulator(request.model);
    // The read in progress fails with this error, which bodyFailure turns into the member's note.
    const ceiling = setTimeout(() => {
      // A body nobody is reading at that moment would otherwise throw the error process-wide.
      response.body.on('error', () => {});
      response.body.destroy(new ReplyTooLong());
    }, timeouts.replyMs);
    const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
    let completed = false;
    try {
      if (!contentType.includes('text/event-stream')) {
        // A whole JSON reply, also accepted for a streaming request.
        let text: string;
        try {
          text = await readText(response.body, MAX_EVENT_CHARS);
        } catch (error) {
          throw bodyFailure(error, call.signal, timeouts, false);
        }
        const chunk = interpretEvent({ data: text });
        if (chunk.kind === 'error') throw chunkFailure(chunk, redact, false);
        if (chunk.kind !== 'data') {
          throw new ServiceError({
            kind: 'invalid_response',
            detail: `unreadable ${contentType || 'untyped'} body`,
            say: (t) => t.t('errors.unreadableReply'),
          });
        }
        const added = reply.apply(chunk);
        reply.sawDone = true;
        if (added) yield { type: 'delta', text: added };
      } else {
        try {
          // Each wake-up's events (one read's, or all those `pace` held) make one delta. The batch
          // is folded where it is read: a loop variable would keep its parsed events through the
          // next wait (a reply's time between two edits), long enough to fill the old generation.
          const next = sseBatches(response.body);
          const nextStep = async () => {
            const batch = await next(call.pace?.());
            return batch && reply.applyBatch(batch);
          };
          for (let step = await nextStep(); step; step = await nextStep()) {
            for (const chunk of step.ignored ?? []) {
              // Redacted whole before it is cut, so a secret across the cut cannot leave a prefix.
              log.warn(
                { reason: chunk.reason, excerpt: excerpt(redact(chunk.data)) },
                'skipped a malformed stream event',
              );
            }
            if (step.added) yield { type: 'delta', text: step.added };
            if (step.error) {
              const usage = reply.resolveUsage(request.messages);
              throw chunkFailure({ kind: 'error', error: step.error }, redact, reply.text !== '', usage);
            }
            if (step.done) {
              reply.sawDone = true;
              break;
            }
          }
        } catch (error) {
          throw bodyFailure(
            error,
            call.signal,
            timeouts,
            reply.text !== '',
            reply.resolveUsage(request.messages),
          );
        }
      }
      completed = true;
    } finally {
      clearTimeout(ceiling);
      // Stop the download when the consumer stopped early or anything failed.
      if (!completed || !response.body.readableEnded) discardBody(response.body);
    }
    const result = reply.result(request.messages);
    if (result.usage.estimated) {
      log.warn(
        { model: request.model, outputTokens: result.usage.outputTokens },
        'service sent no usage; recorded an estimate',
      );
    }
    yield { type: 'done', result };
  }

  return {
    streamChat,
    async generateImages(request, call = {}) {
      const response = await post(
        '/v1/images/generations',
        { model: request.model, prompt: request.prompt, size: request.size, n: request.n },
        call,
        isImageRetryable,
      );
      let text: string;
      try {
        text = await readText(response.body, MAX_EVENT_CHARS);
      } catch (error) {
        throw bodyFailure(error, call.signal, timeouts, false);
      }
      const urls = parseImageUrls(text);
      if (urls === undefined) {
        throw new ServiceError({
          kind: 'invalid_response',
          detail: 'image response without data[].url',
          say: (t) => t.t('errors.unreadableImages'),
        });
      }
      return { urls, created: parseCreated(text) };
    },
    async close() {
      await pool.close();
    },
  };
}
