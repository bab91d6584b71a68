/**
 * The playground's demo plans (src/playground/demoPlans.ts): a plan file the bot accepts, handed
 * to it as PLANS_FILE only when plans are on, and `PLAYGROUND_PLANS=off` (or `plans: false`)
 * running the bot without them: no SKUs at the local Discord, none on the page. The purchase
 * itself, in a browser: test/browser/playgroundPremium.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FREE_MONTHLY_USD, DEMO_SKUS, demoPlansJson } from '../../src/playground/demoPlans.js';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { botEnvironment, playgroundSetup } from '../../src/playground/playgroundEnv.js';
import { parsePlans } from '../../src/spend/plans.js';
import { openPage } from '../helpers/playgroundPage.js';

const own = {
  discordApiUrl: 'http://127.0.0.1:1/api/v10',
  discordToken: 'token',
  service: { baseUrl: 'http://127.0.0.1:2', apiKey: 'key' },
  databaseUrl: 'sqlite:///tmp/x.sqlite',
  demo: true,
};

describe('the demo plans', () => {
  it('are a plan file the bot accepts: a small free allowance, one SKU of each kind', () => {
    const parsed = parsePlans(demoPlansJson());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.plans.freeMonthlyMicros).toBe(DEMO_FREE_MONTHLY_USD * 1_000_000);
    expect([...parsed.plans.skus.values()].map((sku) => sku.kind).sort()).toEqual([
      'credit',
      'member',
      'server',
    ]);
    expect([...parsed.plans.skus.keys()]).toEqual(DEMO_SKUS.map((sku) => sku.id));
  });

  it('reach the bot as PLANS_FILE only when on; the operator’s PLANS_FILE never does', () => {
    expect(botEnvironment({ PLANS_FILE: '/operator/plans.json' }, own).PLANS_FILE).toBeUndefined();
    expect(botEnvironment({}, { ...own, plansFile: '/tmp/p/plans.json' }).PLANS_FILE).toBe(
      '/tmp/p/plans.json',
    );
  });

  it('PLAYGROUND_PLANS=off turns them off; on or unset keeps them; anything else is a problem', () => {
    const setup = (value?: string) => playgroundSetup(value === undefined ? {} : { PLAYGROUND_PLANS: value });
    const off = setup('off');
    expect(off.ok && off.options.plans).toBe(false);
    for (const on of [undefined, 'on', 'ON']) {
      const kept = setup(on);
      expect(kept.ok && kept.options.plans).toBeUndefined();
    }
    expect(setup('maybe')).toEqual({
      ok: false,
      problem: 'PLAYGROUND_PLANS must be on or off (the demo paid plans; default on)',
    });
  });
});

describe('the playground without plans', () => {
  let playground: Playground;
  beforeAll(async () => {
    playground = await startPlayground({ plans: false, onBotOutput: () => {} });
  }, 60_000);
  afterAll(() => playground?.close());

  it('declares no SKUs and offers none on the page', async () => {
    expect(playground.plans).toBe(false);
    expect(playground.discord.monetization.skus()).toEqual([]);
    const session = await openPage(playground.url);
    const state = JSON.parse((await session.get('/api/state')).text) as { skus: unknown[] };
    expect(state.skus).toEqual([]);
  });
});
