/**
 * Two processes on one store (the dashboard's, which runs shard 0, and the one owning a server's
 * shard): a budget written by one is in force in the other within SHARED_SETTINGS_MAX_AGE_MS.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import { SHARED_SETTINGS_MAX_AGE_MS } from '../../../src/lib/recent.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { freshStore } from '../../helpers/tempStore.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error('prices');
const logger = createLogger({ level: 'silent', secrets: [] });
const GUILD = '111111111111111111';

afterEach(() => {
  vi.useRealTimers();
});

describe('a budget written by another process', () => {
  it('is read again within SHARED_SETTINGS_MAX_AGE_MS', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { store } = await freshStore();
    const process = () => createBudgets(store, createLedger(store, priced.prices, logger), 'USD');
    const dashboard = process();
    const owner = process();
    const now = Date.now();
    expect((await owner.reserve(GUILD, '222222222222222222', 10, now)).ok).toBe(true);
    await dashboard.update(GUILD, { monthlyCapMicros: 0 });
    vi.advanceTimersByTime(SHARED_SETTINGS_MAX_AGE_MS + 1);
    const refused = await owner.reserve(GUILD, '222222222222222222', 10, now);
    expect(refused.ok).toBe(false);
    expect(SHARED_SETTINGS_MAX_AGE_MS).toBeLessThanOrEqual(60_000);
  });
});
