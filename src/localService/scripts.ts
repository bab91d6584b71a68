/**
 * What the local service records and how it is told to answer: a script per chat request
 * (text, pacing, usage, faults) and per image request (status, delay, the files its content host
 * serves). Tests and the bench queue scripts one by one; the playground's demo gives a fallback
 * that scripts every request (src/playground/demoService.ts).
 */
import type { IncomingMessage } from 'node:http';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The bearer token of its `Authorization` header (undefined without one). */
  readonly apiKey: string | undefined;
  /** Answered 401 because its key is in `refuseKeys` (no script was used for it). */
  readonly refused: boolean;
  readonly body: Record<string, unknown>;
  readonly receivedAt: number;
}

/** The bearer token of an `Authorization` header, as a service reads it. */
export function bearerOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer (.*)$/i.exec(authorization ?? '');
  return match ? (match[1] as string) : undefined;
}

/** What the local service answers a refused key with (401), in the OpenAI-compatible shape. */
export const REFUSED_KEY_BODY = {
  error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
} as const;

export type UsageShape =
  | { readonly input_tokens: number; readonly output_tokens: number }
  | { readonly prompt_tokens: number; readonly completion_tokens: number };

export interface ChatScript {
  /** The reply text (default: "Echo: <last message>"). */
  readonly text?: string;
  /** The pieces the text is streamed in, as given (they make up `text`); before `chunks`. */
  readonly parts?: readonly string[];
  /** How many chunks the text is streamed in (default: one per word). */
  readonly chunks?: number;
  /** Delay between chunks. */
  readonly intervalMs?: number;
  /** Delay before the response headers. */
  readonly headersDelayMs?: number;
  /** `null` sends no usage at all. */
  readonly usage?: UsageShape | null;
  /** Where usage goes: on the last content chunk, or on a trailing chunk with empty choices. */
  readonly usagePlacement?: 'last-chunk' | 'trailing-chunk';
  readonly finishReason?: string | null;
  /** Send `data: [DONE]` at the end (default true). */
  readonly done?: boolean;
  readonly crlf?: boolean;
  /** Send `: ping` comment lines between chunks. */
  readonly pings?: boolean;
  /** Write every event one byte at a time (multi-byte characters split across reads). */
  readonly byteByByte?: boolean;
  /** The final event has no blank line after it (and no [DONE]). */
  readonly noFinalBlankLine?: boolean;
  /** Chunks carry the whole reply so far in `choices[].message.content`. */
  readonly wholeMessages?: boolean;
  /** Answer with one JSON body (`application/json`) even to a streaming request. */
  readonly json?: boolean;
  /** Destroy the connection after this many content chunks. */
  readonly dropAfterChunks?: number;
  /** Send an error event after this many content chunks. */
  readonly errorAfterChunks?: { readonly after: number; readonly message: string };
  /** Stop sending (but keep the connection open) after this many content chunks. */
  readonly stallAfterChunks?: number;
  /**
   * After this many content chunks, send only `: ping` lines (every `intervalMs`, default
   * 100 ms) until the client closes the connection.
   */
  readonly pingForeverAfterChunks?: number;
  /**
   * After `afterChunks` content chunks, send only `: ping` lines (every 100 ms) until `until`
   * settles, then the rest: a reply held in progress for as long as a test needs.
   */
  readonly hold?: { readonly afterChunks: number; readonly until: Promise<unknown> };
  /** Text written as is (no framing added) before the content chunk at index `before`. */
  readonly raw?: readonly { readonly before: number; readonly text: string }[];
  /** Answer with an HTTP error instead. */
  readonly status?: number;
  readonly errorBody?: unknown;
  readonly headers?: Record<string, string>;
}

/** How the content host serves one generated image. */
export interface ImageServe {
  /** The file (default: a distinct 64×64 PNG). */
  readonly bytes?: Buffer;
  /** Draws the file when it is first fetched (a picture costly to draw); instead of `bytes`. */
  readonly draw?: () => Buffer;
  /** Answer with this status instead of the file. */
  readonly status?: number;
  /** Delay between 16 KiB pieces of the body. */
  readonly chunkDelayMs?: number;
  /** Send the headers and the first piece, then nothing for this long. */
  readonly stallMs?: number;
  /** Redirect this many times before serving. */
  readonly redirects?: number;
  /** Answer with a 302 to this URL (any host or scheme) instead of the file. */
  readonly redirectTo?: string;
  /** The service returns this URL for the image instead of the content host's. */
  readonly url?: string;
}

export interface ImageScript {
  readonly status?: number;
  readonly errorBody?: unknown;
  readonly headers?: Record<string, string>;
  readonly headersDelayMs?: number;
  /** Per image served (default: n distinct small PNGs). */
  readonly images?: readonly ImageServe[];
  /** Return this many URLs instead of n. */
  readonly count?: number;
}

export interface CdnRequest {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
}

export interface SentChunk {
  readonly at: number;
  /** Reply characters sent so far, this chunk included. */
  readonly sentChars: number;
}

export function defaultUsage(text: string): UsageShape {
  return { input_tokens: 10, output_tokens: Math.max(1, Math.ceil(text.length / 4)) };
}

/** The content of a chat request's last message ('' when it has none). */
export function lastUserContent(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  const last = messages.at(-1);
  return typeof last?.content === 'string' ? last.content : '';
}

/** Splits text into `count` pieces of near-equal length, never inside a surrogate pair. */
export function pieces(text: string, count: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  const size = Math.max(1, Math.ceil(chars.length / Math.max(1, count)));
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out.length > 0 ? out : [''];
}

/** Splits text into words, each with the whitespace after it. */
export function wordPieces(text: string): string[] {
  const out = text.match(/\S+\s*|\s+/g);
  return out && out.length > 0 ? out : [''];
}
