/**
 * The ledger's side of the spill file (spill.ts): the spilled charges not recorded yet (the file
 * is rewritten as each lands), what close writes, and where a charge the store refuses after
 * close goes. Nothing here throws: a file that cannot be read or written is logged with every
 * charge it leaves unrecorded, in full (id and cost included), so the operator can recover them
 * from the log by putting them in the spill file. Without a path (no spill file) every charge it
 * would have written is logged that way.
 */
import type { Logger } from '../lib/logger.js';
import type { PricedRecord } from './aggregate.js';
import { usageScope } from './records.js';
import { mergeSpill, readSpill, writeSpill } from './spill.js';

export interface SpillKeeper {
  /** The previous run's charges; throws when the file is not a list of priced charges. */
  read(): PricedRecord[];
  /** The spilled charges not recorded yet, now waiting in the ledger: the file holds just these. */
  taken(unrecorded: readonly PricedRecord[]): void;
  /** Waiting charges reached the store: those that came from the file leave it at once. */
  landed(charges: readonly PricedRecord[]): void;
  /**
   * At close: the charges still waiting, and when the file was never taken (a start that failed
   * or did not finish) the file's own as well, none lost.
   */
  close(waiting: readonly PricedRecord[]): void;
  /** After close: a charge the store refused goes to the file at once. */
  add(charge: PricedRecord, error: unknown): void;
}

export function createSpillKeeper(path: string | undefined, logger: Logger): SpillKeeper {
  /** By id; undefined until the ledger takes the file's charges. */
  let unrecorded: Map<string, PricedRecord> | undefined;

  /** Writes the file; on failure logs `context` (the charges it leaves recorded nowhere else). */
  function write(records: readonly PricedRecord[], context: object, message: string): boolean {
    try {
      if (path === undefined) {
        if (records.length === 0) return true;
        throw new Error('no spill file (spillPath unset)');
      }
      writeSpill(path, records);
      return true;
    } catch (error) {
      logger.error({ err: error, path, ...context }, message);
      return false;
    }
  }

  /** The file's charges, or undefined (logged with `context`) when it cannot be read. */
  function current(context: object, message: string): PricedRecord[] | undefined {
    try {
      return path === undefined ? [] : readSpill(path);
    } catch (error) {
      logger.error({ err: error, path, ...context }, message);
      return undefined;
    }
  }

  return {
    read: () => (path === undefined ? [] : readSpill(path)),
    taken(charges) {
      unrecorded = new Map(charges.map((charge) => [charge.id, charge]));
      write(
        charges,
        {},
        'ledger: could not rewrite the spill file; it is rewritten as its charges land, and at shutdown',
      );
    },
    landed(charges) {
      const fromFile = charges.filter((charge) => unrecorded?.delete(charge.id));
      if (!unrecorded || fromFile.length === 0) return;
      const stale =
        'ledger: spilled charges were recorded, but the spill file could not be rewritten; it is rewritten at shutdown';
      write([...unrecorded.values()], { entryIds: fromFile.map((charge) => charge.id) }, stale);
    },
    close(waiting) {
      let records = waiting;
      if (!unrecorded) {
        const kept = current(
          { charges: waiting },
          'ledger: the spill file cannot be read, so it is left as it is; the charges waiting now are in this line only: recover them from it',
        );
        if (!kept) return;
        records = mergeSpill(kept, waiting);
      }
      const lost =
        'ledger: could not write the spill file; these charges were not recorded: recover them from this line';
      if (!write(records, { charges: waiting }, lost) || records.length === 0) return;
      logger.error(
        { entryIds: records.map((charge) => charge.id), path },
        'ledger: charges the store did not take are kept in the spill file for the next start',
      );
    },
    add(charge, error) {
      const lost =
        'ledger: a charge made after shutdown was not recorded nor spilled: recover it from this line';
      const records = current({ charges: [charge] }, lost);
      if (!records || !write(mergeSpill(records, [charge]), { charges: [charge] }, lost)) return;
      logger.error(
        { err: error, entryId: charge.id, scope: usageScope(charge), costMicros: charge.costMicros, path },
        'ledger: the store refused a charge made after shutdown; it is added to the spill file for the next start',
      );
    },
  };
}
