/**
 * What the metrics and the request's log line need to know about one streamed chat reply: when
 * the service call started, when the first text arrived, and how many Discord writes the reply
 * took. It wraps the stream renderer and its sink, so neither knows it is being watched.
 */

import type { Clock } from '../lib/clock.js';
import type { ReplySink, StreamRenderer } from '../reply/streamRenderer.js';

export interface ReplyTrace {
  /** Counts the writes made through this sink (edits, the first message, follow-ups). */
  sink(sink: ReplySink): ReplySink;
  /** Notes when the first text is pushed into this renderer. */
  renderer(renderer: StreamRenderer): StreamRenderer;
  firstTokenMs(): number | undefined;
  elapsedMs(): number;
  edits(): number;
  /** Marks the request's line as written (settle.ts), so no other ending writes another. */
  end(): void;
  ended(): boolean;
}

export function startReplyTrace(clock: Clock): ReplyTrace {
  const startedAt = clock.now();
  let firstTokenAt: number | undefined;
  let writes = 0;
  let ended = false;
  return {
    sink(sink) {
      return {
        get botToken() {
          return sink.botToken ?? false;
        },
        rateBucket: () => sink.rateBucket?.(),
        ...(sink.messageLimit && { messageLimit: sink.messageLimit.bind(sink) }),
        followUpsLeft: () => sink.followUpsLeft?.(),
        attachFiles: sink.attachFiles ?? false,
        editOriginal(content, components, files) {
          writes += 1;
          return sink.editOriginal(content, components, files);
        },
        sendFollowUp(content, components, files) {
          writes += 1;
          return sink.sendFollowUp(content, components, files);
        },
        editFollowUp(id, content, components, files) {
          writes += 1;
          return sink.editFollowUp(id, content, components, files);
        },
        refuse: (content) => sink.refuse(content),
      };
    },
    renderer(renderer) {
      return {
        push(delta) {
          if (firstTokenAt === undefined && delta !== '') firstTokenAt = clock.now();
          renderer.push(delta);
        },
        text: () => renderer.text(),
        finish: (note, controls) => renderer.finish(note, controls),
        cancel: () => renderer.cancel(),
      };
    },
    firstTokenMs: () => (firstTokenAt === undefined ? undefined : firstTokenAt - startedAt),
    elapsedMs: () => clock.now() - startedAt,
    edits: () => writes,
    end() {
      ended = true;
    },
    ended: () => ended,
  };
}
