/**
 * The progress line of an /imagine reply while the service generates: refreshed every interval,
 * latest wins (one edit at a time, see discord/render/notice.ts); a failed edit is logged and the
 * next one tries again.
 */
import { createNotice } from '../discord/render/notice.js';
import type { Clock } from '../lib/clock.js';
import type { ImagineRequest } from './imagineRequests.js';

export function progressText(request: Pick<ImagineRequest, 'n' | 'size'>, elapsedMs: number): string {
  const what = request.n === 1 ? '1 image' : `${request.n} images`;
  const seconds = Math.floor(elapsedMs / 1000);
  return `🎨 Generating ${what} at ${request.size} …${seconds > 0 ? ` ${seconds} s` : ''}`;
}

export interface Progress {
  /**
   * Stops refreshing at once; resolves when the edit in flight is done, so nothing overwrites
   * what follows. Call it as soon as the service has answered, whichever way.
   */
  stop(): Promise<void>;
}

export function showProgress(
  write: (text: string) => Promise<unknown>,
  request: Pick<ImagineRequest, 'n' | 'size'>,
  options: { clock: Clock; intervalMs: number; onError: (error: unknown) => void },
): Progress {
  const started = options.clock.now();
  const notice = createNotice(write, options.onError);
  const refresh = () => notice.show(progressText(request, options.clock.now() - started));
  refresh();
  const ticker = setInterval(refresh, options.intervalMs);
  return {
    stop() {
      clearInterval(ticker);
      return notice.close();
    },
  };
}
