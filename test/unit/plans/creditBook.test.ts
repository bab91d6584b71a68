import { describe, expect, it } from 'vitest';
import {
  type CreditPack,
  createCreditBook,
  foldPacks,
  netCreditedMicros,
} from '../../../src/plans/creditBook.js';
import { freshStore } from '../../helpers/tempStore.js';

const pack = (id: string, patch: Partial<CreditPack> = {}): CreditPack => ({
  entitlementId: id,
  skuId: '1700000000000000001',
  micros: 10,
  userId: null,
  at: 0,
  ...patch,
});

describe('the credit book', () => {
  it('credits a pack once however often it is shown; refunds take it off once', async () => {
    const { store } = await freshStore();
    const book = createCreditBook(store);
    const shown = await Promise.all([book.credit('g', pack('e1')), book.credit('g', pack('e1'))]);
    expect(shown.sort()).toEqual([false, true]);
    await book.markConsumed('g', 'e1', 5);
    expect(await book.guildOf('e1')).toBe('g');
    expect(netCreditedMicros(await book.read('g'))).toBe(10);
    expect(await book.refund('g', 'e1', 6)).toBe(true);
    expect(await book.refund('g', 'e1', 7)).toBe(false);
    expect(netCreditedMicros(await book.read('g'))).toBe(0);
    const waiting: string[] = [];
    await book.credit('g', pack('e2'));
    for await (const { pack: left } of book.unconsumed()) waiting.push(left.entitlementId);
    expect(waiting).toEqual(['e2']);
  });

  it('past its limit folds the oldest consumed packs into one sum, keeping the net credit', () => {
    const record = {
      version: 1 as const,
      earlierMicros: 0,
      packs: [
        pack('a', { consumedAt: 1 }),
        pack('b'),
        pack('c', { consumedAt: 1, refundedAt: 2 }),
        pack('d', { consumedAt: 1 }),
      ],
    };
    const folded = foldPacks(record, 2);
    expect(folded.packs.map((p) => p.entitlementId)).toEqual(['b', 'd']);
    expect(netCreditedMicros(folded)).toBe(netCreditedMicros(record));
  });
});
