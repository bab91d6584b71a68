/**
 * The role rule form and write (roleRoutes.ts): the roles offered by name, and before any edit is sent: a rule for @everyone (the server's
 * own id) is refused at once, even when the server's owning process is down (its edit would wait
 * "not confirmed"); any other role is for the owner to check (edits.ts roleRefusal).
 */
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type DashboardEdit, EVERYONE_ROLE, NOT_A_ROLE } from '../../../src/dashboard/edits.js';
import { wordsIn } from '../../../src/dashboard/language.js';
import { registerRoleRoutes, roleSection } from '../../../src/dashboard/roleRoutes.js';

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

describe("the role rule form (roleSection): the server's roles by name, never an id box", () => {
  const roles = [
    { id: '333333333333333333', name: 'Zed' },
    { id: '444444444444444444', name: 'Art <b>&' },
  ];
  const sent = (role: string) => ({ form: 'role' as const, error: 'no', body: { role, daily: 'abc' } });

  it('offers a select of the roles by name (escaped, sorted), the one sent back chosen', () => {
    const html = roleSection(GUILD, [], roles, 'csrf', 'USD', sent('333333333333333333'));
    expect(html).toContain(
      '<select name="role" id="role-picker" required><option value="444444444444444444">@Art &#60;b&#62;&#38;</option><option value="333333333333333333" selected>@Zed</option></select>',
    );
    expect(html).not.toMatch(/<input[^>]*name="role"/);
  });

  it('says so when this process does not see the roles, and offers no id box nor a save', () => {
    const html = roleSection(GUILD, [], [], 'csrf', 'USD', sent('333333333333333333'));
    expect(html).toContain('id="roles-unknown"');
    expect(html).not.toMatch(/name="role"/);
    expect(html).toContain('<button id="save-role-rule" disabled>');
  });

  it('is in the viewer’s language', () => {
    const html = roleSection(GUILD, [], roles, 'csrf', 'USD', undefined, wordsIn('fr'));
    expect(html).toContain('<h2>Règles par rôle</h2>');
    expect(html).toContain('Enregistrer la règle');
  });
});

describe('a role this process knows the server lacks', () => {
  it('is refused on the form at once, sending nothing to the owner', async () => {
    const sent: DashboardEdit[] = [];
    const app = Fastify();
    await app.register(formbody);
    registerRoleRoutes(
      app,
      {
        edit: async (_guildId, edit) => {
          sent.push(edit);
          return { ok: true, applied: true };
        },
        currency: 'USD',
        roles: () => [{ id: '333333333333333333', name: 'Ours' }],
      },
      async (request, reply) => ({
        guildId: (request.params as { id: string }).id,
        words: wordsIn('en'),
        refuse: async (error: string) => reply.code(400).type('text/plain').send(error),
      }),
    );
    const post = (role: string, language = 'en') =>
      app.inject({
        method: 'POST',
        url: `/guilds/${GUILD}/roles`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
        payload: new URLSearchParams({ role, daily: '1' }).toString(),
      });
    const foreign = await post('222222222222222222');
    expect([foreign.statusCode, foreign.body]).toEqual([400, NOT_A_ROLE]);
    expect((await post('222222222222222222', 'de-CH, en;q=0.5')).body).toBe(wordsIn('de').t('notARole'));
    expect(sent).toEqual([]);
    expect((await post('333333333333333333')).statusCode).toBe(303);
    expect(sent).toHaveLength(1);
  });
});
