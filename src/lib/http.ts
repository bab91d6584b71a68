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
