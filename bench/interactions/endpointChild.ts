/**
 * Part 2's endpoint, in a process of its own (pinned to one core by the bench when `taskset`
 * exists): src/interactions/endpoint.ts's startInteractionsEndpoint with the key given as the
 * first argument; `handle` answers 202 after a setImmediate, standing in for the bot deferring
 * the interaction. Prints `{"port":…}` once listening; stops on SIGTERM.
 *
 * Run by bench/interactions/endpointRate.ts: `node --import tsx bench/interactions/endpointChild.ts <publicKeyHex>`.
 */
import { startInteractionsEndpoint } from '../../src/interactions/endpoint.js';

const publicKey = process.argv[2] ?? '';
let handled = 0;
let pongs = 0;
const refused: Record<string, number> = {};
const endpoint = await startInteractionsEndpoint({
  host: '127.0.0.1',
  port: 0,
  publicKey,
  async handle() {
    await new Promise((resolve) => setImmediate(resolve));
    handled += 1;
    return { status: 202 };
  },
  healthy: async () => true,
  pong: () => {
    pongs += 1;
  },
  onRefused: (reason) => {
    refused[reason] = (refused[reason] ?? 0) + 1;
  },
  onError: (error) => console.error(String(error)),
});
process.stdout.write(`${JSON.stringify({ port: endpoint.port })}\n`);
process.on('SIGTERM', () => {
  process.stderr.write(`${JSON.stringify({ handled, pongs, refused })}\n`);
  void endpoint.close().then(() => process.exit(0));
});
