/**
 * Debian's Chromium for the browser tests (driven with playwright-core): where it is
 * (CHROMIUM_PATH, default /usr/bin/chromium), whether it is there (a file without it is skipped
 * with one line), and one way to start it.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether Chromium is installed; says once, for `what`, why its tests are skipped when not. */
export function chromiumFound(what: string): boolean {
  const found = existsSync(CHROMIUM);
  if (!found) console.log(`${what} browser tests skipped: no Chromium at ${CHROMIUM}`);
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}
