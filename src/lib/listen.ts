/** Starting and stopping the bot's own HTTP servers (metrics, interactions) the same way. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** The port it listens on (the one chosen, for port 0). */
  readonly port: number;
  /** Stops listening and drops open connections (kept-alive clients must not hold the process). */
  close(): Promise<void>;
}

/** Listens on `host:port`; rejects when it cannot (e.g. the port is taken); later errors go to `onError`. */
export async function listen(
  server: Server,
  port: number,
  host: string,
  onError?: (error: unknown) => void,
): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => onError?.(error));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
