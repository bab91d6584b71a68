/**
 * `npm run rest-proxy`: one @discordjs/proxy (the REST proxy discord.js maintains) in front of
 * Discord's API, so every process of the bot, on any machine, shares one view of Discord's rate
 * limits (its global 50 requests/s per bot above all). Point each bot process's DISCORD_API_URL
 * at `http://<host>:<port>/api`. The proxy forwards each request's own Authorization header and
 * holds no token itself.
 *
 * REST_PROXY_PORT (default 8080) and REST_PROXY_HOST (default 127.0.0.1) say where it listens;
 * REST_PROXY_UPSTREAM is where it sends requests (default: Discord's API). Not DISCORD_API_URL:
 * in a shared .env that names the proxy itself.
 */
import { createServer } from 'node:http';
import { proxyRequests } from '@discordjs/proxy';
import { REST } from 'discord.js';

const port = Number(process.env.REST_PROXY_PORT ?? 8080);
const host = process.env.REST_PROXY_HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write('config: REST_PROXY_PORT must be a port number from 0 to 65535\n');
  process.exit(1);
}
const upstream = process.env.REST_PROXY_UPSTREAM;
const rest = new REST({
  ...(upstream !== undefined && upstream !== '' && { api: upstream }),
  rejectOnRateLimit: null,
});
const handle = proxyRequests(rest);
const server = createServer((req, res) => {
  Promise.resolve(handle(req, res)).catch((error: unknown) => {
    process.stderr.write(
      `rest-proxy: ${req.method} ${req.url?.replace(/\/(webhooks|interactions)\/(\d+)\/[^/?]+/, '/$1/$2/:token')} failed: ${String(error)}\n`,
    );
    if (!res.headersSent) res.statusCode = 502;
    res.end();
  });
});
server.listen(port, host, () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(
    `rest-proxy: listening on http://${host}:${bound}/api → ${upstream || 'https://discord.com/api'}\n`,
  );
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
