/**
 * `/usage show`: totals by model, member and role, what the server's own key paid, the budget
 * state, the paid plan (PLANS_FILE: allowance left, credit balance, credit packs), and a daily chart.
 */

import { type ChatInputCommandInteraction, MessageFlags, type REST } from 'discord.js';
import { interactionWebhook } from '../../src/discord/interactionWebhook.js';
import type { Translator } from '../../src/i18n/translator.js';
import type { Clock } from '../../src/lib/clock.js';
import type { PaidPlans } from '../../src/plans/paidPlans.js';
import type { PlanStatus } from '../../src/plans/planAccount.js';
import type { Settings } from '../../src/settings/settingsStore.js';
import { type Period, periodRange, type Summary } from '../../src/spend/aggregate.js';
import type { Budgets } from '../../src/spend/budgets.js';
import { chartFormat, dailySpendSvg, renderPng } from '../../src/spend/chart.js';
import type { Ledger } from '../../src/spend/ledger.js';
import type { PriceList } from '../../src/spend/prices.js';
import { utcDay } from '../../src/spend/records.js';
import { periodLabel } from './range.js';

type Totals = { readonly requests: number; readonly costMicros: number };

/** The largest first, at most `limit`. */
const costliest = <T extends Totals>(byId: Readonly<Record<string, T>>, limit = Infinity) =>
  Object.entries(byId)
    .sort((a, b) => b[1].costMicros - a[1].costMicros)
    .slice(0, limit);

/** The text of /usage show (pure, so tests can check it against the ledger), in `t`'s words. */
export function usageReport(
  summary: Summary,
  currency: string,
  label: string,
  budgetLine: string | undefined,
  t: Translator,
  planLines: readonly string[] = [],
): string {
  const money = (micros: number) => t.money(micros, currency);
  const requests = (count: number) => t.t('spend.requestsShort', { count });
  const head = t.t('spend.reportHead', { label, money: money(summary.costMicros), count: summary.requests });
  const lines = [
    summary.estimatedRequests > 0
      ? `${head} ${t.t('spend.reportEstimated', { count: summary.estimatedRequests })}`
      : head,
  ];
  if (budgetLine) lines.push(budgetLine);
  lines.push(...planLines);
  // Of the total, what the server paid with its own service key (/config service-key).
  const { serverKey } = summary;
  if (serverKey.requests > 0)
    lines.push(
      t.t('spend.paidWithServerKey', {
        money: money(serverKey.costMicros),
        requests: requests(serverKey.requests),
      }),
    );
  const models = costliest(summary.byModel);
  if (models.length > 0) {
    lines.push('', t.t('spend.byModel'));
    for (const [model, totals] of models) {
      const detail =
        totals.images > 0
          ? t.t('spend.images', { count: totals.images })
          : t.t('spend.tokens', { input: totals.inputTokens, output: totals.outputTokens });
      const line = { model, requests: requests(totals.requests), detail, money: money(totals.costMicros) };
      lines.push(t.t('spend.modelLine', line));
    }
  }
  const users = costliest(summary.byUser, 10);
  if (users.length > 0) {
    lines.push('', t.t('spend.topMembers'));
    users.forEach(([userId, totals], i) => {
      const line = {
        rank: i + 1,
        userId,
        money: money(totals.costMicros),
        requests: requests(totals.requests),
      };
      lines.push(t.t('spend.memberLine', line));
    });
  }
  const roles = costliest(summary.byRole, 10);
  if (roles.length > 0) {
    // Only once a member with a rule per role was billed; a request counts under each of its roles.
    lines.push('', t.t('spend.byRole'));
    for (const [roleId, totals] of roles)
      lines.push(
        t.t('spend.roleLine', {
          roleId,
          money: money(totals.costMicros),
          requests: requests(totals.requests),
        }),
      );
    const { noRole } = summary;
    lines.push(
      t.t('spend.noRoleLine', { money: money(noRole.costMicros), requests: requests(noRole.requests) }),
    );
  }
  return lines.join('\n').slice(0, 2000);
}

/**
 * The server's plan under the budget line (pure): the plan, the allowance left this month and the
 * credit balance (below zero after a refund of credit already spent), then its credit packs not
 * refunded (how many, how much, the latest day) when it has any.
 */
