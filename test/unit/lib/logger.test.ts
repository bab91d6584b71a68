import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../../src/lib/logger.js';

describe('redactor', () => {
  it('removes secrets and interaction tokens from text', () => {
    const redact = createRedactor(['super-secret-token-123']);
    const out = redact(
      'token super-secret-token-123 at /api/v10/webhooks/123/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTA/messages',
    );
    expect(out).not.toContain('super-secret');
    expect(out).not.toContain('aW50ZXJhY3Rpb24');
  });
});
