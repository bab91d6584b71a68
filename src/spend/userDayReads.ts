/**
 * What the ledger answers about a member's day in a scope (ledger.ts): their spend, and what
 * their own subscription paid of it; charges not in the store yet counted as spent, as budgets
 * count them.
 */

import type { Store } from '../lib/store.js';
import { daysBetween } from './aggregate.js';
import type { EntryWriter } from './entryWriter.js';
import type { LedgerBook } from './ledgerBook.js';
import { utcDay } from './records.js';
import { dayAggregates } from './scopeState.js';

export function createUserDayReads(store: Store, book: LedgerBook, writer: Pick<EntryWriter, 'unstoredIn'>) {
  /** Spend of a scope's charges not in the store yet (of one member, when `userId` is given). */
  function unstoredMicros(scope: string, onDay: (day: string) => boolean, userId?: string): number {
    let total = 0;
    for (const charge of writer.unstoredIn(scope)) {
      if (!onDay(utcDay(charge.time))) continue;
      if (userId === undefined || charge.userId === userId) total += charge.costMicros;
    }
    return total;
  }

  return {
    unstoredMicros,
    reads: {
      userDaySpendMicros(scope: string, userId: string, at: number, wholeMonth = false): Promise<number> {
        const today = utcDay(at);
        const wanted = wholeMonth ? daysBetween(`${today.slice(0, 7)}-01`, today) : [today];
        return book.inScope(scope, async (state) => {
          const days = await dayAggregates(store, scope, state, wanted, book.months.keepFrom());
          let spent = unstoredMicros(scope, (day) => wanted.includes(day), userId);
          for (const day of days.values()) spent += day.byUser[userId]?.costMicros ?? 0;
          return spent;
        });
      },
      userDayMemberPlanMicros(scope: string, userId: string, at: number): Promise<number> {
        const today = utcDay(at);
        return book.inScope(scope, async (state) => {
          const days = await dayAggregates(store, scope, state, [today], book.months.keepFrom());
          let paid = days.get(today)?.byUser[userId]?.memberPlanMicros ?? 0;
          for (const charge of writer.unstoredIn(scope))
            if (charge.userId === userId && charge.plan?.payer === 'member' && utcDay(charge.time) === today)
              paid += charge.costMicros;
          return paid;
        });
      },
    },
  };
}
