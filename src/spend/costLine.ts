import type { Translator } from '../i18n/translator.js';
import type { PricedRecord } from './aggregate.js';

/** What a billed request cost, as shown under its reply (chat and images alike), in `t`'s words. */
export function costLine(entry: PricedRecord, currency: string, t: Translator): string {
  const money = t.money(entry.costMicros, currency);
  if (entry.kind === 'image') return t.t('spend.costImage', { money });
  const tokens = t.t('spend.tokens', { input: entry.inputTokens, output: entry.outputTokens });
  return t.t(entry.estimated ? 'spend.costChatEstimated' : 'spend.costChat', { money, tokens });
}
