/**
 * What the paid-plan tests share: a plan file with one SKU of each kind (the ids declared at the
 * local Discord with the same names), and an /imagine as a member or an admin. Images cost 0.04
 * each with the shipped prices, so allowances and credit in these files are exact multiples.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PERMISSIONS, type LocalDiscord, type LocalUser } from '../../src/localDiscord/localDiscord.js';

export const SERVER_SKU = '1300000000000000001';
export const MEMBER_SKU = '1300000000000000002';
export const CREDIT_SKU = '1300000000000000003';
/** One 1024x1024 image, in micro-units. */
export const IMAGE = 40_000;

/** Writes a plan file with the three SKUs (amounts in USD) to a new temporary folder; its path. */
export function writePlanFile(amounts: {
  readonly freeMonthlyUsd: number;
  readonly serverMonthlyUsd: number;
  readonly memberDailyUsd: number;
  readonly creditUsd: number;
}): string {
  const path = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json');
  writeFileSync(
    path,
    JSON.stringify({
      freeMonthlyUsd: amounts.freeMonthlyUsd,
      skus: {
        [SERVER_SKU]: { kind: 'server', monthlyUsd: amounts.serverMonthlyUsd },
        [MEMBER_SKU]: { kind: 'member', dailyUsd: amounts.memberDailyUsd },
        [CREDIT_SKU]: { kind: 'credit', usd: amounts.creditUsd },
      },
    }),
  );
  return path;
}

/** Declares the three SKUs at the local Discord (a user subscription for the member's). */
export function declareSkus(discord: LocalDiscord): void {
  discord.monetization.addSku({ id: SERVER_SKU, type: 5, name: 'Server Plus' });
  discord.monetization.addSku({ id: MEMBER_SKU, type: 5, name: 'Member Plus', flags: 4 | 256 });
  discord.monetization.addSku({ id: CREDIT_SKU, type: 3, name: 'Credit pack' });
}

/** `/imagine` by `user`, with Manage Server when `asAdmin`. */
export const imagineAs = (discord: LocalDiscord, user: LocalUser, asAdmin = false) =>
  discord.sendCommand({
    name: 'imagine',
    options: { prompt: 'a lighthouse' },
    user,
    ...(asAdmin && { permissions: ADMIN_PERMISSIONS }),
  });
