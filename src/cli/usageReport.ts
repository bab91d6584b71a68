/**
 * The text and CSV of the operator's month report (`npm run usage`, src/cli/usage.ts): per server,
 * members' user installs and DMs, the total, and, when servers paid some with their own service
 * keys, what the operator and those keys paid of it.
 */
import { formatMoney } from '../spend/cost.js';
import { csvCell, decimal } from '../spend/csv.js';
import { isDmScope, type MonthReport } from '../spend/monthReport.js';
import { scopeGuildId, scopeKind, scopeUserId } from '../spend/records.js';

function totals(report: MonthReport) {
  const dms = report.scopes.filter((scope) => isDmScope(scope.scope));
  const installs = report.scopes.filter((scope) => scopeKind(scope.scope) === 'userInstall');
  const sum = (list: readonly { requests: number; costMicros: number }[]) => ({
    requests: list.reduce((total, item) => total + item.requests, 0),
    costMicros: list.reduce((total, item) => total + item.costMicros, 0),
  });
  return {
    dms,
    dmTotal: sum(dms),
    installs,
    installTotal: sum(installs),
    total: sum([...report.scopes, report.waiting]),
  };
}

/** A user install's scope as the report names it: `<user>`, or `<user> in server <guild>`. */
const installLabel = (scope: string) => {
  const guildId = scopeGuildId(scope);
  return `user ${scopeUserId(scope)}${guildId === null ? '' : ` in server ${guildId}`}`;
};

export function reportText(report: MonthReport, currency: string, dmUsers: boolean, where: string): string {
  const { dms, dmTotal, installs, installTotal, total } = totals(report);
  const rows: [string, number, number][] = report.scopes
    .filter((scope) => scopeKind(scope.scope) === 'guild')
    .map((scope) => [`server ${scope.scope}`, scope.requests, scope.costMicros]);
  // Members' own installs (group DMs, DMs between users, servers without the bot): billed to them.
  if (installs.length > 0) {
    const users = new Set(installs.map((scope) => scopeUserId(scope.scope))).size;
    rows.push([
      `installed to members' accounts, ${users} ${users === 1 ? 'user' : 'users'}`,
      installTotal.requests,
      installTotal.costMicros,
    ]);
    if (dmUsers)
      for (const scope of installs)
        rows.push([`  ${installLabel(scope.scope)}`, scope.requests, scope.costMicros]);
  }
  if (dms.length > 0) {
    rows.push([
      `DMs, ${dms.length} ${dms.length === 1 ? 'user' : 'users'}`,
      dmTotal.requests,
      dmTotal.costMicros,
    ]);
    if (dmUsers) for (const dm of dms) rows.push([`  user ${dm.scope.slice(3)}`, dm.requests, dm.costMicros]);
  }
  if (report.waiting.requests > 0)
    rows.push(['waiting to be recorded (next start)', report.waiting.requests, report.waiting.costMicros]);
  rows.push(['total', total.requests, total.costMicros]);
  // Of the total: what servers paid with their own service keys (the operator's cap counts the rest).
  if (report.serverKey.requests > 0) {
    const { serverKey } = report;
    rows.push(
      [
        '  paid by the operator',
        total.requests - serverKey.requests,
        total.costMicros - serverKey.costMicros,
      ],
      ["  paid with servers' own keys", serverKey.requests, serverKey.costMicros],
    );
  }
  const width = Math.max(5, ...rows.map(([label]) => label.length));
  const line = (label: string, requests: string, spend: string) =>
    `${label.padEnd(width)}  ${requests.padStart(8)}  ${spend}`;
  return [
    `Spend in ${report.month} (UTC) from ${where}`,
    '',
    line('scope', 'requests', 'spend'),
    ...rows.map(([label, requests, micros]) =>
      line(label, requests.toLocaleString('en-US'), formatMoney(micros, currency)),
    ),
    '',
  ].join('\n');
}

export function reportCsv(report: MonthReport): string {
  const { total } = totals(report);
  // Cells as /usage export writes them: quoted when needed, never read as a formula.
  const row = (kind: string, id: string, requests: number, micros: number) =>
    [kind, id, requests, micros, decimal(micros)].map(csvCell).join(',');
  return `${[
    'kind,id,requests,cost_micros,cost',
    ...report.scopes.map((scope) => {
      const kind = scopeKind(scope.scope);
      if (kind === 'dm') return row('dm', scope.scope.slice(3), scope.requests, scope.costMicros);
      if (kind === 'guild') return row('guild', scope.scope, scope.requests, scope.costMicros);
      // `<user>` or `<user>-in-<guild>`.
      return row('user-install', scope.scope.slice('userinstall-'.length), scope.requests, scope.costMicros);
    }),
    ...(report.waiting.requests > 0
      ? [row('waiting', '', report.waiting.requests, report.waiting.costMicros)]
      : []),
    row('total', '', total.requests, total.costMicros),
    // Of the total, when servers paid some with their own service keys: who paid what.
    ...(report.serverKey.requests > 0
      ? [
          row(
            'operator-paid',
            '',
            total.requests - report.serverKey.requests,
            total.costMicros - report.serverKey.costMicros,
          ),
          row('server-key-paid', '', report.serverKey.requests, report.serverKey.costMicros),
        ]
      : []),
  ].join('\r\n')}\r\n`;
}
