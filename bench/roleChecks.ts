/**
 * Rules per role, per request: what admission does for a member's /ask or /imagine in a server
 * with rules (src/access/roleGate.ts): the member's role ids from the payload (memberRoleIds),
 * the server's rules (createRoleRules, cached after the first read, as in the bot), whether any
 * applies, the most generous rule of those held (mergeRules) and the model and /imagine checks
 * (imagineRule makes the same memberRule call).
 * The worst case Discord allows: a member with 250 roles in a server with MAX_ROLE_RULES (50)
 * rules; held: all 50 rule-bearing roles (every rule merged), one, or none (every rule scanned).
 * The server's defaults come from a stub answering at once (the bot caches them too), and the
 * member's spend caps (ledger reads) are not part of it. Target: p95 < 50 µs per check.
 *
 * Run: npm run bench (BENCH_ONLY=roleChecks), or `tsx bench/roleChecks.ts`; BENCH_QUICK=1: 20,000 checks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memberRule, type RoleGateDeps, roleModelRefusal } from '../src/access/roleGate.js';
import { createI18n } from '../src/i18n/translator.js';
import { openStore } from '../src/lib/store.js';
import { CHAT_MODELS } from '../src/service/models.js';
import { createRoleRules, MAX_ROLE_RULES, memberRoleIds } from '../src/spend/roleRules.js';
import { below, exitOnMiss, judged } from './run/verdict.js';

const CHECKS = process.env.BENCH_QUICK === '1' ? 20_000 : 100_000;
const WARMUP = 10_000;
const MEMBER_ROLES = 250;
const TARGET_P95_MICROS = 50;
const GUILD = '100000000000000001';
const round = (value: number) => Math.round(value * 100) / 100;
const roleId = (i: number) => String(200_000_000_000_000_000n + BigInt(i));

const dir = mkdtempSync(join(tmpdir(), 'bench-roles-'));
const store = await openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
const roleRules = createRoleRules(store);
// MAX_ROLE_RULES rules, each with caps and a different subset of the models (merging has work to do).
for (let i = 0; i < MAX_ROLE_RULES; i += 1) {
  const set = await roleRules.set(GUILD, {
    roleId: roleId(i * 5),
    dailyCapMicros: i % 7 === 0 ? null : 100_000 * (i + 1),
    monthlyCapMicros: 1_000_000 * (i + 1),
    models: CHAT_MODELS.filter((_, m) => (i >> m) & 1),
    imagine: i % 3 !== 0,
  });
  if (!set.ok) throw new Error(set.error);
}
const english = createI18n().translator('en-US');
const context: RoleGateDeps = {
  roleRules,
  // Only the server's daily cap per member is read; the rest of the settings as unset.
  budgets: {
    settings: async () => ({ monthlyCapMicros: null, dailyUserCapMicros: 500_000, alertChannelId: null }),
  },
};

/** A member payload (as an interaction carries it) with 250 role ids, `held` of them bearing rules. */
function member(held: number): { roles: string[] } {
  const ruled = Array.from({ length: held }, (_, i) => roleId(i * 5));
  const others = Array.from({ length: MEMBER_ROLES - held }, (_, i) => roleId(1_000 + i));
  // Discord lists a member's roles in no particular order: the rule-bearing ones spread out.
  const roles = [...others];
  for (const [i, id] of ruled.entries()) roles.splice(Math.floor((i * roles.length) / held), 0, id);
  return { roles };
}

/** One admission check, as for an /ask: the member's rule, the model it allows, and /imagine's flag. */
async function check(payload: unknown): Promise<boolean> {
  const rule = await memberRule(context, GUILD, memberRoleIds(payload));
  return roleModelRefusal(rule, 'service-v1-pro', english) !== undefined || rule?.imagine === false;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(held: number) {
  const payload = member(held);
  for (let i = 0; i < WARMUP; i += 1) await check(payload);
  const micros = new Float64Array(CHECKS);
  let refusals = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < CHECKS; i += 1) {
    const before = process.hrtime.bigint();
    if (await check(payload)) refusals += 1;
    micros[i] = Number(process.hrtime.bigint() - before) / 1_000;
  }
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  micros.sort();
  const p95 = percentile(micros, 95);
  return {
    ruleRolesHeld: held,
    p50Micros: round(percentile(micros, 50)),
    p95Micros: round(p95),
    p99Micros: round(percentile(micros, 99)),
    maxMicros: round(micros[micros.length - 1] ?? 0),
    checksPerSecond: Math.round(CHECKS / (totalMs / 1_000)),
    refused: refusals > 0,
  };
}

const cases = [];
for (const held of [MAX_ROLE_RULES, 1, 0]) cases.push(await measure(held));
await store.disconnect();
rmSync(dir, { recursive: true, force: true });
const held = (count: number) =>
  count === MAX_ROLE_RULES ? 'all rule-bearing roles held' : count === 1 ? 'one held' : 'none held';
const report = judged(
  {
    date: new Date().toISOString(),
    node: process.version,
    memberRoles: MEMBER_ROLES,
    serverRules: MAX_ROLE_RULES,
    checksPerCase: CHECKS,
    targetP95Micros: TARGET_P95_MICROS,
    cases,
  },
  cases.map((one) =>
    below(`one admission check, p95 (${held(one.ruleRolesHeld)})`, one.p95Micros, TARGET_P95_MICROS, 'µs'),
  ),
);
console.log(JSON.stringify(report, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/roleChecks.json', `${JSON.stringify(report, null, 2)}\n`);
exitOnMiss(report);
