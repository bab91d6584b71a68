/** The store's restarts, evenly spread over the run: PostgreSQL stopped for DOWN_S each time. */
import type { PostgresServer } from '../../src/localService/harness/servers.js';
import { DOWN_S, RESTARTS, RUN_S, round, seconds, sleep } from './conditions.js';
import type { Sampler } from './sampler.js';

export interface StoreRestart {
  atMinute: number;
  downSeconds: number;
  error?: string;
}

/** Restarts the store RESTARTS times, into `restarts`; the samples say whether it was up. */
export async function restartStore(
  postgres: PostgresServer,
  sampler: Sampler,
  restarts: StoreRestart[],
): Promise<void> {
  for (let k = 1; k <= RESTARTS; k += 1) {
    const at = (RUN_S * k) / (RESTARTS + 1);
    const wait = at * 1000 - (performance.now() - sampler.trafficStart);
    if (wait > 0) await sleep(wait);
    const haltAt = performance.now();
    const atMinute = round((haltAt - sampler.trafficStart) / 60_000, 2);
    console.error(`soak ${atMinute} min: stopping PostgreSQL for ${DOWN_S} s`);
    try {
      await postgres.halt();
      sampler.storeUp = false;
      await sleep(DOWN_S * 1000);
      await postgres.resume();
      sampler.storeUp = true;
      restarts.push({ atMinute, downSeconds: round(seconds(haltAt), 1) });
    } catch (error) {
      sampler.storeUp = true;
      restarts.push({
        atMinute,
        downSeconds: round(seconds(haltAt), 1),
        error: String(error).slice(0, 300),
      });
    }
    console.error(`soak: PostgreSQL back after ${round(seconds(haltAt), 1)} s`);
  }
}
