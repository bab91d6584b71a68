/**
 * The operator's HTTP endpoint (METRICS_PORT, on METRICS_HOST): `GET /metrics` in Prometheus'
 * text format, `GET /healthz` answering 200 `ok` or 503 with the reason. Nothing else; it
 * reads no request body and never touches Discord or the service.
 */
import { createServer } from 'node:http';
import type { Registry } from 'prom-client';
import { listen } from '../lib/listen.js';

export type Health = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface OpsServerOptions {
  readonly host: string;
  /** 0: any free port (see `port` on the result). */
  readonly port: number;
  readonly registry: Registry;
  readonly health: () => Promise<Health>;
  readonly onError?: (error: unknown) => void;
}

export interface OpsServer {
  /** The port it listens on. */
  readonly port: number;
  close(): Promise<void>;
}

export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'method not allowed\n');
    const answer =
      path === '/metrics'
        ? options.registry.metrics().then((body) => send(200, body, options.registry.contentType))
        : path === '/healthz'
          ? options
              .health()
              .then((health) => (health.ok ? send(200, 'ok\n') : send(503, `${health.reason}\n`)))
          : Promise.resolve(send(404, 'not found: try /metrics or /healthz\n'));
    answer.catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) send(500, 'internal error\n');
      else response.destroy();
    });
  });
  return listen(server, options.port, options.host, options.onError);
}
