/**
 * A call's own key (CallOptions.apiKey, e.g. a server's own): sent instead of the configured one on
 * every attempt, a refusal says whose key it was (keyRefused), and the key is never quoted back.
 */
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/i18n/locales.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import { type FakeService, startFakeService } from '../../../src/localService/fakeService.js';
import { createServiceClient, type ServiceClient } from '../../../src/service/client.js';
import { ServiceError } from '../../../src/service/errors.js';
import type { ChatRequest, ImageRequest } from '../../../src/service/types.js';

const OPERATOR_KEY = 'sk-operator-configured-key-0001';
const SERVER_KEY = 'sk-server-own-key-0002';
const chat: ChatRequest = { model: 'service-v1-flash', messages: [{ role: 'user', content: 'hi' }] };
const image: ImageRequest = { model: 'service-image-v1', prompt: 'a cat', size: '512x512', n: 1 };

let service: FakeService;
let client: ServiceClient;
let logs: string[] = [];

function makeClient(maxRetries = 2): ServiceClient {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  return createServiceClient({
    baseUrl: service.url,
    apiKey: OPERATOR_KEY,
    // The logger is told no secret: the call's key must be kept out by the client itself.
    logger: createLogger({ level: 'debug', secrets: [], destination }),
    redact: (text) => text.replaceAll(OPERATOR_KEY, '[redacted]'),
    maxRetries,
    backoffBaseMs: 1,
    random: () => 0,
  });
}

async function drain(stream: AsyncGenerator<unknown>): Promise<void> {
  for await (const _ of stream);
}

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

beforeAll(async () => {
  service = await startFakeService();
  client = makeClient();
});
afterAll(async () => {
  await client.close();
  await service.close();
});
afterEach(() => {
  service.requests.length = 0;
  service.refuseKeys.clear();
  logs = [];
});

