/**
 * Who the bot is, for a process without a gateway connection (GATEWAY=off). discord.js learns its
 * application and its own user from the gateway's READY; without one, one REST call (Get Current
 * Application, which carries the bot user) gives both, so interactions built from HTTP payloads
 * (entitlements, the bot's name) read them as they would after READY.
 */
import {
  type APIApplication,
  type APIUser,
  type Client,
  ClientApplication,
  ClientUser,
  Routes,
} from 'discord.js';

type Constructor<T> = new (client: Client, data: unknown) => T;

export async function identifyOverRest(
  client: Client,
  token: string,
): Promise<{ applicationId: string; user: string }> {
  client.rest.setToken(token);
  const application = (await client.rest.get(Routes.currentApplication())) as APIApplication;
  const bot = application.bot ?? ((await client.rest.get(Routes.user())) as APIUser);
  // Their constructors are private in discord.js's typings: READY is their only documented maker.
  const writable = client as { application: ClientApplication | null; user: ClientUser | null };
  writable.application = new (ClientApplication as unknown as Constructor<ClientApplication>)(
    client,
    application,
  );
  writable.user = new (ClientUser as unknown as Constructor<ClientUser>)(client, bot);
  return { applicationId: application.id, user: writable.user.tag };
}
