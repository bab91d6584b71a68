/**
 * Ours against its targets (issue 12), level by level, as verdicts (bench/run/verdict.ts): mean
 * staleness, 429s, exactness and final lag at every level, first visible alone and at 50.
 */
import { atMost, holds, type Verdict } from '../run/verdict.js';
import { TARGETS } from './conditions.js';
import type { LevelReport } from './report.js';

const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms) / 1000);

export function verdicts(levels: LevelReport[]): Verdict[] {
  const judged: Verdict[] = [];
  for (const level of levels) {
    const ours = level.policies.ours;
    const at = `${level.replies} ${level.replies === 1 ? 'reply' : 'replies'}`;
    if (!ours) {
      judged.push(holds(`ours ran at ${at}`, false));
      continue;
    }
    judged.push(
      atMost(
        `mean staleness at ${at}`,
        seconds(ours.meanStalenessMs?.mean),
        TARGETS.meanStalenessMs / 1000,
        's',
      ),
      holds(`no 429 at ${at} (${ours.rateLimited429})`, ours.rateLimited429 === 0),
      holds(`all exact at ${at} (${ours.exact}/${ours.replies})`, ours.exact === ours.replies),
    );
    if ((TARGETS.firstVisibleLevels as readonly number[]).includes(level.replies)) {
      // A reply that never showed its final text has no first-visible figure worth judging.
      const first = ours.notFinal < ours.replies ? ours.firstVisibleMs?.p95 : undefined;
      judged.push(atMost(`first visible p95 at ${at}`, first, TARGETS.firstVisibleMs, 'ms'));
    }
    const lag = ours.notFinal === 0 ? ours.finalLagMs?.p95 : undefined;
    judged.push(atMost(`final edit after the upstream ends, p95 at ${at}`, lag, TARGETS.finalLagMs, 'ms'));
  }
  return judged;
}
