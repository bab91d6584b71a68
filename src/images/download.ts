/**
 * Downloads generated images from the content host, and members' attachments (their text, for
 * "Ask about this message") from Discord's. A dispatcher of its own (never the service's, so
 * the API key cannot leak to another host), no Authorization header, only http(s), no host on
 * an internal network unless allowlisted (hostGuard.ts, checked for every redirect hop), at most
 * 3 redirects, a silence timeout, a deadline for the whole download (a host sending a byte now
 * and then never times out on silence, and would hold the request, its reservation and the
 * member's slot), a byte cap, and for images a PNG signature check.
 */
import type { Dispatcher } from 'undici';
import { discardBody } from '../lib/http.js';
import type { Logger } from '../lib/logger.js';
import { guardedConnector, InternalHostError, type Resolver } from './hostGuard.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type DownloadResult =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: string; readonly tooLarge?: boolean };

export interface ImageDownloader {
  /** Downloads `url`, giving up past `maxBytes` (then `tooLarge` is set). Never throws. */
  download(url: string, maxBytes: number, signal?: AbortSignal): Promise<DownloadResult>;
  /** The same guarded download for any file (an attachment): no PNG check, reasons name "the file host". */
  downloadFile(url: string, maxBytes: number, signal?: AbortSignal): Promise<DownloadResult>;
  close(): Promise<void>;
}

/** What is downloaded: the words a reason uses, the Accept header, and the check of the bytes. */
interface Kind {
  readonly host: string;
  readonly accept: string;
  readonly check: (bytes: Buffer) => string | undefined;
  readonly tooLarge: string;
}

const IMAGE: Kind = {
  host: 'image host',
  accept: 'image/png',
  check: (bytes) => (isPng(bytes) ? undefined : 'the file is not a PNG image'),
  tooLarge: 'the image is too large to upload',
};
const FILE: Kind = {
  host: 'file host',
  accept: '*/*',
  check: () => undefined,
  tooLarge: 'the file is larger than the bot reads',
};

export interface ImageDownloaderOptions {
  /** Longest silence while connecting, waiting for headers, or between body reads. */
  readonly timeoutMs: number;
  /** Longest a download may take in all, redirects included (default 60 s). */
  readonly maxDurationMs?: number;
  readonly maxRedirects?: number;
  /** Hosts (names or addresses, as in the URL) fetched from although they are internal. */
  readonly allowlist?: readonly string[];
  /** Told of each refused host: the member sees only that it was internal. */
  readonly logger?: Pick<Logger, 'warn'>;
  /** Resolves host names (default: the system's resolver). */
  readonly resolve?: Resolver;
}

/** What the member reads after "Image n could not be downloaded: ". */
export const INTERNAL_HOST_REASON =
  'the image host is on a private or internal network, which the bot does not fetch from';
export const NON_HTTP_REDIRECT_REASON = 'the image host redirected to an address that is not http(s)';
/** What the member reads of an attachment on an internal host. */
export const INTERNAL_FILE_HOST_REASON =
  'the file host is on a private or internal network, which the bot does not fetch from';

export const DEFAULT_MAX_DURATION_MS = 60_000;

