/**
 * The budget alerts (spend/alerts.ts) over real budgets and a real ledger on a SQLite store: 80 %
 * and 100 % of the monthly cap are posted once each in the alert channel, in the server's voice,
 * with the figures the thresholds were measured on; nothing without an alert channel; a failing
 * post is logged, never thrown. Only `notify` (Discord) is a recorder.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/translator.js';
import type { Clock } from '../../../src/lib/clock.js';
import { createLogger } from '../../../src/lib/logger.js';
import { imageCharge, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import { alertText, announceBudgetAlerts, type BudgetAlertDeps } from '../../../src/spend/alerts.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

// A month other than today's, so the alerts read the injected clock, not the system's.
const NOW = Date.parse('2026-03-10T12:00:00Z');
const clock: Clock = { now: () => NOW };
const german = createI18n().translator('de');
/** With the shipped prices one 512x512 image costs 20,000 micro-units: five reach the cap. */
const CAP = 100_000;
const GUILD = 'g1';

interface Posted {
  readonly channelId: string;
  readonly content: string;
}

async function setUp(alertChannelId: string | null, notify?: BudgetAlertDeps['notify']) {
  const { store } = await freshStore();
  const ledger = createLedger(store, shippedPrices, quietLogger);
  const budgets = createBudgets(store, ledger, shippedPrices.currency);
  await budgets.update(GUILD, { monthlyCapMicros: CAP, alertChannelId });
  const posted: Posted[] = [];
  const deps: BudgetAlertDeps = {
    budgets,
    clock,
    notify:
      notify ??
      (async (channelId, content) => {
        posted.push({ channelId, content });
      }),
    prices: shippedPrices,
    logger: quietLogger,
  };
  const spend = (images: number) => ledger.charge(imageCharge(GUILD, 'ann', images, NOW));
  return { ledger, budgets, deps, posted, spend };
}

/** The alert the server reads (German here) for `percent` reached at `spent` of the cap. */
function germanAlert(percent: number, spent: number): string {
  const reached = german.t('spend.alertReached', {
    percent,
    spent: german.money(spent, 'USD'),
    cap: german.money(CAP, 'USD'),
  });
  return percent >= 100 ? `${reached} ${german.t('spend.alertRefusing')}` : reached;
}

describe('announceBudgetAlerts', () => {
  it('posts 80 % and then 100 % once each in the alert channel, in the server voice', async () => {
    const { deps, posted, spend } = await setUp('alerts');
    await spend(3); // 60 %: nothing due
    await announceBudgetAlerts(deps, GUILD, german);
    expect(posted).toEqual([]);

    await spend(1); // 80 %
    await announceBudgetAlerts(deps, GUILD, german);
    await announceBudgetAlerts(deps, GUILD, german);
    expect(posted).toEqual([{ channelId: 'alerts', content: germanAlert(80, 80_000) }]);

    await spend(1); // 100 %
    await announceBudgetAlerts(deps, GUILD, german);
    await announceBudgetAlerts(deps, GUILD, german);
    expect(posted).toEqual([
      { channelId: 'alerts', content: germanAlert(80, 80_000) },
      { channelId: 'alerts', content: germanAlert(100, 100_000) },
    ]);
    // The server's words, not the member's (nor English).
    expect(posted[1]?.content).toContain(german.t('spend.alertRefusing'));
    expect(posted[1]?.content).not.toContain(english.t('spend.alertRefusing'));
  });

  it('crossing both at once: one post, for 100 %, then none for 80 %', async () => {
    const { deps, posted, spend } = await setUp('alerts');
    await spend(6); // 120 %
    await announceBudgetAlerts(deps, GUILD, german);
    await spend(1);
    await announceBudgetAlerts(deps, GUILD, german);
    expect(posted).toEqual([{ channelId: 'alerts', content: germanAlert(100, 120_000) }]);
  });

  it('states the figures the thresholds were measured on, not spend that landed after', async () => {
    const { deps, posted, spend } = await setUp('alerts');
    await spend(4); // 80 %
    // A charge lands between the snapshot and the post.
    const budgets: BudgetAlertDeps['budgets'] = {
      alertsDue: async (guildId, now) => {
        const due = await deps.budgets.alertsDue(guildId, now);
        await spend(1);
        return due;
      },
    };
    await announceBudgetAlerts({ ...deps, budgets }, GUILD, german);
    expect(posted).toEqual([{ channelId: 'alerts', content: germanAlert(80, 80_000) }]);
  });

  it('posts nothing without an alert channel', async () => {
    const { deps, posted, spend } = await setUp(null);
    await spend(5); // 100 %
    await announceBudgetAlerts(deps, GUILD, german);
    expect(posted).toEqual([]);
  });

  it('a failing post is logged with the server, never thrown', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'warn',
      secrets: [],
      destination: { write: (line) => lines.push(line) },
    });
    let tries = 0;
    const { deps, spend } = await setUp('alerts', async () => {
      tries += 1;
      throw new Error('Missing Access');
    });
    await spend(4);
    await expect(announceBudgetAlerts({ ...deps, logger }, GUILD, german)).resolves.toBeUndefined();
    expect(tries).toBe(1);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        guildId: GUILD,
        msg: 'could not post a budget alert',
        err: expect.objectContaining({ message: 'Missing Access' }),
      }),
    ]);
  });
});

describe('alertText', () => {
  it('names the highest threshold reached; at 100 % says new requests are refused', () => {
    const due = { thresholds: [80], spentMicros: 81_000, capMicros: CAP };
    expect(alertText(due, 'USD', english)).toBe(
      english.t('spend.alertReached', {
        percent: 80,
        spent: english.money(81_000, 'USD'),
        cap: english.money(CAP, 'USD'),
      }),
    );
    expect(alertText({ ...due, thresholds: [80, 100] }, 'USD', english)).toBe(
      `${english.t('spend.alertReached', {
        percent: 100,
        spent: english.money(81_000, 'USD'),
        cap: english.money(CAP, 'USD'),
      })} ${english.t('spend.alertRefusing')}`,
    );
  });
});
