/**
 * Downloads generated images from the content host. A dispatcher of its own (never the
 * service's, so the API key cannot leak to another host), no Authorization header, at most 3
 * redirects, a silence timeout, a byte cap, and a PNG signature check.
 */
import { Agent, type Dispatcher, interceptors, request } from 'undici';
import { discardBody } from '../lib/http.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type DownloadResult =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: string; readonly tooLarge?: boolean };

export interface ImageDownloader {
  /** Downloads `url`, giving up past `maxBytes` (then `tooLarge` is set). Never throws. */
  download(url: string, maxBytes: number, signal?: AbortSignal): Promise<DownloadResult>;
  close(): Promise<void>;
}

export interface ImageDownloaderOptions {
  /** Longest silence while connecting, waiting for headers, or between body reads. */
  readonly timeoutMs: number;
  readonly maxRedirects?: number;
}

export function isPng(bytes: Buffer): boolean {
  return (
    bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)
  );
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT')
    return 'the image host stopped responding';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'the image host did not accept a connection';
  if (typeof code === 'string') return `the download failed (${code})`;
  return 'the download failed';
}

export function createImageDownloader(options: ImageDownloaderOptions): ImageDownloader {
  const agent: Dispatcher = new Agent({
    connect: { timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  }).compose(interceptors.redirect({ maxRedirections: options.maxRedirects ?? 3 }));

  return {
    async download(url, maxBytes, signal) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { ok: false, reason: 'the service sent no valid image URL' };
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
        return { ok: false, reason: 'the service sent a non-HTTP image URL' };
      }
      try {
        const response = await request(parsed, {
          dispatcher: agent,
          method: 'GET',
          headers: { accept: 'image/png' },
          ...(signal && { signal }),
        });
        if (response.statusCode >= 300 && response.statusCode < 400) {
          await response.body.dump();
          return { ok: false, reason: 'the image host redirected too many times' };
        }
        if (response.statusCode !== 200) {
          await response.body.dump();
          return { ok: false, reason: `the image host answered HTTP ${response.statusCode}` };
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          discardBody(response.body);
          return { ok: false, reason: 'the image is too large to upload', tooLarge: true };
        }
        const chunks: Buffer[] = [];
        let total = 0;
        for await (const chunk of response.body) {
          total += (chunk as Buffer).length;
          if (total > maxBytes) {
            discardBody(response.body);
            return { ok: false, reason: 'the image is too large to upload', tooLarge: true };
          }
          chunks.push(chunk as Buffer);
        }
        const bytes = Buffer.concat(chunks, total);
        if (!isPng(bytes)) return { ok: false, reason: 'the file is not a PNG image' };
        return { ok: true, bytes };
      } catch (error) {
        if (signal?.aborted) return { ok: false, reason: 'the download was cancelled' };
        return { ok: false, reason: describe(error) };
      }
    },
    async close() {
      await agent.close();
    },
  };
}
