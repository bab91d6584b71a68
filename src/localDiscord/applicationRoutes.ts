/**
 * The app and its bot user as the bot reads them over REST, in the shapes of Discord's OpenAPI
 * description (discord/discord-api-spec, specs/openapi.json): GET /applications/@me
 * (PrivateApplicationResponse: `verify_key` is the public key interactions are signed with, and
 * `interactions_endpoint_url`), PATCH /applications/@me `{interactions_endpoint_url}` (checked as
 * the Developer Portal checks it, interactionsEndpoint.ts; a URL that fails is refused with 400
 * Invalid Form Body and the previous one stays; null or '' clears it) and, with the bot's token,
 * GET /users/@me (UserPIIResponse; a Bearer token's is oauth.ts's).
 */
import { applicationFlags } from './gateway.js';
import { setInteractionsEndpoint } from './interactionsEndpoint.js';
import { Problems } from './modals.js';
import { snowflake } from './model.js';
import type { DiscordState } from './state.js';

/** The app's owner (the spec requires one; nobody the fake otherwise knows), by app. */
const owners = new WeakMap<DiscordState, string>();

const userJson = (id: string, username: string, globalName: string | null) => ({
  id,
  username,
  discriminator: '0',
  global_name: globalName,
  avatar: null,
  public_flags: 0,
  flags: 0,
  primary_guild: null,
});

/** The bot user, as UserResponse. */
function botJson(discord: DiscordState) {
  return {
    ...userJson(discord.botUser.id, discord.botUser.username, discord.botUser.global_name),
    bot: true,
  };
}

function applicationJson(discord: DiscordState): Record<string, unknown> {
  const flags = applicationFlags(discord);
  let owner = owners.get(discord);
  if (owner === undefined) {
    owner = snowflake();
    owners.set(discord, owner);
  }
  return {
    id: discord.applicationId,
    name: discord.botUser.global_name ?? discord.botUser.username,
    icon: null,
    description: '',
    type: null,
    bot: botJson(discord),
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: discord.publicKey,
    flags,
    flags_new: String(flags),
    redirect_uris: [],
    interactions_endpoint_url: discord.interactionsEndpointUrl ?? null,
    role_connections_verification_url: null,
    owner: userJson(owner, 'owner', null),
    approximate_guild_count: discord.guilds.length,
    approximate_user_install_count: 0,
    approximate_user_authorization_count: 0,
    explicit_content_filter: 0,
    team: null,
    eligible_oauth2_scopes: [],
  };
}

/** Why Discord would refuse `value` as the endpoint URL (its 400 body), after trying to save it. */
async function endpointUrlRefusal(discord: DiscordState, value: unknown): Promise<unknown> {
  const problems = new Problems();
  const path = ['interactions_endpoint_url'];
  problems.text(path, value, 0, 2048, true);
  const url = typeof value === 'string' && value !== '' ? value : undefined;
  if (problems.count === 0 && url !== undefined && !/^https?:$/.test(URL.parse(url)?.protocol ?? '')) {
    problems.add(path, 'URL_TYPE_INVALID_URL', 'Not a well formed URL.');
  }
  if (problems.count === 0) {
    try {
      await setInteractionsEndpoint(discord, url);
    } catch {
      problems.add(
        path,
        'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID',
        'The specified interactions endpoint url could not be verified.',
      );
    }
  }
  return problems.count > 0
    ? { message: 'Invalid Form Body', code: 50035, errors: problems.errors }
    : undefined;
}

/** Answers GET and PATCH /applications/@me and the bot's GET /users/@me; undefined for other routes. */
export async function routeApplication(
  discord: DiscordState,
  method: string,
  path: string,
  json: Record<string, unknown>,
): Promise<{ status: number; body: unknown } | undefined> {
  if (method === 'GET' && path === '/users/@me') {
    const pii = { mfa_enabled: false, locale: 'en-US', verified: true };
    return { status: 200, body: { ...botJson(discord), ...pii } };
  }
  if (path !== '/applications/@me' || (method !== 'GET' && method !== 'PATCH')) return undefined;
  if (method === 'PATCH' && 'interactions_endpoint_url' in json) {
    const refusal = await endpointUrlRefusal(discord, json.interactions_endpoint_url);
    if (refusal) return { status: 400, body: refusal };
  }
  return { status: 200, body: applicationJson(discord) };
}
