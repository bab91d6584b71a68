/**
 * The local service's images: `POST /v1/images/generations` answers URLs on a content host of
 * its own (another origin, as the real service's CDN), which serves each file as its script
 * says: paced, stalled, redirected, refused, or drawn when first fetched.
 */
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerError, sleep } from './chatReply.js';
import { makePng } from './png.js';
import type { CdnRequest, ImageScript, ImageServe, RecordedRequest } from './scripts.js';

export interface ContentHost {
  readonly url: string;
  /** Answers an image request as `script` says, and serves its files from then on. */
  answer(script: ImageScript, request: RecordedRequest, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export interface ContentHostRecords {
  /** Every request the content host received (not kept when undefined). */
  readonly cdnRequests?: CdnRequest[];
  /** The bytes of each image URL path once known (not kept when undefined). */
  readonly served?: Map<string, Buffer>;
}

export async function startContentHost(records: ContentHostRecords): Promise<ContentHost> {
  const serving = new Map<string, ImageServe & { file: () => Buffer }>();
  const sockets = new Set<Socket>();
  let imageCounter = 0;

  /** The file of an image: given, drawn once on first fetch (kept only when recording), or a PNG. */
  function fileOf(path: string, serve: ImageServe, seed: number): () => Buffer {
    const { served } = records;
    if (serve.draw && !served) return serve.draw;
    let bytes = serve.draw ? undefined : (serve.bytes ?? makePng(64, 64, seed));
    if (bytes) served?.set(path, bytes);
    return () => {
      if (!bytes) {
        bytes = (serve.draw as () => Buffer)();
        served?.set(path, bytes);
      }
      return bytes;
    };
  }

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    records.cdnRequests?.push({ path, headers: req.headers });
    const redirect = /^\/redirect\/(\d+)(\/images\/.*)$/.exec(path);
    const [target = '', query] = (redirect ? (redirect[2] as string) : path).split('?');
    const entry = serving.get(target);
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    if (entry.redirectTo !== undefined) {
      res.writeHead(302, { location: entry.redirectTo }).end();
      return;
    }
    const hops = redirect ? Number(redirect[1]) : query === 'final' ? 0 : (entry.redirects ?? 0);
    if (hops > 0) {
      res.writeHead(302, { location: hops > 1 ? `/redirect/${hops - 1}${target}` : `${target}?final` }).end();
      return;
    }
    if (entry.status !== undefined) {
      res.writeHead(entry.status).end();
      return;
    }
    const bytes = entry.file();
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length) });
    void (async () => {
      const piece = 16 * 1024;
      for (let offset = 0; offset < bytes.length; offset += piece) {
        if (res.destroyed) return;
        res.write(bytes.subarray(offset, offset + piece));
        if (offset === 0 && entry.stallMs) await sleep(entry.stallMs);
        if (entry.chunkDelayMs) await sleep(entry.chunkDelayMs);
      }
      res.end();
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    async answer(script, request, res) {
      if (script.headersDelayMs) await sleep(script.headersDelayMs);
      if (script.status !== undefined && script.status >= 300) {
        answerError(res, { ...script, status: script.status });
        return;
      }
      const n = typeof request.body.n === 'number' ? request.body.n : 1;
      const count = script.count ?? n;
      const urls: { url: string }[] = [];
      for (let i = 0; i < count; i += 1) {
        imageCounter += 1;
        const serve = script.images?.[i] ?? {};
        const path = `/images/${imageCounter}.png`;
        serving.set(path, { ...serve, file: fileOf(path, serve, imageCounter) });
        urls.push({ url: serve.url ?? `${url}${path}` });
      }
      res.writeHead(200, { 'content-type': 'application/json', ...script.headers });
      res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: urls }));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
