/**
 * One /imagine generation, shown in an interaction's reply: progress while the service works,
 * then the images as PNG attachments (spread over follow-ups when they do not fit one message,
 * as links when one alone is too large), with what failed and why. Every write goes through the
 * interaction's webhook, which goes on through the bot token when the generation outlives the
 * interaction's token (see discord/interactionWebhook.ts); the private note about missing images
 * stays on the token.
 */

import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { type RequestEndContext, requestEnded } from '../ops/requestEnd.js';
import { discordReason } from '../reply/discordReason.js';
import { DEFAULT_ATTACHMENT_SIZE_LIMIT } from '../reply/limits.js';
import { quote } from '../reply/quote.js';
import type { InteractionWebhook } from '../reply/webhook.js';
import type { ServiceClient } from '../service/client.js';
import { ServiceError } from '../service/errors.js';
import { IMAGE_MODEL } from '../service/types.js';
import { announceBudgetAlerts, type BudgetAlertDeps } from '../spend/alerts.js';
import type { Budgets } from '../spend/budgets.js';
import { imageCostMicros } from '../spend/cost.js';
import { costLine } from '../spend/costLine.js';
import type { Ledger } from '../spend/ledger.js';
import type { PriceList } from '../spend/prices.js';
import type { ImageDownloader } from './download.js';
import type { ImagineInput } from './imagineInput.js';
import { type Downloaded, linkLines, missingNotes, rerollRow, resultLine } from './notes.js';
import { packImages } from './pack.js';
import { showProgress } from './progress.js';
import { endRefusedKey, type RefusedKeyDeps } from './refusedKey.js';
import { galleryOf, resultMessage } from './resultMessage.js';
import { unserved } from './unserved.js';

export type { ImagineInput } from './imagineInput.js';

/** The most the bot downloads of one image, whatever the upload limit. */
export const IMAGE_MAX_BYTES = 32 * 1024 * 1024;

/** The prompt is quoted above the images, shortened so the message stays far below 2000 characters. */
const QUOTED_PROMPT_MAX = 1200;

/**
 * What a generation reads, and no more: the reservation and its price, the service, the
 * downloads, the charge, the request's line and metrics (ops/requestEnd.ts), and the budget
 * alerts (spend/alerts.ts). The bot passes its whole context, which has all of these.
 */
export interface ImagineDeps extends RequestEndContext, BudgetAlertDeps {
  readonly budgets: Pick<Budgets, 'reserve' | 'alertsDue'>;
  /** The image prices (spend/cost.ts imageCostMicros), and the currency costLine names. */
  readonly prices: Pick<PriceList, 'imageMicros' | 'imageMicrosBySize' | 'currency'>;
  readonly logger: Pick<Logger, 'child' | 'warn'>;
  readonly clock: Clock;
  /** Aborted when the bot shuts down: the generation and downloads end with a note. */
  readonly shutdown: AbortSignal;
  readonly service: Pick<ServiceClient, 'generateImages'>;
  /** Config's field (config.ts sits above this layer, so it is named here, not picked). */
  readonly config: { readonly imagineProgressIntervalMs: number };
  /** Fetches the generated images from the content host. */
  readonly images: Pick<ImageDownloader, 'download'>;
  readonly ledger: Pick<Ledger, 'charge'>;
  /** Tells a server's admins (once per key) that the service refused its own key. */
  readonly serviceKeyRefused?: RefusedKeyDeps['serviceKeyRefused'];
}

