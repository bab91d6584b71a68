import { describe, expect, it } from 'vitest';
import { backoffDelayMs, errorFromResponse, parseRetryAfter } from '../../../src/service/errors.js';

const noRedact = (text: string) => text;

describe('service errors', () => {
  it('maps 401 and 403 to a key problem an admin must fix', () => {
    for (const status of [401, 403]) {
      const error = errorFromResponse(status, '{"error":{"message":"invalid api key"}}', undefined, noRedact);
      expect(error.kind).toBe('auth');
      expect(error.retryable).toBe(false);
      expect(error.userMessage).toMatch(/admin must fix the key/);
    }
  });

  it('says whose key was refused: the operator’s by default, the call’s own when told', () => {
    for (const status of [401, 403]) {
      const operator = errorFromResponse(status, '', undefined, noRedact);
      expect(operator.keyRefused).toBe('operator');
      const own = errorFromResponse(status, '', undefined, noRedact, 'call');
      expect(own).toMatchObject({ kind: 'auth', keyRefused: 'call', retryable: false });
      expect(own.userMessage).toMatch(/this server's own service key.*\/config service-key show/);
      expect(own.userMessage).not.toMatch(/this bot's API key/);
    }
    for (const status of [400, 404, 429, 500]) {
      expect(errorFromResponse(status, '', undefined, noRedact, 'call').keyRefused).toBeUndefined();
    }
  });

  it('maps 429 to busy with the wait, and quota exhaustion to a non-retryable quota error', () => {
    const busy = errorFromResponse(429, '{"error":{"message":"slow down"}}', 12_000, noRedact);
    expect(busy).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 12_000 });
    expect(busy.userMessage).toMatch(/in 12 sec/);
    const quota = errorFromResponse(
      429,
      '{"error":{"message":"You exceeded your quota","code":"insufficient_quota"}}',
      undefined,
      noRedact,
    );
    expect(quota).toMatchObject({ kind: 'quota', retryable: false });
  });

  it('maps 5xx to unavailable (retryable) and 408/409 to retryable, other 4xx not', () => {
    expect(errorFromResponse(503, '', undefined, noRedact)).toMatchObject({
      kind: 'unavailable',
      retryable: true,
    });
    expect(errorFromResponse(408, '', undefined, noRedact).retryable).toBe(true);
    expect(errorFromResponse(409, '', undefined, noRedact).retryable).toBe(true);
    const bad = errorFromResponse(400, '{"error":{"message":"max_tokens too large"}}', undefined, noRedact);
    expect(bad).toMatchObject({ kind: 'bad_request', retryable: false });
    expect(bad.userMessage).toContain('max_tokens too large');
  });

  it('redacts secrets the service echoes back', () => {
    const error = errorFromResponse(
      400,
      '{"error":{"message":"bad key sk-secret-123456"}}',
      undefined,
      (text) => text.replaceAll('sk-secret-123456', '[redacted]'),
    );
    expect(error.userMessage).not.toContain('sk-secret');
    expect(error.message).not.toContain('sk-secret');
  });

  it('reads Retry-After in seconds, as a date, and retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter({ 'retry-after': '3' }, now)).toBe(3000);
    expect(parseRetryAfter({ 'retry-after-ms': '250.5' }, now)).toBe(250.5);
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }, now)).toBe(10_000);
    expect(parseRetryAfter({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(parseRetryAfter({}, now)).toBeUndefined();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(500);
    expect(backoffDelayMs(0, () => 1)).toBe(1000);
    expect(backoffDelayMs(2, () => 1)).toBe(4000);
    expect(backoffDelayMs(10, () => 1)).toBe(8000);
  });
});

describe('image retry policy (non-idempotent POST)', () => {
  const noRedact = (text: string) => text;
  it('retries only 429 (not quota), 502, 503, 504 and connections that never reached the service', async () => {
    const { isImageRetryable, ServiceError } = await import('../../../src/service/errors.js');
    const status = (code: number, body = '') =>
      isImageRetryable(errorFromResponse(code, body, undefined, noRedact));
    expect([429, 502, 503, 504].map((code) => status(code))).toEqual([true, true, true, true]);
    expect([500, 408, 409, 400, 401].map((code) => status(code))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(status(429, '{"error":{"message":"quota exceeded","code":"insufficient_quota"}}')).toBe(false);
    const refused = new ServiceError({
      kind: 'connection',
      say: () => '',
      beforeSend: true,
      retryable: true,
    });
    const reset = new ServiceError({
      kind: 'connection',
      say: () => '',
      beforeSend: false,
      retryable: true,
    });
    const headerTimeout = new ServiceError({ kind: 'timeout', say: () => '' });
    expect([refused, reset, headerTimeout].map(isImageRetryable)).toEqual([true, false, false]);
  });
});