describe('a call with its own key', () => {
  it('sends the call’s key, not the configured one, and the configured one without it', async () => {
    await drain(client.streamChat(chat, { apiKey: SERVER_KEY }));
    await client.generateImages(image, { apiKey: SERVER_KEY });
    await drain(client.streamChat(chat));
    await client.generateImages(image, {});
    expect(service.requests.map((request) => request.apiKey)).toEqual([
      SERVER_KEY,
      SERVER_KEY,
      OPERATOR_KEY,
      OPERATOR_KEY,
    ]);
    expect(service.requests[0]?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(JSON.stringify(service.requests.slice(0, 2).map((request) => request.headers))).not.toContain(
      OPERATOR_KEY,
    );
  });

  it('sends the call’s key on every retry, of a reply and of images', async () => {
    service.enqueue({ status: 503 }, { status: 502 });
    const retries: number[] = [];
    await drain(
      client.streamChat(chat, { apiKey: SERVER_KEY, onRetry: ({ attempt }) => retries.push(attempt) }),
    );
    service.enqueueImages({ status: 503 });
    await client.generateImages(image, {
      apiKey: SERVER_KEY,
      onRetry: ({ attempt }) => retries.push(attempt),
    });
    expect(retries).toEqual([1, 2, 1]);
    expect(service.chatRequests().map((request) => request.apiKey)).toEqual([
      SERVER_KEY,
      SERVER_KEY,
      SERVER_KEY,
    ]);
    expect(service.imageRequests().map((request) => request.apiKey)).toEqual([SERVER_KEY, SERVER_KEY]);
  });

  it('says a refused call key is the call’s own, and a refused configured key is the operator’s', async () => {
    service.refuseKeys.add(SERVER_KEY);
    const own = await failureOf(drain(client.streamChat(chat, { apiKey: SERVER_KEY })));
    expect(own).toMatchObject({ kind: 'auth', status: 401, keyRefused: 'call', retryable: false });
    expect(own.userMessage).toMatch(/this server's own service key.*\/config service-key show/);
    const ownImages = await failureOf(client.generateImages(image, { apiKey: SERVER_KEY }));
    expect(ownImages).toMatchObject({ kind: 'auth', keyRefused: 'call' });
    // The operator's key still works for the calls without one.
    await drain(client.streamChat(chat));

    service.refuseKeys.add(OPERATOR_KEY);
    const operator = await failureOf(drain(client.streamChat(chat)));
    expect(operator).toMatchObject({ kind: 'auth', status: 401, keyRefused: 'operator' });
    expect(operator.userMessage).toMatch(/this bot's API key/);
    const operatorImages = await failureOf(client.generateImages(image));
    expect(operatorImages).toMatchObject({ kind: 'auth', keyRefused: 'operator' });
    // Refused once: a key problem is not retried.
    expect(service.requests).toHaveLength(5);
  });

  it('treats 403 as a refused key too, and leaves keyRefused unset for other failures', async () => {
    service.enqueue({ status: 403 }, { status: 400 });
    const forbidden = await failureOf(drain(client.streamChat(chat, { apiKey: SERVER_KEY })));
    expect(forbidden).toMatchObject({ kind: 'auth', status: 403, keyRefused: 'call' });
    const bad = await failureOf(drain(client.streamChat(chat, { apiKey: SERVER_KEY })));
    expect(bad).toMatchObject({ kind: 'bad_request', keyRefused: undefined });
  });
});

describe('a call’s key is never quoted back', () => {
  const i18n = createI18n();
  // Keys as an admin could paste them: visible ASCII, long enough not to occur in a sentence.
  const keys = fc.string({
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    minLength: 16,
    maxLength: 80,
  });
  // Ways a service could echo the key: an error body of any status, or an error event mid-reply.
  const echoes = fc.constantFrom(
    { status: 401 },
    { status: 403 },
    { status: 400 },
    { status: 429, code: 'insufficient_quota' },
    { status: 429 },
    { status: 500 },
    { midReply: true },
    { text: true },
  );

  it('not even when scrubbing it leaves a copy (overlapping echoes)', async () => {
    // "[redacted]" ends in "acted]": scrubbing the first copy of this key joins a new one.
    const key = 'acted]'.repeat(3);
    service.enqueue({ status: 400, errorBody: { error: { message: 'acted]'.repeat(5) } } });
    const failure = await failureOf(drain(client.streamChat(chat, { apiKey: key })));
    expect(failure.kind).toBe('bad_request');
    expect(`${failure.message} ${failure.userMessage}`).not.toContain(key);
  });

  it('in no error message, sentence in any language, or log line', async () => {
    const once = makeClient(0);
    try {
      await fc.assert(
        fc.asyncProperty(keys, echoes, fc.boolean(), async (key, echo, images) => {
          logs = [];
          const said = `Incorrect API key provided: ${key} (key ${key})`;
          const body = 'text' in echo ? said : { error: { message: said, ...echo } };
          const call = { apiKey: key };
          let failure: ServiceError;
          if ('midReply' in echo) {
            service.enqueue({ text: 'one two three', errorAfterChunks: { after: 1, message: said } });
            failure = await failureOf(drain(once.streamChat(chat, call)));
          } else if (images) {
            service.enqueueImages({ status: 'status' in echo ? echo.status : 400, errorBody: body });
            failure = await failureOf(once.generateImages(image, call));
          } else {
            service.enqueue({ status: 'status' in echo ? echo.status : 400, errorBody: body });
            failure = await failureOf(drain(once.streamChat(chat, call)));
          }
          expect(service.requests.at(-1)?.apiKey).toBe(key);
          const texts = [
            failure.message,
            failure.userMessage,
            ...LANGUAGES.map((language) => failure.describe(i18n.translator(language))),
            ...logs,
          ];
          for (const text of texts) expect(text).not.toContain(key);
          expect(failure.keyRefused).toBe(
            'status' in echo && (echo.status === 401 || echo.status === 403) ? 'call' : undefined,
          );
        }),
        { numRuns: 150 },
      );
    } finally {
      await once.close();
    }
  });
});
