/**
 * The role rule write (roleRoutes.ts) before any edit is sent: a rule for @everyone (the server's
 * own id) is refused at once, even when the server's owning process is down (its edit would wait
 * "not confirmed"); any other role is for the owner to check (edits.ts roleRefusal).
 */
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type DashboardEdit, EVERYONE_ROLE } from '../../../src/dashboard/edits.js';
import { wordsIn } from '../../../src/dashboard/language.js';
import { registerRoleRoutes } from '../../../src/dashboard/roleRoutes.js';

const GUILD = '111111111111111111';

async function routes() {
  const sent: DashboardEdit[] = [];
  const app = Fastify();
  await app.register(formbody);
  registerRoleRoutes(
    app,
    {
      // The owner is down: every edit waits, sent but not confirmed.
      edit: async (_guildId, edit) => {
        sent.push(edit);
        return { ok: true, applied: false };
      },
      currency: 'USD',
      roles: () => [],
    },
    // The guard as guildRoutes.ts's, its refusal reduced to the error (the page is elsewhere).
    async (request, reply) => ({
      guildId: (request.params as { id: string }).id,
      words: wordsIn('en'),
      refuse: async (error: string) => reply.code(400).type('text/plain').send(error),
    }),
  );
  const post = (role: string) =>
    app.inject({
      method: 'POST',
      url: `/guilds/${GUILD}/roles`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ role, daily: '1' }).toString(),
    });
  return { sent, post };
}

describe('a role rule write', () => {
  it('refuses @everyone at once, sending nothing to the owner', async () => {
    const { sent, post } = await routes();
    const answer = await post(GUILD);
    expect([answer.statusCode, answer.body]).toEqual([400, EVERYONE_ROLE]);
    expect(sent).toEqual([]);
  });

  it("sends any other role to the owner, which checks it is the server's", async () => {
    const { sent, post } = await routes();
    const answer = await post('222222222222222222');
    expect(answer.statusCode).toBe(303);
    expect(sent).toMatchObject([{ kind: 'role-set', rule: { roleId: '222222222222222222' } }]);
  });
});
