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
import type { Translator } from '../i18n/translator.js';
import { discardBody } from '../lib/http.js';
import type { Logger } from '../lib/logger.js';
import { guardedConnector, InternalHostError, type Resolver } from './hostGuard.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a download failed: a catalog key's name, and what it says (`wait` in ms). */
export type DownloadProblem =
  | {
      readonly code:
        | 'NoUrl'
        | 'InvalidUrl'
        | 'NotHttp'
        | 'Internal'
        | 'RedirectNotHttp'
        | 'StoppedResponding'
        | 'NoConnection'
        | 'Failed'
        | 'TooManyRedirects'
        | 'TooLarge'
        | 'NotPng'
        | 'Cancelled';
    }
  | { readonly code: 'FailedCode'; readonly errorCode: string }
  | { readonly code: 'Status'; readonly status: number }
  | { readonly code: 'TooSlow'; readonly waitMs: number };

export type DownloadResult<Reason = DownloadProblem> =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: Reason; readonly tooLarge?: boolean };

export interface ImageDownloader {
  /** Downloads `url`, giving up past `maxBytes` (then `tooLarge` is set). Never throws. */
  download(url: string, maxBytes: number, signal?: AbortSignal): Promise<DownloadResult>;
  /**
   * The same guarded download for any file (an attachment): no PNG check; its reasons, English
   * words about "the file host", go to the model (fileReason).
   */
  downloadFile(url: string, maxBytes: number, signal?: AbortSignal): Promise<DownloadResult<string>>;
  close(): Promise<void>;
}

/** What a member reads after "Image n could not be downloaded: ", in `t`'s language. */
export function problemText(t: Translator, problem: DownloadProblem): string {
  return t.t(`images.download${problem.code}` as const, {
    ...('errorCode' in problem && { code: problem.errorCode }),
    ...('status' in problem && { status: String(problem.status) }),
    ...('waitMs' in problem && { wait: t.wait(problem.waitMs) }),
  });
}

/** What the model reads of an attachment that could not be read (English, as its whole context). */
const FILE_REASONS: Readonly<Record<DownloadProblem['code'], string>> = {
  NoUrl: 'no URL',
  InvalidUrl: 'no valid URL',
  NotHttp: 'not an http(s) URL',
  Internal: 'the file host is on a private or internal network, which the bot does not fetch from',
  RedirectNotHttp: 'the file host redirected to an address that is not http(s)',
  StoppedResponding: 'the file host stopped responding',
  NoConnection: 'the file host did not accept a connection',
  Failed: 'the download failed',
  FailedCode: 'the download failed ({code})',
  TooManyRedirects: 'the file host redirected too many times',
  Status: 'the file host answered HTTP {status}',
  TooLarge: 'the file is larger than the bot reads',
  NotPng: 'the file is not a PNG image',
  Cancelled: 'the download was cancelled',
  TooSlow: 'the file host took longer than {wait}',
};

export function fileReason(problem: DownloadProblem): string {
  return FILE_REASONS[problem.code]
    .replace('{code}', 'errorCode' in problem ? problem.errorCode : '')
    .replace('{status}', 'status' in problem ? String(problem.status) : '')
    .replace('{wait}', 'waitMs' in problem ? durationText(problem.waitMs) : '');
}

/** What is downloaded: the Accept header, and the check of the bytes. */
interface Kind {
  readonly accept: string;
  readonly check: (bytes: Buffer) => DownloadProblem | undefined;
}

const IMAGE: Kind = {
  accept: 'image/png',
  check: (bytes) => (isPng(bytes) ? undefined : { code: 'NotPng' }),
};
const FILE: Kind = { accept: '*/*', check: () => undefined };

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

export const DEFAULT_MAX_DURATION_MS = 60_000;

/** `60 s`, `1.5 s`, `2 min`: the deadline as the model reads it. */
export function durationText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds >= 120 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Number(seconds.toFixed(1))} s`;
}

export function isPng(bytes: Buffer): boolean {
  return (
    bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)
  );
}

function describe(error: unknown, undici: typeof import('undici') | undefined): DownloadProblem {
  if (error instanceof InternalHostError) return { code: 'Internal' };
  // undici's redirect handler refuses file:, ftp: and the like with this error, before any connection.
  if (undici && error instanceof undici.errors.InvalidArgumentError && /protocol/i.test(error.message))
    return { code: 'RedirectNotHttp' };
  const code = (error as { code?: unknown })?.code;
  if (code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT')
    return { code: 'StoppedResponding' };
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { code: 'NoConnection' };
  if (typeof code === 'string') return { code: 'FailedCode', errorCode: code };
  return { code: 'Failed' };
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
  const tooSlow: DownloadProblem = { code: 'TooSlow', waitMs: maxDurationMs };

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
        return { ok: false, reason: { code: 'TooManyRedirects' } };
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        return { ok: false, reason: { code: 'Status', status: response.statusCode } };
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discardBody(response.body);
        return { ok: false, reason: { code: 'TooLarge' }, tooLarge: true };
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) {
          discardBody(response.body);
          return { ok: false, reason: { code: 'TooLarge' }, tooLarge: true };
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks, total);
      const problem = kind.check(bytes);
      return problem ? { ok: false, reason: problem } : { ok: true, bytes };
    } catch (error) {
      if (cancelled?.aborted) return { ok: false, reason: { code: 'Cancelled' } };
      if (signal.aborted) return { ok: false, reason: tooSlow };
      if (error instanceof InternalHostError) {
        options.logger?.warn(
          { host: error.host, address: error.address, range: error.range },
          `refused a${kind === IMAGE ? 'n image' : ' file'} host on an internal network (IMAGE_HOST_ALLOWLIST can allow it)`,
        );
      }
      return { ok: false, reason: describe(error, undici) };
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
      return { ok: false, reason: { code: 'InvalidUrl' } };
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return { ok: false, reason: { code: 'NotHttp' } };
    }
    // At the deadline the download is aborted (its connection closed) and the answer given at
    // once, whatever undici is still doing: nothing waits on the host past it.
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DownloadResult>((resolve) => {
      timer = setTimeout(() => {
        deadline.abort();
        resolve({ ok: false, reason: tooSlow });
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
    async downloadFile(url, maxBytes, signal) {
      const result = await guarded(url, maxBytes, signal, FILE);
      return result.ok ? result : { ...result, reason: fileReason(result.reason) };
    },
    async close() {
      await (await loaded)?.agent.close();
    },
  };
}