/** `60 s`, `1.5 s`, `2 min`: the deadline as the member reads it. */
export function durationText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds >= 120 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Number(seconds.toFixed(1))} s`;
}

/** Said when a download passed its deadline (IMAGE_DOWNLOAD_MAX_DURATION_MS). */
export function tooSlowReason(maxDurationMs: number): string {
  return `the image host took longer than ${durationText(maxDurationMs)}`;
}

/** A reason about images, said of what `kind` downloads. */
function named(reason: string, kind: Kind): string {
  return reason.replace('image host', kind.host);
}

export function isPng(bytes: Buffer): boolean {
  return (
    bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)
  );
}

function describe(error: unknown, undici: typeof import('undici') | undefined, kind: Kind): string {
  if (error instanceof InternalHostError)
    return kind === IMAGE ? INTERNAL_HOST_REASON : INTERNAL_FILE_HOST_REASON;
  // undici's redirect handler refuses file:, ftp: and the like with this error, before any connection.
  if (undici && error instanceof undici.errors.InvalidArgumentError && /protocol/i.test(error.message))
    return named(NON_HTTP_REDIRECT_REASON, kind);
  const code = (error as { code?: unknown })?.code;
  if (code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT')
    return `the ${kind.host} stopped responding`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `the ${kind.host} did not accept a connection`;
  if (typeof code === 'string') return `the download failed (${code})`;
  return 'the download failed';
}

export function createImageDownloader(options: ImageDownloaderOptions): ImageDownloader {
  // undici and the agent are loaded and made at the first download, not at start.
  let loaded: Promise<{ undici: typeof import('undici'); agent: Dispatcher }> | undefined;
  const load = () => {
    loaded ??= import('undici').then((undici) => ({
      undici,
      agent: new undici.Agent({
        connect: guardedConnector({
          timeoutMs: options.timeoutMs,
          allowlist: options.allowlist ?? [],
          ...(options.resolve && { resolve: options.resolve }),
        }),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      }).compose(undici.interceptors.redirect({ maxRedirections: options.maxRedirects ?? 3 })),
    }));
    return loaded;
  };

  const maxDurationMs = options.maxDurationMs ?? DEFAULT_MAX_DURATION_MS;

  /** One download; `signal` aborts it (the caller's cancel, or the deadline). Never throws. */
  async function fetchLimited(
    url: URL,
    maxBytes: number,
    signal: AbortSignal,
    cancelled: AbortSignal | undefined,
    kind: Kind,
  ): Promise<DownloadResult> {
    let undici: typeof import('undici') | undefined;
    try {
      const ready = await load();
      undici = ready.undici;
      const response = await undici.request(url, {
        dispatcher: ready.agent,
        method: 'GET',
        headers: { accept: kind.accept },
        signal,
      });
      if (response.statusCode >= 300 && response.statusCode < 400) {
        await response.body.dump();
        return { ok: false, reason: `the ${kind.host} redirected too many times` };
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        return { ok: false, reason: `the ${kind.host} answered HTTP ${response.statusCode}` };
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discardBody(response.body);
        return { ok: false, reason: kind.tooLarge, tooLarge: true };
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) {
          discardBody(response.body);
          return { ok: false, reason: kind.tooLarge, tooLarge: true };
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks, total);
      const problem = kind.check(bytes);
      return problem ? { ok: false, reason: problem } : { ok: true, bytes };
    } catch (error) {
      if (cancelled?.aborted) return { ok: false, reason: 'the download was cancelled' };
      if (signal.aborted) return { ok: false, reason: named(tooSlowReason(maxDurationMs), kind) };
      if (error instanceof InternalHostError) {
        options.logger?.warn(
          { host: error.host, address: error.address, range: error.range },
          `refused an ${kind.host} on an internal network (IMAGE_HOST_ALLOWLIST can allow it)`,
        );
      }
      return { ok: false, reason: describe(error, undici, kind) };
    }
  }

  /** Checks the URL, then downloads it within the deadline. Never throws. */
  async function guarded(
    url: string,
    maxBytes: number,
    signal: AbortSignal | undefined,
    kind: Kind,
  ): Promise<DownloadResult> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, reason: kind === IMAGE ? 'the service sent no valid image URL' : 'no valid URL' };
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return {
        ok: false,
        reason: kind === IMAGE ? 'the service sent a non-HTTP image URL' : 'not an http(s) URL',
      };
    }
    // At the deadline the download is aborted (its connection closed) and the answer given at
    // once, whatever undici is still doing: nothing waits on the host past it.
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DownloadResult>((resolve) => {
      timer = setTimeout(() => {
        deadline.abort();
        resolve({ ok: false, reason: named(tooSlowReason(maxDurationMs), kind) });
      }, maxDurationMs);
    });
    const either = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    try {
      return await Promise.race([fetchLimited(parsed, maxBytes, either, signal, kind), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    download: (url, maxBytes, signal) => guarded(url, maxBytes, signal, IMAGE),
    downloadFile: (url, maxBytes, signal) => guarded(url, maxBytes, signal, FILE),
    async close() {
      await (await loaded)?.agent.close();
    },
  };
}
