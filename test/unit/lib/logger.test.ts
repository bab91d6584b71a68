import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, createRedactor } from '../../../src/lib/logger.js';

describe('redactor', () => {
  it('removes secrets and interaction tokens from text', () => {
    const redact = createRedactor(['super-secret-token-123']);
    const out = redact(
      'token super-secret-token-123 at /api/v10/webhooks/123/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTA/messages',
    );
    expect(out).not.toContain('super-secret');
    expect(out).not.toContain('aW50ZXJhY3Rpb24');
  });

  it('removes a short password wherever it stands alone, and leaves words that merely contain it', () => {
    const redact = createRedactor(['pw']);
    expect(redact('{"password":"pw","user":"postgres"}')).toBe('{"password":"[redacted]","user":"postgres"}');
    expect(redact('connect to postgres://bot:pw@db:5432/bot')).toBe(
      'connect to postgres://bot:[redacted]@db:5432/bot',
    );
    expect(redact('password pw refused')).toBe('password [redacted] refused');
    expect(redact('the pwd is pwned')).toBe('the pwd is pwned');
  });

  it('removes the credentials of any URL, even one the redactor was not told about', () => {
    expect(createRedactor([])('redis://default:hunter2@cache:6379/0 failed')).toBe(
      'redis://default:[redacted]@cache:6379/0 failed',
    );
  });

  it('keeps any password out of a logged object, whatever its length and characters (one letter or digit at least)', () => {
    const password = fc
      .string({ minLength: 1, maxLength: 24, unit: 'grapheme-ascii' })
      .filter((text) => /[a-z0-9]/i.test(text));
    fc.assert(
      fc.property(password, (secret) => {
        const lines: string[] = [];
        const logger = createLogger({
          secrets: [secret],
          destination: { write: (line) => lines.push(line) },
        });
        logger.error({ client: { connectionParameters: { password: secret } } }, 'idle connection lost');
        const logged = JSON.parse(lines[0] ?? '{}') as {
          client: { connectionParameters: { password: string } };
        };
        expect(logged.client.connectionParameters.password).toBe('[redacted]');
      }),
      { numRuns: 300 },
    );
  });
});
