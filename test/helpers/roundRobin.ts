/**
 * A plain load balancer in front of several workers' interactions endpoints, as nginx or Caddy
 * would be: each request goes to the next upstream in turn, body and headers unchanged. `pin`
 * chooses the next one (a test sends a press to the worker that does not own the server).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequest } from '../../src/localService/harness/proxyRequest.js';

export interface RoundRobin {
  readonly url: string;
  /** Each request as it arrived (headers and body), for a test to send again. */
  readonly recorded: { readonly headers: Record<string, string>; readonly body: string }[];
  /** The upstream index each request went to, in order. */
  readonly sent: number[];
  /** The next request goes to this upstream. */
  pin(index: number): void;
  close(): Promise<void>;
}

export async function startRoundRobin(upstreams: readonly string[]): Promise<RoundRobin> {
  let next = 0;
  const sent: number[] = [];
  const recorded: RoundRobin['recorded'][number][] = [];
  const server = createServer((incoming, outgoing) => {
    const index = next % upstreams.length;
    next = index + 1;
    sent.push(index);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () =>
      recorded.push({
        headers: Object.fromEntries(
          Object.entries(incoming.headers).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    proxyRequest(target, incoming, outgoing);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    recorded,
    pin(index) {
      next = index;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
