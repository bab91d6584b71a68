import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import { type FakeService, startFakeService } from '../../../src/localService/fakeService.js';
import { createServiceClient, type ServiceClient } from '../../../src/service/client.js';

let service: FakeService | undefined;
let client: ServiceClient | undefined;

afterEach(async () => {
  await client?.close().catch(() => undefined);
  await service?.close();
  client = undefined;
  service = undefined;
});

describe('service client connections', () => {
  // Each streamed reply holds its connection until it ends: a pool cap below the replies in
  // progress would hold the rest back until earlier replies end (it was 256).
  it('streams 300 replies at once, none waiting for a connection', async () => {
    const fake = await startFakeService();
    service = fake;
    const replies = 300;
    // One chunk each, then the connection stays open, as a long reply's would.
    for (let i = 0; i < replies; i += 1) fake.enqueue({ text: `reply ${i}`, chunks: 2, stallAfterChunks: 1 });
    const http = createServiceClient({
      baseUrl: fake.url,
      apiKey: 'key',
      logger: createLogger({ level: 'silent', secrets: [] }),
      redact: (text) => text,
    });
    client = http;
    const stop = new AbortController();
    // Every stream stays open (its reply unfinished) until all have their first text.
    const firstTexts = Array.from({ length: replies }, async () => {
      const stream = http.streamChat(
        { model: 'service-v1-flash', messages: [{ role: 'user', content: 'hi' }] },
        { signal: stop.signal },
      );
      const first = await stream.next();
      return first.value?.type === 'delta' ? first.value.text : undefined;
    });
    const timeout = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 10_000));
    const all = await Promise.race([Promise.all(firstTexts), timeout]);
    stop.abort();
    expect(all).not.toBe('timed out');
    expect(fake.chatRequests()).toHaveLength(replies);
    expect((all as (string | undefined)[]).every((text) => text?.startsWith('rep'))).toBe(true);
  });
});
