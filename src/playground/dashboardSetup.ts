/**
 * The dashboard in the playground: a free port for the bot's DASHBOARD_PORT, the local Discord's
 * OAuth2 client secret, and the people as the dashboard sees them: Sam (the admin) manages the
 * server and is the one "Log in with Discord" logs in as; Alex is a member without Manage Server.
 */
import { createServer } from 'node:net';
import type { LocalDiscord } from '../localDiscord/localDiscord.js';
import { MEMBER_PERMISSIONS, SERVER_MANAGER_PERMISSIONS } from '../localDiscord/model.js';
import { localOAuth } from '../localDiscord/oauth.js';
import type { PlaygroundPerson } from './pageView.js';

/** A port free on 127.0.0.1 now (the bot binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** The bot's dashboard settings, and the local Discord's OAuth2 set up for the playground's people. */
export function dashboardSetup(
  discord: LocalDiscord,
  port: number,
  people: readonly PlaygroundPerson[],
): Record<string, string> {
  const oauth = localOAuth(discord);
  const server = { id: discord.guildId, name: 'Playground server', owner: false };
  for (const person of people) {
    const permissions = person.key === 'admin' ? SERVER_MANAGER_PERMISSIONS : MEMBER_PERMISSIONS;
    oauth.grant(person.user, [{ ...server, permissions }]);
    if (person.key === 'admin') oauth.authorizeAs(person.user);
  }
  return {
    DASHBOARD_PORT: String(port),
    DASHBOARD_HOST: '127.0.0.1',
    DISCORD_CLIENT_SECRET: oauth.clientSecret,
  };
}
