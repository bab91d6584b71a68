/**
 * The count of invalid Discord answers (401, 403, 429) over a sliding window, with one warning
 * per window at the threshold: Discord bans a bot's address for a while at 10,000 per 10 min.
 */
import { type APIRequest, REST, RESTEvents, type ResponseLike } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createRestHealth, INVALID_REQUESTS_WARNING } from '../../../src/discord/restHealth.js';
import { createLogger } from '../../../src/lib/logger.js';

function setUp(options: { windowMs?: number; warnAt?: number } = {}) {
  let now = 1_000_000;
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets: [],
    destination: { write: (line) => lines.push(JSON.parse(line)) },
  });
  const health = createRestHealth({ logger, clock: { now: () => now }, ...options });
  return {
    health,
    warnings: () => lines.filter((line) => line.msg === INVALID_REQUESTS_WARNING),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const answer = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
});

describe('REST health', () => {
  it('counts 401, 403 and 429 answers, not successes, other errors or shared-scope 429s', () => {
    const { health } = setUp();
    for (const status of [200, 204, 400, 404, 500, 502, 401, 403, 429, 429]) health.record(answer(status));
    // Discord does not count a 429 of a shared resource against the bot.
    health.record(answer(429, { 'x-ratelimit-scope': 'shared' }));
    expect(health.count()).toBe(4);
    expect(health.counts()).toEqual({ 401: 1, 403: 1, 429: 2 });
  });

  it('forgets answers older than the window (sliding)', () => {
    const { health, advance } = setUp({ windowMs: 10_000 });
    health.record(answer(429));
    advance(6_000);
    health.record(answer(403));
    expect(health.count()).toBe(2);
    advance(4_000);
    // The first answer is now exactly one window old.
    expect(health.count()).toBe(1);
    advance(5_999);
    expect(health.count()).toBe(1);
    advance(1);
    expect(health.count()).toBe(0);
  });

  it('warns once when the window holds the threshold, and not again until a window later', () => {
    const { health, advance, warnings } = setUp({ windowMs: 60_000, warnAt: 5 });
    for (let i = 0; i < 4; i += 1) health.record(answer(429));
    expect(warnings()).toHaveLength(0);
    health.record(answer(403));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({
      level: 40,
      count: 5,
      windowMs: 60_000,
      statuses: { 403: 1, 429: 4 },
    });
    // Still hammering within the same window: no second line.
    for (let i = 0; i < 20; i += 1) {
      advance(1_000);
      health.record(answer(429));
    }
    expect(warnings()).toHaveLength(1);
    // A window after the warning, still over the threshold: warned again.
    advance(40_000);
    health.record(answer(429));
    expect(warnings()).toHaveLength(2);
  });

  it('defaults to 1,000 answers per 10 minutes', () => {
    const { health, advance, warnings } = setUp();
    for (let i = 0; i < 999; i += 1) {
      health.record(answer(429));
      advance(600);
    }
    // 999 answers spread over 599.4 s: all still in the window, one short of the threshold.
    expect(health.count()).toBe(999);
    expect(warnings()).toHaveLength(0);
    health.record(answer(401));
    expect(warnings()).toHaveLength(1);
  });

  it('watches every REST client it is given, through their response events', async () => {
    const { health } = setUp();
    const first = new REST();
    const second = new REST();
    health.watch(first);
    health.watch(second);
    const request = {
      method: 'PATCH',
      path: '/x',
      route: '/x',
      options: {},
      data: {},
      retries: 0,
    } as APIRequest;
    first.emit(RESTEvents.Response, request, answer(429) as unknown as ResponseLike);
    second.emit(RESTEvents.Response, request, answer(403) as unknown as ResponseLike);
    second.emit(RESTEvents.Response, request, answer(200) as unknown as ResponseLike);
    expect(health.count()).toBe(2);
  });
});
