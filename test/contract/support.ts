/** What the store contract tests share: a logger whose lines can be read, charges, waiting. */
import { createLogger } from '../../src/lib/logger.js';

export {
  chatCharge,
  imageCharge,
  NOW,
  quietLogger,
  shippedPrices,
} from '../../src/localService/harness/charges.js';

export const DAY = 86_400_000;

/** A logger at info level whose lines are kept in `lines` (JSON, one per entry). */
export function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    secrets: [],
    destination: { write: (line) => lines.push(line) },
  });
  return { logger, lines, errors: () => lines.filter((line) => line.includes('"level":50')) };
}

export async function waitUntil(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
