/**
 * One request passed on to an upstream unchanged (method, headers but Host, body streamed) and
 * its answer streamed back, or 502 when the upstream cannot be reached: the core of the plain
 * load balancers the tests and the bench put in front of the workers' interactions endpoints.
 */
import { type Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';

export function proxyRequest(
  target: URL,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  options: { readonly agent?: Agent; readonly onAnswer?: () => void } = {},
): void {
  const forwarded = request(
    target,
    {
      ...(options.agent && { agent: options.agent }),
      method: incoming.method,
      headers: { ...incoming.headers, host: target.host },
    },
    (answer) => {
      options.onAnswer?.();
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(forwarded);
}
