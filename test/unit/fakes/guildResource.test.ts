/**
 * The local Discord's guild over REST, checked against Discord's published description
 * (discord/discord-api-spec, copied in test/fixtures/discordApiSpec.json): GET /guilds/{id}
 * answers a GuildWithCountsResponse (get_guild) with the guild's roles, and DELETE
 * /guilds/{id}/roles/{id} (delete_guild_role) answers 204, or Discord's 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDiscord, startLocalDiscord } from '../../../src/localDiscord/localDiscord.js';
import { createRole } from '../../../src/localDiscord/members.js';
import { loadSpecCopy, schemaProblems } from '../../helpers/jsonSchema.js';

const spec = loadSpecCopy();
const getGuild = spec.operations.get_guild?.schema ?? {};
let discord: LocalDiscord;
beforeAll(async () => {
  discord = await startLocalDiscord({ membersPerGuild: 2, guildsPerShard: 1, shards: 2 });
});
afterAll(async () => {
  await discord.close();
});

async function rest(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${discord.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${discord.botToken}` },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('the schema check itself', () => {
  it('finds a missing required field, a wrong type, a bad snowflake and an unknown enum value', () => {
    const schema = spec.components.schemas.GuildRoleResponse ?? {};
    expect(schemaProblems(spec, schema, {})).toContain('$: required colors is missing');
    const role = { id: '1', name: 'a', permissions: '0', position: 0, color: 0, hoist: false };
    const problems = schemaProblems(spec, getGuild, {
      roles: [{ ...role, id: 'x', hoist: 'no' }],
      afk_timeout: 7,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        '$: required owner_id is missing',
        '$.roles[0].id: "x" does not match ^(0|[1-9][0-9]*)$',
        '$.roles[0].hoist: string, expected boolean',
        '$.afk_timeout: fits 0 of oneOf, expected exactly 1',
      ]),
    );
  });
});

describe('GET /guilds/{guild.id}', () => {
  it('answers every field get_guild requires, as its schema describes them', async () => {
    const created = createRole(discord, 'Supporter');
    for (const guild of discord.guilds) {
      const { status, body } = await rest('GET', `/guilds/${guild.id}`);
      expect(status).toBe(200);
      expect(schemaProblems(spec, getGuild, body)).toEqual([]);
    }
    const { body } = await rest('GET', `/guilds/${discord.guildId}?with_counts=true`);
    expect(schemaProblems(spec, getGuild, body)).toEqual([]);
    const guild = body as { id: string; name: string; roles: { id: string; name: string }[] };
    expect(guild).toMatchObject({ id: discord.guildId, name: 'Local server', approximate_member_count: 4 });
    expect(guild.roles.map((role) => role.name)).toEqual([
      '@everyone',
      discord.botUser.username,
      'Member',
      'Supporter',
    ]);
    expect(guild.roles[0]?.id).toBe(discord.guildId);
    expect(guild.roles.at(-1)?.id).toBe(created.id);
    // The same guild on every read (owner, role ids), as Discord keeps them.
    expect((await rest('GET', `/guilds/${discord.guildId}`)).body).toMatchObject({
      owner_id: (body as { owner_id: string }).owner_id,
      roles: guild.roles.map((role) => ({ id: role.id })),
    });
  });

  it('answers 404 Unknown Guild for a guild the bot is not in', async () => {
    expect(await rest('GET', '/guilds/123456789012345678')).toEqual({
      status: 404,
      body: { message: 'Unknown Guild', code: 10004 },
    });
  });
});

describe('DELETE /guilds/{guild.id}/roles/{role.id}', () => {
  it('answers 204 as delete_guild_role does, and the role is gone from the guild', async () => {
    expect(spec.operations.delete_guild_role?.responses).toContain('204');
    const role = createRole(discord, 'Temporary');
    expect(await rest('DELETE', `/guilds/${discord.guildId}/roles/${role.id}`)).toEqual({
      status: 204,
      body: undefined,
    });
    const { body } = await rest('GET', `/guilds/${discord.guildId}`);
    expect((body as { roles: { id: string }[] }).roles.map((entry) => entry.id)).not.toContain(role.id);
    expect(await rest('DELETE', `/guilds/${discord.guildId}/roles/${role.id}`)).toEqual({
      status: 404,
      body: { message: 'Unknown Role', code: 10011 },
    });
    expect(await rest('DELETE', `/guilds/123456789012345678/roles/${role.id}`)).toEqual({
      status: 404,
      body: { message: 'Unknown Guild', code: 10004 },
    });
  });
});
