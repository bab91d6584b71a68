/**
 * Interpreting the service's chat chunks. The stream format is undocumented (service-api.md
 * §4.2 gaps), so this accepts what OpenAI-compatible services send:
 * - `choices[0].delta.content` pieces, or `choices[0].message.content` (the whole reply so far);
 * - `usage` on any chunk (a trailing chunk with empty `choices` included), the last one winning,
 *   with `input_tokens`/`output_tokens` or `prompt_tokens`/`completion_tokens`;
 * - `finish_reason` on any choice; `data: [DONE]` as the end marker;
 * - an `error` object, or an `event: error` event, as a mid-stream failure.
 * Pure: no I/O, so every case is unit-tested byte for byte.
 */
import { isRecord } from '../lib/objects.js';
import { estimateTokens } from '../lib/tokens.js';
import type { ChatMessage, ChatResult, Usage } from './types.js';

export interface ChunkError {
  readonly message: string;
  readonly code?: string;
}

export type StreamChunk =
  | { readonly kind: 'done' }
  | { readonly kind: 'error'; readonly error: ChunkError }
  /** `data` is the event's raw text, for the log (redact it before quoting it). */
  | { readonly kind: 'ignored'; readonly reason: string; readonly data: string }
  | {
      readonly kind: 'data';
      readonly delta?: string;
      readonly whole?: string;
      readonly usage?: Omit<Usage, 'estimated'>;
      readonly finishReason?: string;
      readonly id?: string;
      readonly model?: string;
    };

export type DataChunk = Extract<StreamChunk, { kind: 'data' }>;

function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Reads `usage` in either naming; undefined unless both counts are present and valid. */
export function normalizeUsage(value: unknown): Omit<Usage, 'estimated'> | undefined {
  if (!isRecord(value)) return undefined;
  const input = tokenCount(value.input_tokens) ?? tokenCount(value.prompt_tokens);
  const output = tokenCount(value.output_tokens) ?? tokenCount(value.completion_tokens);
  if (input === undefined || output === undefined) return undefined;
  return { inputTokens: input, outputTokens: output };
}

/** Finds a human-readable message in an error value of any common shape. */
export function errorMessageOf(value: unknown): ChunkError | undefined {
  if (typeof value === 'string' && value.trim() !== '') return { message: value };
  if (!isRecord(value)) return undefined;
  const inner = isRecord(value.error) ? value.error : value;
  const message =
    typeof inner.message === 'string'
      ? inner.message
      : typeof value.error === 'string'
        ? value.error
        : undefined;
  if (message === undefined) return undefined;
  const code =
    typeof inner.code === 'string' ? inner.code : typeof inner.type === 'string' ? inner.type : undefined;
  return code === undefined ? { message } : { message, code };
}

export function interpretEvent(event: {
  readonly event?: string | undefined;
  readonly data: string;
}): StreamChunk {
  const data = event.data.trim();
  if (data === '[DONE]') return { kind: 'done' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    if (event.event === 'error') return { kind: 'error', error: { message: data || 'unknown error' } };
    // Not the parser's message: V8 quotes the input in it, which may hold what must not be logged.
    return { kind: 'ignored', reason: 'not JSON', data };
  }
  if (event.event === 'error' || (isRecord(parsed) && parsed.error !== undefined && parsed.error !== null)) {
    return { kind: 'error', error: errorMessageOf(parsed) ?? { message: 'unknown error' } };
  }
  if (!isRecord(parsed)) return { kind: 'ignored', reason: 'not an object', data };

  const choice = Array.isArray(parsed.choices) ? parsed.choices.find(isRecord) : undefined;
  const delta =
    isRecord(choice?.delta) && typeof choice.delta.content === 'string' ? choice.delta.content : undefined;
  const whole =
    isRecord(choice?.message) && typeof choice.message.content === 'string'
      ? choice.message.content
      : typeof choice?.text === 'string'
        ? choice.text
        : undefined;
  const finishReason = typeof choice?.finish_reason === 'string' ? choice.finish_reason : undefined;
  const usage = normalizeUsage(parsed.usage);
  // Assigned one by one, not spread: this runs for every token (50,000 times a second at 1,000 replies).
  const chunk: { -readonly [K in keyof DataChunk]: DataChunk[K] } = { kind: 'data' };
  if (delta !== undefined) chunk.delta = delta;
  if (whole !== undefined) chunk.whole = whole;
  if (usage !== undefined) chunk.usage = usage;
  if (finishReason !== undefined) chunk.finishReason = finishReason;
  if (typeof parsed.id === 'string') chunk.id = parsed.id;
  if (typeof parsed.model === 'string') chunk.model = parsed.model;
  return chunk;
}

