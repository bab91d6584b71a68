/**
 * One reference policy as a process of its own, driven by bench/sideBySide.ts over IPC:
 * `node --import tsx bench/policies/runner.ts <llmcord|discordOllama|turingAi>` with
 * BENCH_DISCORD_API, BENCH_APPLICATION_ID and BENCH_SERVICE_URL set.
 *
 * For each reply it is sent (an interaction the fake Discord opened without dispatching it), it
 * does what our bot does around its renderer, the same way for every policy:
 * 1. defers the interaction (callback type 5: "thinking…");
 * 2. requests the reply from the service with our bot's request shape (POST /v1/chat/completions,
 *    `stream: true`) through undici, and reads the server-sent events with our bot's own reader
 *    (src/service/sse.ts, eventsource-parser), so parsing costs the same;
 * 3. hands the deltas to the policy, whose writes go through one discord.js REST client for the
 *    whole process (as a bot has one), on the interaction-token routes with discord.js's global
 *    50 requests/s lifted as for our bot's interaction client (Discord does not count
 *    interaction webhooks against the global limit), so 429 handling is the same library's.
 *
 * Messages: parent → child `{ type: 'replies', replies: [{ id, token, prompt }] }` and
 * `{ type: 'stop' }` (cancels every write still queued or waiting, answers `{ type: 'stopped',
 * pending }` with how many there were); child → parent `{ type: 'ready' }`.
 */
import { pathToFileURL } from 'node:url';
import { REST, Routes } from 'discord.js';
import { Pool } from 'undici';
import { readSseChunks } from '../../src/service/sse.js';
import { discordOllama } from './discordOllama.js';
import { llmcord } from './llmcord.js';
import type { Block, Delta, Policy } from './policy.js';
import { turingAi } from './turingAi.js';

export const POLICIES: Record<string, Policy> = { llmcord, discordOllama, turingAi };

export interface ReplyJob {
  readonly id: string;
  readonly token: string;
  readonly prompt: string;
}

export type ToRunner = { readonly type: 'replies'; readonly replies: ReplyJob[] } | { readonly type: 'stop' };
export type FromRunner = { readonly type: 'ready' } | { readonly type: 'stopped'; readonly pending: number };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`policy runner: ${name} is required`);
  return value;
}

async function* deltasOf(body: AsyncIterable<Uint8Array>): AsyncGenerator<Delta, void, undefined> {
  for await (const chunk of readSseChunks(body)) {
    if (chunk.kind === 'done') return;
    if (chunk.kind === 'error') throw new Error(`service: ${chunk.error.message}`);
    if (chunk.kind !== 'data' || (chunk.delta === undefined && chunk.finishReason === undefined)) continue;
    yield { content: chunk.delta ?? '', finishReason: chunk.finishReason ?? null };
  }
}

async function main(): Promise<void> {
  const chosen = POLICIES[process.argv[2] ?? ''];
  if (!chosen) throw new Error(`policy runner: unknown policy ${process.argv[2]}`);
  const policy: Policy = chosen;
  const applicationId = required('BENCH_APPLICATION_ID');
  const rest = new REST({ api: required('BENCH_DISCORD_API'), globalRequestsPerSecond: 10_000 });
  const service = new Pool(new URL(required('BENCH_SERVICE_URL')).origin, { connections: 256 });
  // One controller per request: thousands of queued writes listening on one shared signal would
  // make every add and remove of a listener walk all the others.
  const inFlight = new Set<AbortController>();
  let stopped = false;
  const cancellable = async <T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      return await send(controller.signal);
    } finally {
      inFlight.delete(controller);
    }
  };
  let writes = 0;
  const write = async <T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    writes += 1;
    try {
      return await cancellable(send);
    } finally {
      writes -= 1;
    }
  };
  const block = (token: string, messageId: string): Block => ({
    edit: async (content) => {
      await write((signal) =>
        rest.patch(Routes.webhookMessage(applicationId, token, messageId), {
          body: { content },
          auth: false,
          signal,
        }),
      );
    },
  });

  async function answer(job: ReplyJob): Promise<void> {
    await cancellable((signal) =>
      rest.post(Routes.interactionCallback(job.id, job.token), { body: { type: 5 }, auth: false, signal }),
    );
    const response = await cancellable((signal) =>
      service.request({
        path: '/v1/chat/completions',
        method: 'POST',
        headers: {
          authorization: 'Bearer bench-key',
          'content-type': 'application/json',
          accept: 'text/event-stream, application/json',
        },
        body: JSON.stringify({
          model: 'service-v1-flash',
          messages: [{ role: 'user', content: `Member: ${job.prompt}` }],
          max_tokens: 2048,
          stream: true,
        }),
        signal,
      }),
    );
    await policy.reply({
      deltas: deltasOf(response.body),
      original: block(job.token, '@original'),
      followUp: async (content) => {
        const message = (await write((writeSignal) =>
          rest.post(Routes.webhook(applicationId, job.token), {
            body: { content },
            auth: false,
            signal: writeSignal,
          }),
        )) as { id: string };
        return block(job.token, message.id);
      },
    });
  }

  process.on('message', (message: ToRunner) => {
    if (message.type === 'replies') {
      for (const job of message.replies) {
        stopped = false;
        answer(job).catch((error: unknown) => {
          if (stopped) return;
          process.stderr.write(`${policy.name} ${job.prompt}: ${String(error)}\n`);
        });
      }
    } else if (message.type === 'stop') {
      stopped = true;
      process.send?.({ type: 'stopped', pending: writes } satisfies FromRunner);
      for (const controller of inFlight) controller.abort();
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready' } satisfies FromRunner);
}

// Only as the process's entry (the benchmark imports its types and POLICIES).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
