import type { PricedRecord } from './aggregate.js';
import { formatMoney } from './cost.js';

/** What a billed request cost, as shown under its reply (chat and images alike). */
export function costLine(entry: PricedRecord, currency: string): string {
  const money = formatMoney(entry.costMicros, currency);
  if (entry.kind === 'image') return `💰 ${money}`;
  const tokens = `${entry.inputTokens.toLocaleString('en-US')} in · ${entry.outputTokens.toLocaleString('en-US')} out tokens`;
  return `💰 ${money} · ${tokens}${entry.estimated ? ' (estimated)' : ''}`;
}
