/** Ours against its targets (issue 12), level by level. */
import { TARGETS } from './conditions.js';
import type { LevelReport, TargetCheck } from './report.js';

export function checkTargets(levels: LevelReport[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`;
  for (const level of levels) {
    const ours = level.policies.ours;
    if (!ours) continue;
    const staleness = ours.meanStalenessMs?.mean;
    checks.push({
      target: `mean staleness ≤ ${TARGETS.meanStalenessMs / 1000} s`,
      replies: level.replies,
      value: staleness === undefined ? 'none' : `${(staleness / 1000).toFixed(2)} s`,
      met: staleness !== undefined && staleness <= TARGETS.meanStalenessMs,
    });
    checks.push({
      target: '0 × 429',
      replies: level.replies,
      value: `${ours.rateLimited429}`,
      met: ours.rateLimited429 === 0,
    });
    checks.push({
      target: '100 % exact',
      replies: level.replies,
      value: `${ours.exact}/${ours.replies}`,
      met: ours.exact === ours.replies,
    });
    if ((TARGETS.firstVisibleLevels as readonly number[]).includes(level.replies)) {
      const first = ours.firstVisibleMs;
      checks.push({
        target: `first visible ≤ ${TARGETS.firstVisibleMs} ms (p95)`,
        replies: level.replies,
        value: first ? `mean ${ms(first.mean)}, p95 ${ms(first.p95)}` : 'none',
        met: first !== null && first.p95 <= TARGETS.firstVisibleMs && ours.notFinal < ours.replies,
      });
    }
    const lag = ours.finalLagMs;
    checks.push({
      target: `final lag ≤ ${TARGETS.finalLagMs} ms (p95)`,
      replies: level.replies,
      value: lag ? `mean ${ms(lag.mean)}, p95 ${ms(lag.p95)}` : 'none',
      met: lag !== null && lag.p95 <= TARGETS.finalLagMs && ours.notFinal === 0,
    });
  }
  return checks;
}
