/**
 * Service failures as typed errors, each with a sentence a Discord user can act on.
 * The service documents no errors (service-api.md §7), so statuses are read the way
 * OpenAI-compatible services use them, and any JSON error body is quoted (secrets redacted).
 */
import { createI18n, type Translator } from '../i18n/translator.js';
import { errorMessageOf } from './streamParse.js';
import type { Usage } from './types.js';

/** A failure in the words of whoever reads it (a member alone, or the channel). */
export type Say = (t: Translator) => string;

/** Sentences said one after another (each may be absent); Japanese puts no space between them. */
export function sentences(...parts: readonly (Say | undefined)[]): Say {
  return (t) =>
    parts
      .filter((part) => part !== undefined)
      .map((part) => part(t))
      .join(t.language === 'ja' ? '' : ' ');
}

let englishVoice: Translator | undefined;
/** English, for the log line of an error (logs stay English). */
function englishOf(say: Say): string {
  englishVoice ??= createI18n().translator('en-US');
  return say(englishVoice);
}

export type ServiceErrorKind =
  | 'auth' // 401/403: the key was rejected (`keyRefused` says whose)
  | 'rate_limited' // 429: busy, try again later
  | 'quota' // 429 with a quota/billing code: the account is out of credit
  | 'unavailable' // 5xx
  | 'bad_request' // other 4xx
  | 'timeout' // no response headers in time
  | 'idle_timeout' // nothing received for too long mid-stream
  | 'reply_timeout' // the reply streamed for longer than the ceiling allows
  | 'event_too_large' // one stream event (or line) grew past the bound before it ended
  | 'connection' // could not connect / connection failed before a response
  | 'interrupted' // the stream broke off after it started
  | 'invalid_response' // a response the bot cannot read
  | 'aborted'; // the bot cancelled the request

/**
 * Whose key a request carried: the client's configured one (the operator's), or the call's own
 * (`CallOptions.apiKey`, e.g. a server's own key).
 */
export type KeyOwner = 'operator' | 'call';

export interface ServiceErrorInit {
  readonly kind: ServiceErrorKind;
  /** What a member reads, in their voice. Never contains secrets. */
  readonly say: Say;
  readonly status?: number;
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;
  /** The failure happened while connecting: the request never reached the service. */
  readonly beforeSend?: boolean;
  readonly detail?: string;
  readonly cause?: unknown;
  /** For a reply that broke off: the usage to record (as sent, or estimated). */
  readonly usage?: Usage | undefined;
  /** The service refused the key (401 or 403): whose it was. */
  readonly keyRefused?: KeyOwner | undefined;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  /** What to show in Discord, in the reader's words (errorBoundary.ts, chat/notes.ts). Never contains secrets. */
  readonly describe: Say;
  readonly status: number | undefined;
  /** Whether a chat request may be retried (idempotent enough: nothing was shown yet). */
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly beforeSend: boolean;
  /** For a reply that broke off: the usage to record (as sent, or estimated). */
  readonly usage: Usage | undefined;
  /**
   * Set when the service refused the request's key (401 or 403; kind `auth`): `'call'` when it was
   * the call's own key (`CallOptions.apiKey`), `'operator'` when it was the client's configured
   * key. Undefined for every other failure.
   */
  readonly keyRefused: KeyOwner | undefined;

  /** The member's sentence in English (for logs and English-only callers); members get `describe`. */
  get userMessage(): string {
    return englishOf(this.describe);
  }

  constructor(init: ServiceErrorInit) {
    super(
      `${init.kind}${init.status ? ` (HTTP ${init.status})` : ''}: ${init.detail ?? englishOf(init.say)}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.kind = init.kind;
    this.describe = init.say;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.retryAfterMs = init.retryAfterMs;
    this.beforeSend = init.beforeSend ?? false;
    this.usage = init.usage;
    this.keyRefused = init.keyRefused;
  }
}

/** Milliseconds from `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function parseRetryAfter(
  headers: Record<string, string | string[] | undefined>,
  now: number,
): number | undefined {
  const first = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const ms = Number.parseFloat(first('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = first('retry-after');
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (raw.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const QUOTA_WORDS = /quota|billing|credit|insufficient/i;

/** The service's own words, quoted after a sentence ('' when it said nothing). */
function quoted(t: Translator, detail: string | undefined): string {
  if (!detail) return '';
  const short = detail.length > 300 ? `${detail.slice(0, 300)}…` : detail;
  // Japanese runs sentences together; the others put a space between them.
  return `${t.language === 'ja' ? '' : ' '}${t.t('errors.serviceSaid', { detail: short })}`;
}

/**
 * Maps an HTTP error response to a ServiceError. `redact` scrubs secrets from the body (the
 * request's key among them); `key` is whose key the request carried.
 */
export function errorFromResponse(
  status: number,
  bodyText: string,
  retryAfterMs: number | undefined,
  redact: (text: string) => string,
  key: KeyOwner = 'operator',
): ServiceError {
  let body: unknown = bodyText;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // A non-JSON body is quoted as text.
  }
  const error = errorMessageOf(body);
  const detail = error ? redact(error.message) : redact(bodyText.trim()).slice(0, 300) || undefined;
  const base = {
    status,
    ...(detail !== undefined && { detail }),
    ...(retryAfterMs !== undefined && { retryAfterMs }),
  };

  // The service does not say how it answers a bad key (service-api.md §5): either status is one.
  if (status === 401 || status === 403) {
    return new ServiceError({
      ...base,
      kind: 'auth',
      keyRefused: key,
      say: (t) =>
        t.t(key === 'call' ? 'errors.serviceOwnKeyRefused' : 'errors.serviceAuth', {
          status: String(status),
        }),
    });
  }
  if (status === 429) {
    if (QUOTA_WORDS.test(`${error?.code ?? ''} ${error?.message ?? ''}`)) {
      return new ServiceError({
        ...base,
        kind: 'quota',
        say: (t) => t.t('errors.serviceQuota', { said: quoted(t, detail) }),
      });
    }
    return new ServiceError({
      ...base,
      kind: 'rate_limited',
      retryable: true,
      say: (t) =>
        retryAfterMs === undefined
          ? t.t('errors.serviceBusy')
          : t.t('errors.serviceBusyWait', { wait: t.wait(retryAfterMs) }),
    });
  }
  if (status >= 500) {
    return new ServiceError({
      ...base,
      kind: 'unavailable',
      retryable: true,
      say: (t) => t.t('errors.serviceUnavailable', { status: String(status) }),
    });
  }
  return new ServiceError({
    ...base,
    kind: 'bad_request',
    retryable: status === 408 || status === 409,
    say: (t) => t.t('errors.serviceRefused', { status: String(status), said: quoted(t, detail) }),
  });
}

/** Jittered exponential backoff: attempt 0 waits ~0.5-1 s, then doubles, capped at 8 s. */
export function backoffDelayMs(attempt: number, random: () => number, baseMs = 1000, capMs = 8000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** The longest server-requested wait the bot honours before it gives up and tells the user. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Image generation is not idempotent (each call is billed), so it is retried only when the
 * service surely did not act: the connection failed before the request was sent, or the service
 * answered 429 (not quota), 502, 503 or 504. Never after a header timeout or a dropped response.
 */
export function isImageRetryable(error: ServiceError): boolean {
  if (error.kind === 'connection') return error.beforeSend;
  if (error.kind === 'rate_limited') return true;
  return error.status === 502 || error.status === 503 || error.status === 504;
}

export function isChatRetryable(error: ServiceError): boolean {
  return error.retryable;
}
