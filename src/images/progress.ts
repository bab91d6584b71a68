/**
 * The progress line of an /imagine reply while the service works: one edit at a time, refreshed
 * every interval; a failed edit is logged and the next one tries again.
 */
import type { Clock } from '../lib/clock.js';
import type { ImagineRequest } from './imagineRequests.js';

export function progressText(request: Pick<ImagineRequest, 'n' | 'size'>, elapsedMs: number): string {
  const what = request.n === 1 ? '1 image' : `${request.n} images`;
  const seconds = Math.floor(elapsedMs / 1000);
  return `🎨 Generating ${what} at ${request.size} …${seconds > 0 ? ` ${seconds} s` : ''}`;
}

export interface Progress {
  /** Stops refreshing and waits for the edit in flight, so nothing overwrites what follows. */
  stop(): Promise<void>;
}

export function showProgress(
  write: (text: string) => Promise<unknown>,
  request: Pick<ImagineRequest, 'n' | 'size'>,
  options: { clock: Clock; intervalMs: number; onError: (error: unknown) => void },
): Progress {
  const started = options.clock.now();
  let inFlight: Promise<unknown> | undefined;
  const refresh = () => {
    if (inFlight) return;
    inFlight = write(progressText(request, options.clock.now() - started))
      .catch(options.onError)
      .finally(() => {
        inFlight = undefined;
      });
  };
  refresh();
  const ticker = setInterval(refresh, options.intervalMs);
  return {
    async stop() {
      clearInterval(ticker);
      await inFlight;
    },
  };
}
