/**
 * The local Discord's one loopback port: REST under /api (restRoutes.ts) and the gateway
 * WebSocket (gateway.ts) upgraded from the same server, and closing both down with every
 * connection still open.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { upgradeGateway } from './gateway.js';
import { closeEndpointConnections } from './interactionsEndpoint.js';
import { handleRest } from './restRoutes.js';
import type { DiscordState } from './state.js';

/** Listens on a free loopback port; sets `apiUrl` and `gatewayUrl`. */
export async function startServer(discord: DiscordState): Promise<void> {
  const server = createServer((req, res) => handleRest(discord, req, res));
  discord.server = server;
  server.on('connection', (socket) => {
    discord.sockets.add(socket);
    socket.on('close', () => discord.sockets.delete(socket));
  });
  discord.wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => upgradeGateway(discord, req, socket, head));
  // A deep accept queue: hundreds of clients connecting in the same millisecond (benchmarks)
  // must wait to be accepted, not be dropped into TCP's 1 s SYN retry.
  server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  discord.apiUrl = `http://127.0.0.1:${port}/api`;
  discord.gatewayUrl = `ws://127.0.0.1:${port}/gateway`;
}

export async function closeServer(discord: DiscordState): Promise<void> {
  await closeEndpointConnections(discord);
  for (const ws of discord.gatewaySockets) ws.terminate();
  discord.wss?.close();
  for (const socket of discord.sockets) socket.destroy();
  if (discord.server) {
    discord.server.close();
    await once(discord.server, 'close');
  }
}
