import type { RequestEnd } from '../ops/requestEnd.js';
import { IMAGE_MODEL } from '../service/types.js';
import type { ImagineInput } from './imagineInput.js';

/** An image request that ended without images being billed. */
export function unserved(input: ImagineInput, outcome: string): RequestEnd {
  const { guildId, channelId } = input;
  return {
    kind: 'image',
    outcome,
    guildId,
    channelId,
    userId: input.request.userId,
    model: IMAGE_MODEL,
    inputTokens: 0,
    outputTokens: 0,
    costMicros: 0,
  };
}
