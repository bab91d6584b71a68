/**
 * The playground's demo service on loopback, speaking the service's interface
 * (shared/service-api.md): `POST /v1/chat/completions` streams a reply (demoReplies.ts) as
 * server-sent events at about 40 tokens a second, `data: [DONE]` last and `usage` on the final
 * chunk, or answers whole without `stream`; `POST /v1/images/generations` answers `n` URLs on its
 * own content host, where each PNG is drawn from the prompt by resvg at the requested size.
 * Any bearer key is accepted: it is a demo, not a gate.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { demoPieces, demoReply, demoTokens } from './demoReplies.js';

export interface DemoService {
  readonly url: string;
  close(): Promise<void>;
}

const PIECE_MS = 50;
const SIZES = new Set(['512x512', '1024x1024', '2048x2048']);

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function lastUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages)
    ? (body.messages as { role?: unknown; content?: unknown }[])
    : [];
  const last = messages.filter((message) => message.role === 'user').at(-1);
  // The bot prefixes the speaker's name ("Alex: …"); the reply is about what they said.
  if (typeof last?.content !== 'string') return '';
  return last.content.startsWith('About this message from ')
    ? last.content
    : last.content.replace(/^[^:\n]{1,40}:\s*/, '');
}

function chat(body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): void {
  const model = typeof body.model === 'string' ? body.model : 'service-v1-flash';
  const reply = demoReply(lastUserText(body));
  const promptText = JSON.stringify(body.messages ?? []);
  const usage = { input_tokens: demoTokens(promptText), output_tokens: demoTokens(reply) };
  const id = `demo-${randomUUID()}`;
  if (body.stream !== true) {
    json(res, 200, {
      id,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
      usage,
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const pieces = demoPieces(reply);
  let next = 0;
  const timer = setInterval(() => {
    const piece = pieces[next];
    next += 1;
    if (piece !== undefined) {
      res.write(
        `data: ${JSON.stringify({ id, model, choices: [{ index: 0, delta: { content: piece } }] })}\n\n`,
      );
      return;
    }
    clearInterval(timer);
    const last = { id, model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage };
    res.end(`data: ${JSON.stringify(last)}\n\ndata: [DONE]\n\n`);
  }, PIECE_MS);
  // Stop writing when the bot hangs up (Stop, shutdown).
  req.socket.once('close', () => clearInterval(timer));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A picture for a prompt: a gradient in colours taken from the prompt, and the prompt itself. */
function drawPng(prompt: string, index: number, side: number): Buffer {
  let hash = index * 7919;
  for (const char of prompt) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  const words = prompt.split(/\s+/).filter(Boolean).slice(0, 8).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},70%,35%)"/>
  </linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="${120 + (hash % 270)}" cy="${140 + ((hash >> 8) % 220)}" r="${60 + (hash % 70)}" fill="hsla(${(hue + 60) % 360},80%,75%,0.55)"/>
  <text x="256" y="470" font-size="26" text-anchor="middle" fill="white" font-family="sans-serif">${escapeXml(words)}</text>
  <text x="256" y="40" font-size="18" text-anchor="middle" fill="white" font-family="sans-serif">image ${index + 1}</text>
</svg>`;
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  return new Resvg(svg, { fitTo: { mode: 'width', value: side } }).render().asPng();
}

export async function startDemoService(port = 0): Promise<DemoService> {
  const images = new Map<string, { prompt: string; index: number; side: number }>();
  let base = '';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path.startsWith('/images/')) {
      const image = images.get(path.slice('/images/'.length).replace(/\.png$/, ''));
      if (!image) return json(res, 404, { error: { message: 'no such image' } });
      res.writeHead(200, { 'content-type': 'image/png' }).end(drawPng(image.prompt, image.index, image.side));
      return;
    }
    if (req.method !== 'POST')
      return json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    void readJson(req).then((body) => {
      if (path === '/v1/chat/completions') return chat(body, req, res);
      if (path !== '/v1/images/generations')
        return json(res, 404, { error: { message: `no route ${path}` } });
      const n = typeof body.n === 'number' && body.n >= 1 && body.n <= 4 ? body.n : 1;
      const size = typeof body.size === 'string' && SIZES.has(body.size) ? body.size : '1024x1024';
      const prompt = typeof body.prompt === 'string' ? body.prompt : '';
      const data = Array.from({ length: n }, (_, index) => {
        const id = randomUUID();
        images.set(id, { prompt, index, side: Number(size.split('x')[0]) });
        return { url: `${base}/images/${id}.png` };
      });
      // A moment of "generating", as a real service takes.
      setTimeout(() => json(res, 200, { created: Math.floor(Date.now() / 1000), data }), 1200);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
