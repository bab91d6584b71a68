/**
 * The image capability: /imagine's generations and Reroll's memory of them. Adapters admit the
 * request (access), acknowledge it, and hand over where the reply is written (an
 * InteractionWebhook: the reply port of interactions); this module never sees a discord.js object.
 */
import { type ImagineDeps, type ImagineInput, runImagine } from './imagine.js';
import type { ImagineRequest, ImagineRequests } from './imagineRequests.js';

/** What the image service reads: what a generation declares (imagine.ts), and the stored requests. */
export type ImageServiceDeps = ImagineDeps & { readonly requests: ImagineRequests };

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
      await runImagine(deps, reply, { ...input, requestId });
    },
    recall: (requestId) => deps.requests.load(requestId),
  };
}
