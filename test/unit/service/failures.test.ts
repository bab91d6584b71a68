import { errors as undiciErrors } from 'undici';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/translator.js';
import { ServiceError } from '../../../src/service/errors.js';
import { bodyFailure, ReplyTooLong, type ServiceTimeouts } from '../../../src/service/failures.js';
import { MAX_EVENT_CHARS, SseEventTooLarge } from '../../../src/service/sse.js';
import type { Usage } from '../../../src/service/types.js';

const timeouts: ServiceTimeouts = { connectMs: 10_000, headersMs: 120_000, idleMs: 60_000, replyMs: 600_000 };
const usage: Usage = { inputTokens: 12, outputTokens: 30, estimated: true };

describe('failures while a reply streams', () => {
  it('the reply ceiling: its own kind, the ceiling in words, the partial reply charged', () => {
    const error = bodyFailure(new ReplyTooLong(), undefined, timeouts, true, usage);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.kind).toBe('reply_timeout');
    expect(error.userMessage).toBe(
      'The reply took longer than 10 min, so the bot stopped it. The reply was cut short.',
    );
    expect(error.usage).toEqual(usage);
    expect(error.retryable).toBe(false);
    expect(
      bodyFailure(new ReplyTooLong(), undefined, { ...timeouts, replyMs: 1_000 }, false).userMessage,
    ).toBe('The reply took longer than 1 sec, so the bot stopped it. No reply arrived.');
  });

  it('an oversized event: its own kind, the limit in words, the partial reply charged', () => {
    const error = bodyFailure(new SseEventTooLarge(MAX_EVENT_CHARS), undefined, timeouts, true, usage);
    expect(error.kind).toBe('event_too_large');
    expect(error.userMessage).toBe(
      'The service sent more than 1 MiB in a single stream event, so the bot stopped reading. The reply was cut short.',
    );
    expect(error.usage).toEqual(usage);
    expect(bodyFailure(new SseEventTooLarge(64), undefined, timeouts, false).userMessage).toBe(
      'The service sent more than 64 characters in a single stream event, so the bot stopped reading. No reply arrived.',
    );
  });

  it('a member who stops the reply at the same moment is a stop, not a failure', () => {
    const controller = new AbortController();
    controller.abort();
    expect(bodyFailure(new ReplyTooLong(), controller.signal, timeouts, true, usage).kind).toBe('aborted');
  });

  it('the idle timeout stays what it was', () => {
    const error = bodyFailure(new undiciErrors.BodyTimeoutError(), undefined, timeouts, true, usage);
    expect(error.kind).toBe('idle_timeout');
    expect(error.userMessage).toBe(
      'The service sent nothing for 60 sec, so the bot stopped waiting. The reply was cut short.',
    );
  });
});

describe('failures in the reader words', () => {
  it('a German member reads a German sentence, with the wait written the German way', () => {
    const german = createI18n().translator('de');
    const error = bodyFailure(new ReplyTooLong(), undefined, { ...timeouts, replyMs: 90_000 }, true);
    expect(error.describe(german)).toBe(
      `${german.t('errors.replyTooLong', { wait: german.wait(90_000) })} ${german.t('errors.replyCut')}`,
    );
    expect(error.describe(german)).not.toBe(error.userMessage);
  });
});
