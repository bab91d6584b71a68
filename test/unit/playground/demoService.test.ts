import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeService } from '../../../src/localService/fakeService.js';
import { demoReply } from '../../../src/playground/demoReplies.js';
import { startDemoService } from '../../../src/playground/demoService.js';

const post = (service: FakeService, path: string, body: unknown) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer any', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the demo service (the local service with the demo scripts)', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startDemoService();
  });
  afterAll(() => service.close());

  it('streams the demo reply to what the member said, in pieces, usage and [DONE] last', async () => {
    const messages = [{ role: 'user', content: 'Alex: give me a list of tips' }];
    const response = await post(service, '/v1/chat/completions', {
      model: 'service-v1-flash',
      messages,
      stream: true,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.slice('data: '.length)));
    const text = chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('');
    expect(text).toBe(demoReply('give me a list of tips'));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.at(-1).usage).toEqual({
      input_tokens: Math.ceil(JSON.stringify(messages).length / 4),
      output_tokens: Math.ceil(text.length / 4),
    });
    // It records nothing: a playground runs for hours.
    expect(service.requests).toEqual([]);
  });

  it('answers whole without stream', async () => {
    const response = await post(service, '/v1/chat/completions', {
      model: 'service-v1-pro',
      messages: [{ role: 'user', content: 'Sam: hello' }],
    });
    const body = (await response.json()) as {
      model: string;
      choices: { message: { content: string } }[];
      usage: { output_tokens: number };
    };
    expect(body.model).toBe('service-v1-pro');
    expect(body.choices[0]?.message.content).toBe(demoReply('hello'));
    expect(body.usage.output_tokens).toBeGreaterThan(0);
  });

  it('draws n pictures of the prompt at the requested size on its content host', async () => {
    const response = await post(service, '/v1/images/generations', {
      model: 'service-image-v1',
      prompt: 'a lighthouse at dusk',
      size: '512x512',
      n: 2,
    });
    const { data } = (await response.json()) as { data: { url: string }[] };
    expect(data).toHaveLength(2);
    const files = await Promise.all(
      data.map(async ({ url }) => {
        expect(url.startsWith(service.cdnUrl)).toBe(true);
        const image = await fetch(url);
        expect(image.headers.get('content-type')).toBe('image/png');
        return Buffer.from(await image.arrayBuffer());
      }),
    );
    const [first, second] = files.map((file) => PNG.sync.read(file));
    expect([first?.width, first?.height]).toEqual([512, 512]);
    expect(first?.data.equals(second?.data as Buffer)).toBe(false);
  });
});
