import type { ChatModel } from './models.js';

/**
 * The service documents only 'user' and 'assistant' (service-api.md §2.1); 'system' carries a
 * channel's system prompt when SYSTEM_PROMPT_ROLE allows it.
 */
export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  readonly role: ChatRole;
  readonly content: string;
}

export interface ChatRequest {
  readonly model: ChatModel;
  readonly messages: readonly ChatMessage[];
  readonly temperature?: number;
  readonly maxTokens?: number;
}

export interface Usage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** True when the service sent no usage and the figures are local estimates. */
  readonly estimated: boolean;
}

export interface ChatResult {
  readonly id: string | null;
  readonly model: string;
  readonly text: string;
  /** null when the stream ended without saying why. */
  readonly finishReason: string | null;
  readonly usage: Usage;
  /** The body ended with neither an end marker nor a finish reason: the text may be incomplete. */
  readonly truncated: boolean;
}

export type ChatStreamEvent =
  | { readonly type: 'delta'; readonly text: string }
  | { readonly type: 'done'; readonly result: ChatResult };

export const IMAGE_MODEL = 'service-image-v1';
export const IMAGE_SIZES = ['512x512', '1024x1024', '2048x2048'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export interface ImageRequest {
  readonly model: typeof IMAGE_MODEL;
  readonly prompt: string;
  readonly size: ImageSize;
  /** 1 to 4. */
  readonly n: number;
}

export interface ImageResult {
  /** One per generated image, in order; '' where an entry had no URL. */
  readonly urls: readonly string[];
  readonly created: number | undefined;
}
