/**
 * The image capability: /imagine's generations and Reroll's memory of them. Adapters admit the
 * request (access), acknowledge it, and hand over where the reply is written (an
 * InteractionWebhook: the reply port of interactions); this module never sees a discord.js object.
 */

import type { ServiceKeys } from '../settings/serviceKeys.js';
import { type ImagineDeps, type ImagineInput, runImagine } from './imagine.js';
import type { ImagineRequest, ImagineRequests } from './imagineRequests.js';

/**
 * What the image service reads: what a generation declares (imagine.ts), the stored requests,
 * and the servers' own service keys (undefined when none can be kept: no DATA_ENCRYPTION_KEY).
 */
export type ImageServiceDeps = ImagineDeps & {
  readonly requests: ImagineRequests;
  readonly serviceKeys?: Pick<ServiceKeys, 'keyFor'> | undefined;
};

export interface ImageService {
  /**
   * Generates and posts the images into `reply`. A request without `requestId` (a new /imagine)
   * is stored first, so its Reroll button can repeat it.
   */
  generate(
    reply: Parameters<typeof runImagine>[1],
    input: Omit<ImagineInput, 'requestId'> & { readonly requestId?: string | undefined },
  ): Promise<void>;
  /** A stored request by the id in a Reroll button; undefined once too old, or for a crafted id. */
  recall(requestId: string): Promise<ImagineRequest | undefined>;
}

export function createImageService(deps: ImageServiceDeps): ImageService {
  return {
    async generate(reply, input) {
      const requestId = input.requestId ?? (await deps.requests.save(input.request));
      // A server's own key pays for its images; not its members' DMs, not user installs.
      const serviceKey =
        input.guildId && !input.userInstall ? await deps.serviceKeys?.keyFor(input.guildId) : undefined;
      await runImagine(deps, reply, { ...input, requestId, ...(serviceKey !== undefined && { serviceKey }) });
    },
    recall: (requestId) => deps.requests.load(requestId),
  };
}
