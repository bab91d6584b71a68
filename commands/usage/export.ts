/**
 * `/usage export [period | from to]`: the range's ledger entries, and the credit packs bought or
 * refunded in it (paid plans), as CSV files, streamed (see
 * src/spend/usageExport.ts): the first file is the deferred reply's edit, each next one a private
 * follow-up, sent as it is ready. Files fit the interaction's upload limit; an export past
 * `EXPORT_MAX_PARTS` files stops there and says how to ask for the rest; a failure after some
 * files went says what they hold (later failures are this handler's to report: the error
 * boundary would replace the first file's message).
 */
import { randomBytes } from 'node:crypto';
import { type ChatInputCommandInteraction, DiscordAPIError, MessageFlags, type REST } from 'discord.js';
import { interactionWebhook } from '../../src/discord/interactionWebhook.js';
import { replyPrivately } from '../../src/discord/messages.js';
import type { Translator } from '../../src/i18n/translator.js';
import type { Clock } from '../../src/lib/clock.js';
import type { Logger } from '../../src/lib/logger.js';
import type { PaidPlans } from '../../src/plans/paidPlans.js';
import { discordReason } from '../../src/reply/discordReason.js';
import { creditEntries } from '../../src/spend/csv.js';
import type { Ledger } from '../../src/spend/ledger.js';
import type { PriceList } from '../../src/spend/prices.js';
import {
  ExportStopped,
  exportPartLimit,
  reachesPastRetention,
  streamExport,
} from '../../src/spend/usageExport.js';
import { type ExportDescription, partContent, stoppedContent } from './exportText.js';
import { parseExportRange, rangeLabel, resolveExportRange } from './range.js';

/** Why the export stopped, for the member; the details go to the log under `errorId`. */
function stopReason(error: unknown, errorId: string, t: Translator): string {
  if (error instanceof DiscordAPIError) return discordReason(t, error);
  return t.t('spend.exportInternalError', { errorId });
}

/**
 * What `/usage export` reads: the ledger's entries and first day, the currency, the clock, the
 * REST client its deferred reply and follow-ups go through, and the log of how it went.
 */
export interface ExportUsageDeps {
  readonly spend: {
    readonly ledger: Pick<Ledger, 'firstDay' | 'entryPages'>;
    readonly prices: Pick<PriceList, 'currency'>;
  };
  readonly interactionRest: REST;
  readonly clock: Pick<Clock, 'now'>;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** LEDGER_ENTRY_RETENTION_DAYS: how far back entries are kept (older days have totals only). */
  readonly config: { readonly ledgerEntryRetentionDays: number };
  /** The server's credit packs (paid plans): those bought or refunded in the range are rows too. */
  readonly paidPlans: Pick<PaidPlans, 'credits'>;
}

export async function exportUsage(
  deps: ExportUsageDeps,
  interaction: ChatInputCommandInteraction,
  guildId: string,
  raw: Readonly<Record<string, unknown>>,
  member: Translator,
): Promise<void> {
  const now = deps.clock.now();
  const asked = parseExportRange(raw, now, member);
  if (!asked.ok) return replyPrivately(interaction, asked.error);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const webhook = interactionWebhook(deps.interactionRest, interaction);
  const firstDay = await deps.spend.ledger.firstDay(guildId);
  const range = resolveExportRange(asked, now, firstDay);
  const retentionDays = deps.config.ledgerEntryRetentionDays ?? 400;
  // Day totals outlive the entries: only days with spend, older than the retention, lack rows.
  const pastRetention =
    firstDay !== undefined &&
    firstDay <= range.to &&
    reachesPastRetention(range.readFrom, now, retentionDays);
  const description: ExportDescription = {
    label: rangeLabel(member, asked, range),
    currency: deps.spend.prices.currency,
    from: range.from,
    to: range.to,
    retentionDays: pastRetention ? retentionDays : undefined,
  };
  const started = deps.clock.now();
  try {
    const { packs } = await deps.paidPlans.credits.read(guildId);
    const outcome = await streamExport({
      pages: deps.spend.ledger.entryPages(guildId, range.readFrom, range.to),
      credits: creditEntries(guildId, packs, range.from, range.to),
      from: range.from,
      to: range.to,
      // discord.js types it as always there; an interaction without it gets Discord's default.
      limitBytes: exportPartLimit(interaction.attachmentSizeLimit as number | undefined),
      async deliver(part, fileName, totals) {
        const message = {
          content: partContent(member, description, part, totals),
          files: [{ name: fileName, data: part.data }],
        };
        if (part.number === 1) await webhook.editOriginal(message);
        else await webhook.followUp({ ...message, private: true });
      },
    });
    deps.logger.info(
      {
        guildId,
        from: range.from,
        to: range.to,
        rows: outcome.rows,
        parts: outcome.parts,
        end: outcome.end,
        ms: deps.clock.now() - started,
      },
      'usage export sent',
    );
  } catch (error) {
    if (!(error instanceof ExportStopped)) throw error;
    // Nothing went yet: the error boundary replaces the deferred reply with the failure.
    if (error.delivered.parts === 0) throw error.cause;
    const errorId = randomBytes(4).toString('hex');
    deps.logger.error(
      { err: error.cause, errorId, guildId, delivered: error.delivered.parts, rows: error.delivered.rows },
      'usage export stopped after some files were sent',
    );
    const reason = stopReason(error.cause, errorId, member);
    const content = stoppedContent(member, description, error.delivered, error.undelivered, reason);
    try {
      await webhook.followUp({ content, private: true });
    } catch (noteError) {
      deps.logger.warn({ err: noteError, errorId }, 'could not tell the member where the export stopped');
    }
  }
}
