/**
 * /imagine requests kept in keyv by id, so the Reroll button (whose custom id carries only the
 * id: Discord allows 100 characters) can repeat one, also after a restart.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import type { ImageSize } from '../service/types.js';

export interface ImagineRequest {
  readonly prompt: string;
  readonly size: ImageSize;
  readonly n: number;
  readonly userId: string;
  /**
   * Where it was asked: a Reroll button's id can be crafted, so a press in any other channel is
   * refused. Absent in requests stored by older versions.
   */
  readonly channelId?: string | undefined;
}

export interface ImagineRequests {
  save(request: ImagineRequest): Promise<string>;
  load(id: string): Promise<ImagineRequest | undefined>;
}

/** Rerolls of requests older than this are refused (the button says so). */
export const IMAGINE_REQUEST_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const imagineRetention: readonly RetentionRule[] = [
  {
    what: 'imagine requests',
    prefix: 'imagine:',
    lifetime: { ms: IMAGINE_REQUEST_TTL_MS, fromValueTime: false },
    why: 'Reroll repeats a request for this long, then says it is too old',
  },
];

export function createImagineRequests(store: Store): ImagineRequests {
  return {
    async save(request) {
      const id = randomUUID().replaceAll('-', '');
      await store.set(`imagine:${id}`, request, IMAGINE_REQUEST_TTL_MS);
      return id;
    },
    async load(id) {
      if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
      return (await store.get(`imagine:${id}`)) as ImagineRequest | undefined;
    },
  };
}
