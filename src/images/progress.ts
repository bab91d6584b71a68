/**
 * The progress line of an /imagine reply while the service generates: refreshed every interval,
 * latest wins (one edit at a time, see reply/notice.ts); a failed edit is logged and the
 * next one tries again.
 */

import type { Translator } from '../i18n/translator.js';
import type { Clock } from '../lib/clock.js';
import { createNotice } from '../reply/notice.js';
import type { ImagineRequest } from './imagineRequests.js';

/** `🎨 Generating 2 images at 1024x1024 … 5 sec`, in `t`'s language (the channel's). */
export function progressText(
  t: Translator,
  request: Pick<ImagineRequest, 'n' | 'size'>,
  elapsedMs: number,
): string {
  const text = t.t('images.progress', { count: request.n, size: request.size });
  return elapsedMs >= 1000 ? `${text} ${t.wait(Math.floor(elapsedMs / 1000) * 1000)}` : text;
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
  options: { t: Translator; clock: Clock; intervalMs: number; onError: (error: unknown) => void },
): Progress {
  const started = options.clock.now();
  const notice = createNotice(write, options.onError);
  const refresh = () => notice.show(progressText(options.t, request, options.clock.now() - started));
  refresh();
  const ticker = setInterval(refresh, options.intervalMs);
  return {
    stop() {
      clearInterval(ticker);
      return notice.close();
    },
  };
}
