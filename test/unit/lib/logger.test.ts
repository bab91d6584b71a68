import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, createRedactor, createSecretSet } from '../../../src/lib/logger.js';

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

describe('a secret set that learns', () => {
  it('redacts a secret learned after the logger was made, in log lines and by redact, escaped forms too', () => {
    const secrets = createSecretSet(['bot-token-1234567890']);
    const lines: string[] = [];
    const logger = createLogger({ secrets, destination: { write: (line) => lines.push(line) } });
    const redact = createRedactor(secrets);
    const key = 'sk-server"key\\with-quote';
    logger.warn({ detail: `refused ${key}` }, 'before');
    expect(lines[0]).toContain('sk-server');
    secrets.add(key);
    logger.warn({ detail: `refused ${key}`, err: new Error(`bad key ${key}`) }, `service said ${key}`);
    expect(lines[1]).not.toContain('sk-server');
    expect(lines[1]).toContain('[redacted]');
    expect(JSON.parse(lines[1] ?? '{}')).toMatchObject({
      msg: 'service said [redacted]',
      detail: 'refused [redacted]',
    });
    expect(redact(`key ${key}; as JSON ${JSON.stringify(key)}`)).toBe('key [redacted]; as JSON "[redacted]"');
    expect(redact('bot-token-1234567890')).toBe('[redacted]');
  });

  it('redacts a short learned secret where it stands alone, as the fixed list does', () => {
    const secrets = createSecretSet([]);
    secrets.add('k3y');
    expect(secrets.redact('the k3y, not k3yboard')).toBe('the [redacted], not k3yboard');
  });

  it('keeps at most its limit of learned secrets, the least recently taught dropped first; never the initial ones', () => {
    const secrets = createSecretSet(['initial-secret-0000'], 3);
    for (const name of ['learned-secret-1', 'learned-secret-2', 'learned-secret-3']) secrets.add(name);
    // Taught again: now the most recent, so 2 is the oldest when 4 comes.
    secrets.add('learned-secret-1');
    secrets.add('learned-secret-4');
    expect(
      secrets.redact(
        'initial-secret-0000 learned-secret-1 learned-secret-2 learned-secret-3 learned-secret-4',
      ),
    ).toBe('[redacted] [redacted] learned-secret-2 [redacted] [redacted]');
  });
});
