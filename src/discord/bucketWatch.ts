/**
 * Discord writes that also note their route's rate-limit bucket, for a streamed reply's edit
 * cadence (render/rateBucket.ts). discord.js reads the same headers for its own queue but does
 * not expose them per request, so these writes go through `queueRequest`, which returns the
 * response, and parse it as `request` would: errors and retries are discord.js's, unchanged.
 */
import {
  type APIMessage,
  type InternalRequest,
  parseResponse,
  type REST,
  type RequestData,
  RequestMethod,
  Routes,
} from 'discord.js';
import { type RateBucket, readRateBucket } from '../reply/rateBucket.js';

/** The last bucket state seen on one route (one message's, or one interaction token's, writes). */
export interface BucketWatch {
  current(): RateBucket | undefined;
  /**
   * Runs the request, noting the bucket from its response; resolves to the parsed body, or to
   * undefined when `body` is false (an edit's answer repeats the whole message: not worth
   * decoding 800 times a second when nothing reads it).
   */
  request(rest: REST, request: InternalRequest, body?: boolean): Promise<unknown>;
}

export function watchBucket(now: () => number = Date.now): BucketWatch {
  let bucket: RateBucket | undefined;
  return {
    current: () => bucket,
    async request(rest, request, body = true) {
      const response = await rest.queueRequest(request);
      bucket = readRateBucket(response.headers, now());
      if (body) return parseResponse(response);
      // Read to its end (the connection is reused then), without keeping or decoding it.
      const stream = response.body as { dump?: () => Promise<void> } | null;
      if (stream?.dump) await stream.dump();
      else await response.arrayBuffer();
      return undefined;
    },
  };
}

/** Bot messages in one channel, which share the channel's bucket: posts and edits noting it. */
export function channelMessageWrites(rest: REST, channelId: string, now?: () => number) {
  const bucket = watchBucket(now);
  return {
    bucket,
    /** Posts a message; resolves to its id. */
    post: async (data: RequestData) =>
      (
        (await bucket.request(rest, {
          method: RequestMethod.Post,
          fullRoute: Routes.channelMessages(channelId),
          ...data,
        })) as APIMessage
      ).id,
    patch: async (id: string, data: RequestData) => {
      await bucket.request(
        rest,
        { method: RequestMethod.Patch, fullRoute: Routes.channelMessage(channelId, id), ...data },
        false,
      );
    },
  };
}
