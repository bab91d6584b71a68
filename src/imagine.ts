/**
 * One /imagine generation, shown in an interaction's reply: progress while the service works,
 * then the images as PNG attachments (spread over follow-ups when they do not fit one message,
 * as links when one alone is too large), with what failed and why.
 */
import { randomUUID } from 'node:crypto';
import { type ButtonInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { buttonId, buttonRow } from './command.js';
import type { BotContext } from './context.js';
import { NO_PINGS } from './discordReply.js';
import type { DownloadResult } from './images/download.js';
import type { ImagineRequest } from './images/imagineRequests.js';
import { DEFAULT_ATTACHMENT_SIZE_LIMIT, packImages } from './images/pack.js';
import { imageCostMicros } from './pricing/cost.js';
import { formatWait, ServiceError } from './service/errors.js';
import { IMAGE_MODEL } from './service/types.js';
import { announceBudgetAlerts, costLine } from './spendNotes.js';

/** The most the bot downloads of one image, whatever the upload limit. */
export const IMAGE_MAX_BYTES = 32 * 1024 * 1024;

type ImagineInteraction = ChatInputCommandInteraction | ButtonInteraction;

export function progressText(request: Pick<ImagineRequest, 'n' | 'size'>, elapsedMs: number): string {
  const what = request.n === 1 ? '1 image' : `${request.n} images`;
  const seconds = Math.floor(elapsedMs / 1000);
  return `🎨 Generating ${what} at ${request.size} …${seconds > 0 ? ` ${seconds} s` : ''}`;
}

/** The prompt as a quote, shortened so the message stays far below Discord's 2000 characters. */
export function quotePrompt(prompt: string, max = 1200): string {
  const short = prompt.length > max ? `${prompt.slice(0, max)}…` : prompt;
  return short
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function rerollRow(requestId: string) {
  return buttonRow('Reroll', '🎲', buttonId('imagine', 'reroll', requestId));
}

export interface ImagineInput {
  readonly request: ImagineRequest;
  readonly requestId: string;
  readonly guildId: string | null;
  readonly channelId: string;
}

interface Downloaded {
  readonly index: number;
  readonly url: string;
  readonly result: DownloadResult;
}

export async function runImagine(
  context: BotContext,
  interaction: ImagineInteraction,
  input: ImagineInput,
): Promise<void> {
  const { request } = input;
  // Images are billed n × the price: that is the reservation, exactly.
  const reservation = await context.budgets.reserve(
    input.guildId,
    request.userId,
    imageCostMicros(context.prices, request.size, request.n),
    context.clock.now(),
  );
  if (!reservation.ok) {
    await interaction.deleteReply();
    await interaction.followUp({
      content: `⛔ ${reservation.message}`,
      flags: MessageFlags.Ephemeral,
      allowedMentions: NO_PINGS,
    });
    return;
  }
  try {
    await generateAndPost(context, interaction, input);
  } finally {
    reservation.release();
  }
  if (input.guildId) await announceBudgetAlerts(context, input.guildId);
}

async function generateAndPost(
  context: BotContext,
  interaction: ImagineInteraction,
  input: ImagineInput,
): Promise<void> {
  const { request } = input;
  const log = context.logger.child({
    channelId: input.channelId,
    guildId: input.guildId,
    userId: request.userId,
  });
  const started = context.clock.now();
  const components = [rerollRow(input.requestId)];

  // Progress: one edit at a time, refreshed every interval while the service works.
  let progressEdit: Promise<unknown> = interaction
    .editReply({ content: progressText(request, 0), allowedMentions: NO_PINGS })
    .catch((error: unknown) => log.warn({ err: error }, 'could not show progress'));
  let progressBusy = false;
  const ticker = setInterval(() => {
    if (progressBusy) return;
    progressBusy = true;
    progressEdit = interaction
      .editReply({ content: progressText(request, context.clock.now() - started), allowedMentions: NO_PINGS })
      .catch((error: unknown) => log.warn({ err: error }, 'could not show progress'))
      .finally(() => {
        progressBusy = false;
      });
  }, context.config.imagineProgressIntervalMs);

  let urls: readonly string[];
  try {
    const result = await context.service.generateImages(
      { model: IMAGE_MODEL, prompt: request.prompt, size: request.size, n: request.n },
      {
        signal: context.shutdown,
        onRetry: ({ delayMs, error }) =>
          log.warn({ delayMs, kind: error.kind }, `image generation retry in ${formatWait(delayMs)}`),
      },
    );
    urls = result.urls;
  } catch (error) {
    clearInterval(ticker);
    await progressEdit;
    if (!(error instanceof ServiceError)) throw error;
    log.warn({ err: error, kind: error.kind }, 'image generation failed');
    const message =
      error.kind === 'aborted' && context.shutdown.aborted
        ? 'The bot is restarting; nothing was generated.'
        : error.userMessage;
    await interaction.editReply({
      content: `${quotePrompt(request.prompt)}\n⚠️ ${message}`,
      components,
      allowedMentions: NO_PINGS,
    });
    return;
  }
  clearInterval(ticker);
  const serviceMs = context.clock.now() - started;

  const sizeLimit = Math.min(
    interaction.attachmentSizeLimit ?? DEFAULT_ATTACHMENT_SIZE_LIMIT,
    IMAGE_MAX_BYTES,
  );
  const downloaded: Downloaded[] = await Promise.all(
    urls.map(async (url, i) => ({
      index: i + 1,
      url,
      result:
        url === ''
          ? { ok: false as const, reason: 'the service sent no URL for it' }
          : await context.images.download(url, sizeLimit, context.shutdown),
    })),
  );
  const delivered = downloaded.filter((entry) => entry.result.ok).length;
  // The service billed `n` images: record that before anything else can fail.
  const entry = await context.ledger.charge({
    id: randomUUID(),
    time: context.clock.now(),
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
  });
  await progressEdit;

  const files = downloaded.flatMap((entry) =>
    entry.result.ok
      ? [{ index: entry.index, size: entry.result.bytes.length, bytes: entry.result.bytes }]
      : [],
  );
  const { messages } = packImages(files, sizeLimit);
  const notes: string[] = [];
  if (urls.length < request.n) notes.push(`The service returned ${urls.length} of ${request.n} images.`);
  for (const entry of downloaded) {
    if (entry.result.ok) continue;
    if (entry.result.tooLarge) {
      notes.push(
        `Image ${entry.index} is too large to upload here (over ${megabytes(sizeLimit)}): <${entry.url}> (the link may expire).`,
      );
    } else {
      notes.push(`Image ${entry.index} could not be downloaded: ${entry.result.reason}.`);
    }
  }
  const cost = await costLine(context, input.guildId, entry);
  const header = `${quotePrompt(request.prompt)}\n-# ${request.n === 1 ? '1 image' : `${request.n} images`} · ${request.size} · ${IMAGE_MODEL}${cost ? ` · ${cost}` : ''}`;
  const content = [header, ...notes.map((note) => `-# ⚠️ ${note}`)].join('\n').slice(0, 2000);
  const toFiles = (pack: typeof files) =>
    pack.map((file) => ({ attachment: file.bytes, name: `image-${file.index}.png` }));

  const uploadStarted = context.clock.now();
  const [first, ...rest] = messages;
  await interaction.editReply({
    content,
    files: toFiles(first ?? []),
    components,
    allowedMentions: NO_PINGS,
  });
  for (const pack of rest) {
    const numbers = pack.map((file) => file.index).join(', ');
    await interaction.followUp({
      content: `-# Images ${numbers} of ${request.n}`,
      files: toFiles(pack),
      allowedMentions: NO_PINGS,
    });
  }
  log.info(
    {
      n: request.n,
      size: request.size,
      delivered,
      messages: messages.length,
      serviceMs,
      downloadMs: uploadStarted - started - serviceMs,
      uploadMs: context.clock.now() - uploadStarted,
    },
    'images delivered',
  );
}
