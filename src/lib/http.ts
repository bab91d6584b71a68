/** Small helpers shared by the HTTP clients (service, image host). */

/**
 * Stops a response body we no longer want. undici emits an AbortError on a destroyed body; with
 * no listener that would be an uncaught exception, so one is attached first.
 */
export function discardBody(body: {
  on(event: 'error', listener: () => void): unknown;
  destroy(): unknown;
}): void {
  body.on('error', () => {});
  body.destroy();
}

/** A response body that turned out larger than the reader accepts (the rest was not read). */
export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
  constructor(readonly limitBytes: number) {
    super(`the response body is larger than ${limitBytes} bytes`);
  }
}

/**
 * A whole response body as UTF-8 text, refusing past `limitBytes`: memory follows the limit,
 * never the sender. Throws BodyTooLarge (after discarding the rest) or the read's own error.
 */
export async function readText(
  body: AsyncIterable<Uint8Array> & { on(event: 'error', listener: () => void): unknown; destroy(): unknown },
  limitBytes: number,
): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > limitBytes) {
      discardBody(body);
      throw new BodyTooLarge(limitBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
