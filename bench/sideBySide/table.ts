/**
 * The side-by-side report as text: one row per level and policy (ours in both layouts), and the
 * rounds. Ours against its targets, and V2 against classic, is the report's verdicts, printed under
 * it (bench/run/verdict.ts).
 */
import { formatTable } from '../textTable.js';
import { POLICY_KEYS, POLICY_LABELS, SHORT } from './conditions.js';
import type { RoundReport, SideBySideReport } from './report.js';

function separation(report: SideBySideReport): string {
  const names = (round: RoundReport) => round.policies.map((key) => SHORT[key]).join(' + ');
  return report.levels
    .map((level) =>
      level.rounds.length === 1
        ? `at ${level.replies} all at once`
        : `at ${level.replies} in rounds: ${level.rounds.map(names).join(', then ')}`,
    )
    .join('; ');
}

const shared = (report: SideBySideReport) =>
  report.levels.some((level) => Object.values(level.policies).some((p) => p?.cpuSharedWith));

export function sideBySideTable(report: SideBySideReport): string {
  const c = report.conditions;
  const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)}`);
  const s = (value: number | undefined) => (value === undefined ? '-' : (value / 1000).toFixed(2));
  const rows: string[][] = [
    [
      'replies',
      'policy',
      'first visible ms mean/p95/max',
      'staleness s mean/max',
      'final lag ms mean/p95/max',
      'edits/reply',
      'msgs',
      '429s',
      'exact',
      'CPU s',
    ],
  ];
  for (const level of report.levels) {
    for (const key of POLICY_KEYS) {
      const p = level.policies[key];
      if (!p) continue;
      const first = p.firstVisibleMs;
      const lag = p.finalLagMs;
      let lagText = lag ? `${ms(lag.mean)}/${ms(lag.p95)}/${ms(lag.max)}` : '';
      if (p.notFinal > 0) {
        lagText = `${lagText ? `${lagText}, ` : ''}> ${c.finalWaitMs / 1000} s: ${p.notFinal}/${p.replies}`;
      }
      rows.push([
        String(level.replies),
        POLICY_LABELS[key],
        first ? `${ms(first.mean)}/${ms(first.p95)}/${ms(first.max)}` : '-',
        p.meanStalenessMs ? `${s(p.meanStalenessMs.mean)}/${s(p.meanStalenessMs.max)}` : '-',
        lagText,
        String(p.editsPerReply),
        p.messagesPerReply === undefined ? '-' : String(p.messagesPerReply),
        String(p.rateLimited429),
        `${p.exact}/${p.replies}`,
        `${p.cpuSeconds}${p.cpuSharedWith ? '*' : ''}`,
      ]);
    }
  }
  const lines = [
    `Streaming side by side${report.quick ? ' (quick)' : ''}: ${c.tokens.toLocaleString('en')}-token replies ` +
      `(${c.replyChars.toLocaleString('en')} characters) over ${c.streamMs / 1000} s; fake Discord ${c.rateLimit}, ` +
      `${c.restDelayMs} ms REST delay; the N commands of each policy issued in the same millisecond; ` +
      `${separation(report)}.`,
    formatTable(rows, [1]),
    ...(shared(report)
      ? ['* ours and ours (classic layout) streamed together from one process: its CPU, for both.']
      : []),
    '',
    'Rounds (the policies of a round stream at the same time): CPU seconds per process / wall seconds; ' +
      `the upstreams' actual duration (scripted: ${c.streamMs / 1000} s)`,
    ...report.levels.flatMap((level) =>
      level.rounds.map((round) => {
        // ours and oursClassic in one round: one process, its CPU once.
        const both = round.policies.includes('ours') && round.policies.includes('oursClassic');
        const cpu = POLICY_KEYS.filter((key) => round.cpuSeconds[key] !== undefined)
          .map(
            (key) =>
              `${key === 'ours' && both ? 'ours + ours classic' : SHORT[key]} ${round.cpuSeconds[key]}`,
          )
          .join(', ');
        const upstream = Math.max(
          ...round.policies.map((key) => level.policies[key]?.upstreamSeconds?.max ?? 0),
        );
        // Timers of a busy fakes process fire late: the upstreams then run slower than scripted.
        const over = Math.round((upstream / (c.streamMs / 1000) - 1) * 100);
        const slowed = over >= 10 ? ` ⚠ ${over} % slower than scripted (the fakes fell behind)` : '';
        return (
          `  ${level.replies}: ${cpu}, fakes ${round.cpuSeconds.fakes} / ${round.wallSeconds} s ` +
          `(${round.coresBusy} cores busy); upstreams ≤ ${upstream} s${slowed}`
        );
      }),
    ),
  ];
  const cancelled = report.levels
    .map((level) => [level.replies, level.policies.discordOllama?.cancelledWrites ?? 0] as const)
    .filter(([, count]) => count > 0);
  if (cancelled.length > 0) {
    lines.push(
      `discord-ollama-like writes still queued when the wait ended (cancelled): ${cancelled
        .map(([replies, count]) => `${count.toLocaleString('en')} at ${replies}`)
        .join(', ')} (each token's queue drains at 2.5 edits/s).`,
    );
  }
  return lines.join('\n');
}
