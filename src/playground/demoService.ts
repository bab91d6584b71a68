/**
 * The playground's demo service: the local service (src/localService/) answering every request
 * with the demo's scripts, recording nothing. A chat reply is chosen by what was asked
 * (demoReplies.ts) and streamed a word or two at a time at about 40 tokens a second, `usage` on
 * a last chunk and `data: [DONE]` after it (whole without `stream`); an image request answers `n`
 * URLs after a moment of "generating", each PNG drawn from the prompt at the requested size when
 * first fetched (demoPicture.ts). Any bearer key is accepted: it is a demo, not a gate.
 */
import { type FakeService, startFakeService } from '../localService/fakeService.js';
import type { ChatScript, ImageScript, RecordedRequest } from '../localService/scripts.js';
import { drawPng } from './demoPicture.js';
import { demoPieces, demoReply, demoTokens } from './demoReplies.js';

const PIECE_MS = 50;
const GENERATING_MS = 1200;
const SIZES = new Set(['512x512', '1024x1024', '2048x2048']);

/** What the member said last: the bot prefixes the speaker's name ("Alex: …"), which is dropped. */
function lastUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages)
    ? (body.messages as { role?: unknown; content?: unknown }[])
    : [];
  const last = messages.filter((message) => message.role === 'user').at(-1);
  if (typeof last?.content !== 'string') return '';
  return last.content.startsWith('About this message from ')
    ? last.content
    : last.content.replace(/^[^:\n]{1,40}:\s*/, '');
}

/** The demo's answer to a chat request. */
export function demoChat(request: RecordedRequest): ChatScript {
  const reply = demoReply(lastUserText(request.body));
  const promptText = JSON.stringify(request.body.messages ?? []);
  return {
    text: reply,
    parts: demoPieces(reply),
    intervalMs: PIECE_MS,
    usage: { input_tokens: demoTokens(promptText), output_tokens: demoTokens(reply) },
    usagePlacement: 'trailing-chunk',
  };
}

/** The demo's answer to an image request: `n` (1-4) pictures of the prompt at the requested size. */
export function demoImages(request: RecordedRequest): ImageScript {
  const { body } = request;
  const n = typeof body.n === 'number' && body.n >= 1 && body.n <= 4 ? body.n : 1;
  const size = typeof body.size === 'string' && SIZES.has(body.size) ? body.size : '1024x1024';
  const side = Number(size.split('x')[0]);
  const prompt = typeof body.prompt === 'string' ? body.prompt : '';
  return {
    headersDelayMs: GENERATING_MS,
    count: n,
    images: Array.from({ length: n }, (_, index) => ({ draw: () => drawPng(prompt, index, side) })),
  };
}

export function startDemoService(port = 0): Promise<FakeService> {
  return startFakeService({ port, record: false, fallback: demoChat, imageFallback: demoImages });
}