export async function runImagine(
  deps: ImagineDeps,
  webhook: InteractionWebhook,
  input: ImagineInput,
): Promise<void> {
  const { request } = input;
  const reservation = await deps.budgets.reserve(
    input.guildId,
    request.userId,
    imageCostMicros(deps.prices, request.size, request.n), // billed n × the price: the reservation, exactly
    deps.clock.now(),
    input.userInstall !== undefined,
    input.memberCaps,
    input.serviceKey !== undefined,
  );
  const log = deps.logger.child({
    channelId: input.channelId,
    guildId: input.guildId,
    userId: request.userId,
  });
  if (!reservation.ok) {
    requestEnded(deps, log, unserved(input, 'refused'), { refusedBy: 'budget' });
    await webhook.withdraw(`⛔ ${reservation.message(input.words.member)}`, reservation.offer, input.layout);
    return;
  }
  const ending = { started: deps.clock.now(), ended: false };
  try {
    const charged = reservation.plan ? { ...input, planCharge: reservation.plan } : input;
    await generateAndPost(deps, webhook, charged, log, ending);
  } catch (error) {
    // Failed before its line was written (the error boundary reports the error itself).
    if (!ending.ended)
      requestEnded(deps, log, {
        ...unserved(input, 'error'),
        totalMs: deps.clock.now() - ending.started,
      });
    throw error;
  } finally {
    reservation.release();
  }
  if (input.guildId && !input.userInstall)
    await announceBudgetAlerts(deps, input.guildId, input.words.server);
}

/** The generation, downloads, charge and posting: all but the reservation and the alerts. */
type GenerateDeps = Pick<
  ImagineDeps,
  | 'prices'
  | 'clock'
  | 'shutdown'
  | 'service'
  | 'config'
  | 'images'
  | 'ledger'
  | 'metrics'
  | 'shardOf'
  | 'serviceKeyRefused'
>;

