/**
 * Transport failures of the service client as ServiceErrors, each with a sentence a Discord user
 * can act on: before a response arrived (connect, headers), and while a body was being read.
 */

import type { Translator } from '../i18n/translator.js';
import { BodyTooLarge } from '../lib/http.js';
import { type Say, ServiceError, sentences } from './errors.js';
import { SseEventTooLarge } from './sse.js';
import type { StreamChunk } from './streamParse.js';
import type { Usage } from './types.js';

export interface ServiceTimeouts {
  readonly connectMs: number;
  readonly headersMs: number;
  /** Longest silence allowed between two reads of a streamed body. */
  readonly idleMs: number;
  /**
   * Longest a chat reply may take from its response headers to its end. Pings or a slow trickle
   * of text reset the idle timeout forever; this ends such a reply.
   */
  readonly replyMs: number;
}

/** The reply's ceiling (`replyMs`) passed; the client destroys the body with this. */
export class ReplyTooLong extends Error {
  override readonly name = 'ReplyTooLong';
}

/** Failures while connecting: the request was never sent. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return errorCode((error as { cause?: unknown }).cause);
}

/** 1048576 → "1 MiB": the event limit as the member reads it. */
function formatSize(t: Translator, chars: number): string {
  if (chars >= 1024 * 1024) return `${t.number(Math.round((chars / (1024 * 1024)) * 10) / 10)} MiB`;
  return chars >= 1024
    ? `${t.number(Math.round(chars / 1024))} KiB`
    : t.t('errors.characters', { count: chars });
}

/** After a body failure: whether the reply was cut short, or none arrived (`none`: say so). */
function afterCut(hasText: boolean, none = true): Say | undefined {
  if (hasText) return (t) => t.t('errors.replyCut');
  return none ? (t) => t.t('errors.noReply') : undefined;
}

export function abortedError(cause: unknown, usage?: Usage): ServiceError {
  return new ServiceError({ kind: 'aborted', say: (t) => t.t('errors.serviceCancelled'), cause, usage });
}

/** Maps a failure before any response arrived. */
export function requestFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  timeouts: ServiceTimeouts,
): ServiceError {
  if (error instanceof ServiceError) return error;
  if (signal?.aborted) return abortedError(error);
  const code = errorCode(error);
  // undici's errors are told by their code (undici itself is loaded at the first request).
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new ServiceError({
      kind: 'timeout',
      say: (t) => t.t('errors.serviceNoStart', { wait: t.wait(timeouts.headersMs) }),
      cause: error,
    });
  }
  if (code !== undefined && CONNECTION_CODES.has(code)) {
    return new ServiceError({
      kind: 'connection',
      retryable: true,
      beforeSend: CONNECT_CODES.has(code),
      detail: code,
      say: (t) =>
        t.t('errors.serviceUnreachable', {
          reason: code === 'UND_ERR_CONNECT_TIMEOUT' ? t.t('errors.connectTimedOut') : code,
        }),
      cause: error,
    });
  }
  return new ServiceError({
    kind: 'connection',
    detail: error instanceof Error ? error.message : String(error),
    say: (t) => t.t('errors.serviceFailedEarly'),
    cause: error,
  });
}

/**
 * Maps a failure while reading a response body that had started. `usage` is what the partial
 * reply is charged (the service's, or an estimate); a body read whole has none.
 */
export function bodyFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  timeouts: ServiceTimeouts,
  hasText: boolean,
  usage?: Usage,
): ServiceError {
  if (error instanceof ServiceError) return error;
  if (signal?.aborted) return abortedError(error, usage);
  if (error instanceof ReplyTooLong) {
    return new ServiceError({
      kind: 'reply_timeout',
      say: sentences(
        (t) => t.t('errors.replyTooLong', { wait: t.wait(timeouts.replyMs) }),
        afterCut(hasText),
      ),
      cause: error,
      usage,
    });
  }
  if (error instanceof BodyTooLarge) {
    return new ServiceError({
      kind: 'invalid_response',
      detail: error.message,
      say: (t) => t.t('errors.answerTooLarge', { size: formatSize(t, error.limitBytes) }),
      cause: error,
      usage,
    });
  }
  if (error instanceof SseEventTooLarge) {
    return new ServiceError({
      kind: 'event_too_large',
      detail: error.message,
      say: sentences(
        (t) => t.t('errors.eventTooLarge', { size: formatSize(t, error.limit) }),
        afterCut(hasText),
      ),
      cause: error,
      usage,
    });
  }
  if (errorCode(error) === 'UND_ERR_BODY_TIMEOUT') {
    return new ServiceError({
      kind: 'idle_timeout',
      say: sentences(
        (t) => t.t('errors.serviceSilent', { wait: t.wait(timeouts.idleMs) }),
        afterCut(hasText, false),
      ),
      cause: error,
      usage,
    });
  }
  return new ServiceError({
    kind: 'interrupted',
    detail: errorCode(error) ?? (error instanceof Error ? error.message : String(error)),
    say: sentences((t) => t.t('errors.connectionDropped'), afterCut(hasText)),
    cause: error,
    usage,
  });
}

/** Maps an error the service reported inside the stream; its message is quoted, redacted. */
export function chunkFailure(
  chunk: Extract<StreamChunk, { kind: 'error' }>,
  redact: (text: string) => string,
  hasText: boolean,
  usage?: Usage,
): ServiceError {
  const message = redact(chunk.error.message).slice(0, 300);
  return new ServiceError({
    kind: 'interrupted',
    detail: message,
    usage,
    say: sentences(
      (t) => t.t(hasText ? 'errors.serviceReportedMidReply' : 'errors.serviceReported', { message }),
      afterCut(hasText, false),
    ),
  });
}