export function planLines(status: PlanStatus, currency: string, t: Translator): string[] {
  const money = (micros: number) => t.money(micros, currency);
  const count = status.serverSkus.length;
  const lines = [
    t.t('spend.planLine', {
      plan: count > 0 ? t.t('spend.planSubscribed', { count }) : t.t('spend.planFree'),
      left: money(Math.max(0, status.allowanceMicros - status.allowanceUsedMicros)),
      allowance: money(status.allowanceMicros),
      credit: money(status.creditBalanceMicros),
    }),
  ];
  const kept = status.packs.filter((pack) => pack.refundedAt === undefined);
  if (kept.length > 0) {
    const latest = Math.max(...kept.map((pack) => pack.at));
    lines.push(
      t.t('spend.planCredits', {
        count: kept.length,
        money: money(kept.reduce((sum, pack) => sum + pack.micros, 0)),
        day: t.day(utcDay(latest)),
      }),
    );
  }
  return lines;
}

/** What the budget state under the totals reads: the caps, and this month's spend against them. */
interface BudgetLineDeps {
  readonly spend: {
    readonly budgets: Pick<Budgets, 'settings'>;
    readonly ledger: Pick<Ledger, 'monthSpendMicros'>;
    readonly prices: Pick<PriceList, 'currency'>;
  };
}

async function budgetLine(
  deps: BudgetLineDeps,
  guildId: string,
  now: number,
  t: Translator,
): Promise<string | undefined> {
  const settings = await deps.spend.budgets.settings(guildId);
  const { currency } = deps.spend.prices;
  const parts: string[] = [];
  if (settings.monthlyCapMicros !== null) {
    const spent = await deps.spend.ledger.monthSpendMicros(guildId, now);
    const percent =
      settings.monthlyCapMicros > 0 ? Math.floor((spent * 100) / settings.monthlyCapMicros) : 100;
    parts.push(t.t('spend.budgetMonthly', { cap: t.money(settings.monthlyCapMicros, currency), percent }));
  }
  if (settings.dailyUserCapMicros !== null) {
    parts.push(t.t('spend.budgetDaily', { cap: t.money(settings.dailyUserCapMicros, currency) }));
  }
  return parts.length > 0 ? t.t('spend.budgetLine', { caps: parts.join(' · ') }) : undefined;
}

/**
 * What `/usage show` reads: the period's summary, the budget state, the clock, and the REST
 * client its deferred reply is edited with.
 */
export type ShowUsageDeps = BudgetLineDeps & {
  readonly spend: { readonly ledger: Pick<Ledger, 'firstDay' | 'summary'> };
  /** The plan's lines when the bot has plans (PLANS_FILE). */
  readonly paidPlans: Pick<PaidPlans, 'plans' | 'status'>;
  readonly interactionRest: REST;
  readonly clock: Pick<Clock, 'now'>;
  /** The server's layout: a V2 card with the chart in a gallery, or the classic message. */
  readonly settings: Pick<Settings, 'guild'>;
};

/** Answers privately (a deferred reply: the chart takes a moment), in the member's words. */
export async function showUsage(
  deps: ShowUsageDeps,
  interaction: ChatInputCommandInteraction,
  guildId: string,
  period: Period,
  member: Translator,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const webhook = interactionWebhook(deps.interactionRest, interaction);
  const now = deps.clock.now();
  const { from, to } = periodRange(period, now, await deps.spend.ledger.firstDay(guildId));
  const label = periodLabel(member, period, from, to);
  const summary = await deps.spend.ledger.summary(guildId, from, to);
  const { currency } = deps.spend.prices;
  const budget = await budgetLine(deps, guildId, now, member);
  const status = deps.paidPlans.plans ? await deps.paidPlans.status(guildId, now) : undefined;
  const plan = status ? planLines(status, currency, member) : [];
  const content = usageReport(summary, currency, label, budget, member, plan);
  const title = member.t('spend.chartTitle', { label });
  const chart = renderPng(dailySpendSvg(summary.byDay, currency, title, chartFormat(member)));
  const layout = (await deps.settings.guild(guildId)).classicLayout ? 'classic' : 'v2';
  await webhook.editOriginal({
    content,
    files: [{ data: chart, name: 'daily-spend.png' }],
    layout,
    card: { gallery: [{ name: 'daily-spend.png', description: title }] },
  });
}