/** The start of a text, short enough for one log line. */
export function excerpt(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** What one batch of events did to the reply (ReplyAccumulator.applyBatch). */
export interface BatchStep {
  readonly added: string;
  readonly done: boolean;
  readonly error?: ChunkError;
  readonly ignored: readonly Extract<StreamChunk, { kind: 'ignored' }>[] | undefined;
}

/** Pieces kept apart before they are joined into one string (see ReplyAccumulator.text). */
const JOIN_EVERY = 64;

/** Folds chunks into the reply; tells the caller which text is new. */
export class ReplyAccumulator {
  // The reply as pieces, one per batch, joined every JOIN_EVERY: `text += delta` would keep a
  // rope of one 32-byte cell per token alive for the whole reply (1,500 per reply, most of a
  // streaming reply's heap; bench/capacity.ts), since nothing reads it until the end. A batch's
  // tokens are joined at once: kept as pieces, each would outlive the young generation.
  private pieces: string[] = [];
  usage: Omit<Usage, 'estimated'> | undefined;
  finishReason: string | null = null;
  id: string | null = null;
  model: string;
  sawDone = false;

  constructor(requestedModel: string) {
    this.model = requestedModel;
  }

  /** Everything the reply has said so far. */
  get text(): string {
    if (this.pieces.length !== 1) this.pieces = [this.pieces.join('')];
    return this.pieces[0] as string;
  }

  /**
   * Applies a data chunk; returns the text it adds to the reply ('' when none). Given `batch`,
   * the text is added there (the caller adds the batch's text when the batch ends).
   */
  apply(chunk: DataChunk, batch?: string[]): string {
    if (chunk.usage) this.usage = chunk.usage;
    if (chunk.finishReason) this.finishReason = chunk.finishReason;
    if (chunk.id) this.id ??= chunk.id;
    if (chunk.model) this.model = chunk.model;
    let added = chunk.delta ?? '';
    if (chunk.whole !== undefined) {
      // A whole-message chunk repeats what came before; only its new tail is new.
      const before = (batch?.length ? this.text + batch.join('') : this.text) + added;
      added += chunk.whole.startsWith(before) ? chunk.whole.slice(before.length) : chunk.whole;
    }
    if (added === '') return added;
    if (batch) batch.push(added);
    else this.addPiece(added);
    return added;
  }

  private addPiece(piece: string): void {
    this.pieces.push(piece);
    if (this.pieces.length >= JOIN_EVERY) this.pieces = [this.pieces.join('')];
  }

  /**
   * Applies the events of one network read (or several): the text they add, whether the end
   * marker came (events after it are not read), the first error event (events after it are not
   * read) and the unreadable events worth a warning (not empty keep-alive `data:` lines).
   */
  applyBatch(chunks: readonly StreamChunk[]): BatchStep {
    const batch: string[] = [];
    let ignored: Extract<StreamChunk, { kind: 'ignored' }>[] | undefined;
    let done = false;
    let error: ChunkError | undefined;
    for (const chunk of chunks) {
      if (chunk.kind === 'done') {
        done = true;
        break;
      }
      if (chunk.kind === 'error') {
        error = chunk.error;
        break;
      }
      if (chunk.kind === 'ignored') {
        if (chunk.data === '') continue;
        ignored ??= [];
        ignored.push(chunk);
        continue;
      }
      this.apply(chunk, batch);
    }
    const added = batch.length === 1 ? (batch[0] as string) : batch.join('');
    if (added !== '') this.addPiece(added);
    return error === undefined ? { added, done, ignored } : { added, done, error, ignored };
  }

  /** Usage as sent, or estimated from the prompt and the reply when the service sent none. */
  resolveUsage(prompt: readonly ChatMessage[]): Usage {
    if (this.usage) return { ...this.usage, estimated: false };
    return {
      inputTokens: prompt.reduce((sum, message) => sum + estimateTokens(message.content), 0),
      outputTokens: estimateTokens(this.text),
      estimated: true,
    };
  }

  result(prompt: readonly ChatMessage[]): ChatResult {
    return {
      id: this.id,
      model: this.model,
      text: this.text,
      finishReason: this.finishReason,
      usage: this.resolveUsage(prompt),
      truncated: !this.sawDone && this.finishReason === null,
    };
  }
}