async function generateAndPost(
  deps: GenerateDeps,
  webhook: InteractionWebhook,
  input: ImagineInput,
  log: Logger,
  ending: { readonly started: number; ended: boolean },
): Promise<void> {
  const { request } = input;
  const { started } = ending;
  const t = input.words.reply;
  const components = [rerollRow(t, input.requestId)];
  const { layout } = input;
  const progress = showProgress((content) => webhook.editOriginal({ content, layout }), request, {
    t,
    clock: deps.clock,
    intervalMs: deps.config.imagineProgressIntervalMs,
    onError: (error) => log.warn({ err: error }, 'could not show progress'),
  });

  // Where only the token can write, the generation and downloads end before the token does.
  const deadline = input.userInstall?.deadline;
  const signal = deadline ? AbortSignal.any([deps.shutdown, deadline]) : deps.shutdown;
  let urls: readonly string[];
  try {
    const result = await deps.service.generateImages(
      { model: IMAGE_MODEL, prompt: request.prompt, size: request.size, n: request.n },
      {
        signal,
        ...(input.serviceKey !== undefined && { apiKey: input.serviceKey }),
        onRetry: ({ delayMs, error }) =>
          log.warn({ delayMs, kind: error.kind }, `image generation retry in ${Math.ceil(delayMs / 1000)} s`),
      },
    );
    urls = result.urls;
  } catch (error) {
    await progress.stop();
    if (!(error instanceof ServiceError)) throw error;
    log.warn({ err: error, kind: error.kind }, 'image generation failed');
    ending.ended = true;
    if (error.keyRefused === 'call') return endRefusedKey(deps, webhook, input, log, error, started);
    requestEnded(deps, log, { ...unserved(input, error.kind), totalMs: deps.clock.now() - started });
    const message =
      error.kind === 'aborted' && deps.shutdown.aborted
        ? t.t('images.restarting')
        : error.kind === 'aborted' && input.userInstall && deadline?.aborted
          ? t.t('images.notReadyInTime', { wait: t.wait(input.userInstall.ttlMs) })
          : error.describe(t);
    await webhook.editOriginal({
      content: `${quote(request.prompt, { maxLength: QUOTED_PROMPT_MAX })}\n⚠️ ${message}`,
      components,
      layout,
    });
    return;
  }
  // The service answered: the line stops now, and its last edit lands before the result.
  const progressStopped = progress.stop();
  const serviceMs = deps.clock.now() - started;

  const sizeLimit = Math.min(input.attachmentSizeLimit ?? DEFAULT_ATTACHMENT_SIZE_LIMIT, IMAGE_MAX_BYTES);
  // Without Attach Files (a user install) the service's links are posted, nothing is downloaded.
  const downloaded: Downloaded[] = input.linksOnly
    ? []
    : await Promise.all(
        urls.map(async (url, i) => ({
          index: i + 1,
          url,
          result:
            url === ''
              ? { ok: false as const, reason: { code: 'NoUrl' as const } }
              : await deps.images.download(url, sizeLimit, signal),
        })),
      );
  const links = input.linksOnly ? linkLines(t, urls) : [];
  const delivered = input.linksOnly
    ? urls.filter((url) => url !== '').length
    : downloaded.filter((entry) => entry.result.ok).length;
  // The service billed `n` images: record that before anything else can fail.
  const entry = await deps.ledger.charge({
    id: randomUUID(),
    time: deps.clock.now(),
    guildId: input.guildId,
    channelId: input.channelId,
    userId: request.userId,
    kind: 'image',
    model: IMAGE_MODEL,
    size: request.size,
    n: request.n,
    imagesDelivered: delivered,
    estimated: false,
    outcome: delivered === request.n ? 'completed' : 'partial',
    ...(input.userInstall && { userInstall: true }),
    ...(input.memberCaps?.roleIds?.length && { roleIds: input.memberCaps.roleIds }),
    ...(input.serviceKey !== undefined && { paidBy: 'serverKey' as const }),
    ...(input.planCharge && { plan: input.planCharge }),
  });
  // Its line is written from here on, whatever happens to the posting.
  ending.ended = true;
  let uploadStarted: number | undefined;
  let messageCount = 0;
  try {
    await progressStopped;

    const files = downloaded.flatMap((entry) =>
      entry.result.ok
        ? [{ index: entry.index, size: entry.result.bytes.length, bytes: entry.result.bytes }]
        : [],
    );
    const messages = packImages(files, sizeLimit);
    const notes = missingNotes(t, request, urls, downloaded, sizeLimit);
    const cost = input.showCost ? costLine(entry, deps.prices.currency, t) : undefined;
    const lines = [resultLine(t, request, cost), ...links, ...notes];
    const toFiles = (pack: typeof files) =>
      pack.map((file) => ({ data: file.bytes, name: `image-${file.index}.png` }));

    uploadStarted = deps.clock.now();
    messageCount = messages.length;
    const [first, ...rest] = messages;
    const shown = {
      prompt: quote(request.prompt, { maxLength: QUOTED_PROMPT_MAX }),
      lines,
      files: toFiles(first ?? []),
      links: input.linksOnly ? urls : [],
    };
    await webhook.editOriginal(resultMessage(layout, request.prompt, shown, rerollRow(t, input.requestId)));
    for (const pack of rest) {
      const numbers = pack.map((file) => file.index).join(', ');
      try {
        const total = request.n;
        await webhook.followUp({
          content: `-# ${t.t('images.imagesOf', { numbers, total })}`,
          files: toFiles(pack),
          layout,
          card: { gallery: galleryOf(toFiles(pack), [], request.prompt) },
        });
      } catch (error) {
        // The first message already shows the result: it stays, and the member learns what is missing.
        log.warn({ err: error, images: numbers }, 'could not post images');
        await webhook
          .followUp({
            content: input.words.member.t('images.notPosted', {
              numbers,
              reason: discordReason(input.words.member, error),
            }),
            private: true,
          })
          .catch((noteError: unknown) =>
            log.warn({ err: noteError }, 'could not say which images are missing'),
          );
      }
    }
  } finally {
    const now = deps.clock.now();
    requestEnded(
      deps,
      log,
      {
        ...unserved(input, entry.outcome),
        costMicros: entry.costMicros,
        totalMs: now - started,
      },
      {
        n: request.n,
        size: request.size,
        delivered,
        messages: messageCount,
        serviceMs,
        downloadMs: (uploadStarted ?? now) - started - serviceMs,
        uploadMs: uploadStarted === undefined ? null : now - uploadStarted,
      },
    );
  }
}
