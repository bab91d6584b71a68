/**
 * The store failing under a running bot (a fault injector around the real SQLite adapter):
 * members are told when their exchange could not be remembered, the bot keeps serving, and
 * every billed request reaches the ledger once the store is back, also across a restart.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { spillPathFor } from '../../src/lib/store.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { waitForIdle, waitForReply } from '../helpers/harness.js';

const { h, ask, freshChannel } = useHarness({
  discord: { channelCount: 20 },
  guildConfig: { showContext: false },
  env: { RATE_LIMIT_PER_MINUTE: '1000' },
});

const today = () => new Date().toISOString().slice(0, 10);

/** Asks in a fresh channel; resolves to the finished reply's text once the bot is idle. */
async function asked(prompt: string): Promise<string> {
  const interaction = ask({ prompt }, { channelId: freshChannel() });
  await waitForReply(h, interaction, ([first]) => first?.includes('💰') ?? false);
  // A failure found while the final text was written is written in after it.
  await waitForIdle(h);
  return h.discord.replyMessages(interaction)[0]?.content ?? '';
}

/** The micro-units a reply's cost line states ("💰 USD 0.000014 · …"). */
function statedMicros(text: string): number {
  const match = /💰 USD\u00a0(\d+)\.(\d+)/.exec(text);
  if (!match) throw new Error(`no cost line in ${text}`);
  return Number(match[1]) * 1_000_000 + Number((match[2] as string).padEnd(6, '0'));
}

async function ledgerTotal(): Promise<{ requests: number; costMicros: number }> {
  const summary = await h.running.bot.capabilities.spend.ledger.summary(h.discord.guildId, today(), today());
  return { requests: summary.requests, costMicros: summary.costMicros };
}

async function noChargeWaiting(): Promise<void> {
  await h.discord.waitFor(
    () => h.running.bot.capabilities.spend.ledger.pending().length === 0,
    10_000,
    'charges to land',
  );
  const until = Date.now() + 10_000;
  while (h.running.bot.capabilities.spend.ledger.pending().length > 0) {
    if (Date.now() > until) throw new Error('charges still waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a slow store', () => {
  it('does not hold back the final text: it shows, cost line included, while the writes wait', async () => {
    let release = () => {};
    h.storeFaults.holdWrites = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const interaction = ask({ prompt: 'held' }, { channelId: freshChannel() });
      const [text] = await waitForReply(h, interaction, ([first]) => first?.includes('💰') ?? false);
      expect(text).toMatch(/^Echo: Member: held\n\n-# 💰 USD\u00a0/);
      // Its charge is still on its way to the store.
      expect(h.running.bot.capabilities.spend.ledger.pending()).toHaveLength(1);
    } finally {
      h.storeFaults.holdWrites = undefined;
      release();
    }
    await vi.waitFor(() => expect(h.running.bot.capabilities.spend.ledger.pending()).toHaveLength(0));
    await waitForIdle(h);
  });
});

describe('a store that fails mid-run', () => {
  it('says the exchange was not saved, keeps serving, and bills every request once it recovers', async () => {
    const before = await ledgerTotal();
    const stated: number[] = [];
    for (const prompt of ['one', 'two']) stated.push(statedMicros(await asked(prompt)));

    h.storeFaults.failWrites = true;
    for (const prompt of ['three', 'four', 'five']) {
      const text = await asked(prompt);
      expect(text).toContain(`-# ${english.t('chat.storageFailed')}`);
      stated.push(statedMicros(text));
    }
    expect(h.running.bot.capabilities.spend.ledger.pending()).toHaveLength(3);
    expect(h.logs.filter((line) => line.includes('could not record a charge'))).not.toHaveLength(0);

    h.storeFaults.failWrites = false;
    const after = await asked('six');
    expect(after).not.toContain(`-# ${english.t('chat.storageFailed')}`);
    stated.push(statedMicros(after));
    await noChargeWaiting();
    const total = await ledgerTotal();
    expect(total.requests - before.requests).toBe(6);
    expect(total.costMicros - before.costMicros).toBe(stated.reduce((sum, micros) => sum + micros, 0));
  });

  it('charges the store never took before a restart are spilled, and applied once by the next start', async () => {
    const before = await ledgerTotal();
    h.storeFaults.failWrites = true;
    const stated = statedMicros(await asked('spilled'));
    const spillPath = spillPathFor(h.config.databaseUrl);
    await h.restart(() => {
      expect(existsSync(spillPath)).toBe(true);
      h.storeFaults.failWrites = false;
    });
    expect(existsSync(spillPath)).toBe(false);
    const total = await ledgerTotal();
    expect(total.requests - before.requests).toBe(1);
    expect(total.costMicros - before.costMicros).toBe(stated);

    // Another restart applies nothing twice.
    await h.restart();
    expect(await ledgerTotal()).toEqual(total);
  });
});
