/**
 * How a message the bot writes is laid out: Discord's Components V2 (the message flag
 * IS_COMPONENTS_V2, 1 << 15) or the classic `content` with buttons under it.
 *
 * In V2 every message is one card (a container): its text as text displays (a quoted question,
 * the body, the small note lines at its end, each its own display), then media (a gallery of
 * images with alt text, files), then its buttons in an action row inside the card. A reader learns
 * one look for answers, images, usage and refusals. A V2 message holds 4,000 characters of text
 * across its text displays (twice `content`'s 2,000) and 40 components; Discord refuses content or
 * embeds beside the flag, and the flag cannot be taken off a message once set.
 *
 * The limits are enforced here, before anything is sent: the text a message carries is cut by
 * its renderer to `messageLimit`, alt text is shortened, a gallery holds at most 10 items, and
 * `cardProblems` says what of a card Discord would refuse (the property tests build random cards
 * and check every one).
 */
import {
  type APIButtonComponent,
  type APIComponentInContainer,
  type APIMessageTopLevelComponent,
  ComponentType,
  MessageFlags,
} from 'discord.js';
import type { MessageComponents } from './buttons.js';
import { DISCORD_MESSAGE_LIMIT, fenceAfter } from './split.js';

/** `v2`: Discord's Components V2 card (the default); `classic`: `content` with buttons under it. */
export type Layout = 'v2' | 'classic';

export const IS_COMPONENTS_V2: number = MessageFlags.IsComponentsV2;

/** Discord's limits on a V2 message (components reference; discord-api-spec's request schemas). */
export const V2_LIMITS = {
  /** Characters across all text displays of a message. */
  text: 4000,
  /** Components in a message, counted at every depth. */
  components: 40,
  galleryItems: 10,
  altText: 1024,
  customId: 100,
  buttonsPerRow: 5,
} as const;

/** The most text one message of a reply carries in `layout`. */
export function messageLimit(layout: Layout): number {
  return layout === 'v2' ? V2_LIMITS.text : DISCORD_MESSAGE_LIMIT;
}

/** An image or file of the message, referenced by its upload's name. */
export interface CardMedia {
  readonly name: string;
  /** Where the image is, when it is not an upload of the message (a link the service gave). */
  readonly url?: string;
  /** Alt text (a gallery's item); shortened to Discord's 1,024 characters. */
  readonly description?: string;
}

export interface Card {
  /** The message's text, laid out as text displays (textParts). */
  readonly text: string;
  /** Images shown in a gallery: uploads of this message by name, or (`url`) images elsewhere. */
  readonly gallery?: readonly CardMedia[];
  /** Files shown as files (uploads of this message, by name). */
  readonly files?: readonly CardMedia[];
  /** Small text under the media (e.g. an image's size, model and cost). */
  readonly caption?: string;
  /** A button beside the caption (a section's accessory), e.g. Reroll beside the images' line. */
  readonly captionButton?: APIButtonComponent;
  /** Button rows, inside the card. */
  readonly controls?: MessageComponents | undefined;
  /** The accent bar's colour (refusals and alerts); none for answers. */
  readonly accent?: number;
}

/** The accent of a refusal or an alert: Discord's own red and yellow. */
export const ACCENT = { refusal: 0xed4245, alert: 0xfee75c } as const;

/** The part of a message's text a text display shows, and its id in the card. */
export interface TextPart {
  readonly id: number;
  readonly content: string;
}

/** Each part's id, the same in every edit so that it replaces what it had (Discord numbers the buttons). */
export const CARD_IDS = {
  container: 1,
  question: 2,
  body: 3,
  note: 4,
  gallery: 5,
  caption: 6,
  rows: 20,
  files: 30,
} as const;

/**
 * A message's text as its text displays: the quoted question it starts with, the body, and the
 * small note lines it ends with (those outside a code block), blank ones left out. Joined with a
 * line break they give the text back (but for blank lines between the parts).
 */
export function textParts(text: string): TextPart[] {
  // Lines found by scanning in from either end, not by splitting: this runs at every edit of a card.
  const after = text.length + 1; // "after the last line"
  let bodyAt = 0; // where the first line after the quoted question starts
  while (bodyAt < after && text.startsWith('> ', bodyAt)) {
    const next = text.indexOf('\n', bodyAt);
    bodyAt = next === -1 ? after : next + 1;
  }
  let notesAt = after; // where the first of the small note lines at the end starts
  while (notesAt > bodyAt) {
    // (lastIndexOf reads a negative start as 0: the line before the second starts at 0.)
    const lineAt = notesAt >= 2 ? text.lastIndexOf('\n', notesAt - 2) + 1 : 0;
    if (!text.startsWith('-# ', lineAt)) break;
    notesAt = lineAt;
  }
  // Lines [from, to) joined: without the line break that ends the last of them.
  const lines = (from: number, to: number) => (to > from ? text.slice(from, to - 1) : '');
  // A `-#` line inside an open code block is code, not a note.
  while (notesAt < after && fenceAfter(lines(bodyAt, notesAt)) !== null) {
    const next = text.indexOf('\n', notesAt);
    notesAt = next === -1 ? after : next + 1;
  }
  const parts: TextPart[] = [
    { id: CARD_IDS.question, content: lines(0, bodyAt) },
    { id: CARD_IDS.body, content: lines(bodyAt, notesAt) },
    { id: CARD_IDS.note, content: lines(notesAt, after) },
  ];
  return parts.filter((part) => part.content.trim() !== '');
}

/** Shortens `text` to `max` characters (never between the halves of a surrogate pair), ending with `…`. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** The card's components: one container holding the text, media and buttons. */
export function cardComponents(card: Card): APIMessageTopLevelComponent[] {
  const inside: APIComponentInContainer[] = textParts(card.text).map(({ id, content }) => ({
    type: ComponentType.TextDisplay,
    id,
    content,
  }));
  const gallery = (card.gallery ?? []).slice(0, V2_LIMITS.galleryItems);
  if (gallery.length > 0)
    inside.push({
      type: ComponentType.MediaGallery,
      id: CARD_IDS.gallery,
      items: gallery.map((item) => ({
        media: { url: item.url ?? `attachment://${item.name}` },
        ...(item.description?.trim() && { description: shorten(item.description, V2_LIMITS.altText) }),
      })),
    });
  for (const [i, file] of (card.files ?? []).entries())
    inside.push({
      type: ComponentType.File,
      id: CARD_IDS.files + i,
      file: { url: `attachment://${file.name}` },
    });
  const caption = card.caption?.trim() ? card.caption : undefined;
  if (caption !== undefined && card.captionButton)
    inside.push({
      type: ComponentType.Section,
      id: CARD_IDS.caption,
      components: [{ type: ComponentType.TextDisplay, content: caption }],
      accessory: card.captionButton,
    });
  else if (caption !== undefined)
    inside.push({ type: ComponentType.TextDisplay, id: CARD_IDS.caption, content: caption });
  const rows = (card.controls ?? []).filter((row) => row.components.length > 0);
  inside.push(...rows.map((row, i) => ({ ...row, id: CARD_IDS.rows + i })));
  // A card holds at least one component: an empty message shows an ellipsis, as `content` did.
  if (inside.length === 0) inside.push({ type: ComponentType.TextDisplay, id: CARD_IDS.body, content: '…' });
  return [
    {
      type: ComponentType.Container,
      id: CARD_IDS.container,
      components: inside,
      ...(card.accent !== undefined && { accent_color: card.accent }),
    },
  ];
}

/** The text a reader reads in V2 components: every text display's, in order, a line apart. */
export function cardText(components: readonly unknown[]): string {
  const texts: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const component = node as { type?: unknown; content?: unknown; components?: unknown };
    if (component.type === ComponentType.TextDisplay && typeof component.content === 'string')
      texts.push(component.content);
    if (Array.isArray(component.components)) component.components.forEach(walk);
  };
  components.forEach(walk);
  return texts.join('\n');
}

/**
 * What a reader reads of a message in the API's shape: its `content`, or where the V2 flag is
 * set (content is empty then) its text displays' (the bot's own answers in cards, say).
 */
export function shownText(message: {
  readonly content: string;
  readonly flags?: number | undefined;
  readonly components?: readonly unknown[] | undefined;
}): string {
  if (message.content !== '' || ((message.flags ?? 0) & IS_COMPONENTS_V2) === 0) return message.content;
  return cardText(message.components ?? []);
}

/**
 * A V2 card without its buttons (an older reply's): action rows go, a section with a button
 * beside it keeps its text. Components as Discord returns them (with ids) are written back as is.
 */
export function withoutButtons(components: readonly unknown[]): unknown[] {
  const kept: unknown[] = [];
  for (const node of components) {
    const component = node as Record<string, unknown>;
    if (component.type === ComponentType.ActionRow) continue;
    const accessory = component.accessory as { type?: unknown } | undefined;
    if (component.type === ComponentType.Section && accessory?.type === ComponentType.Button) {
      kept.push(...((component.components as unknown[]) ?? []));
      continue;
    }
    const children = component.components;
    kept.push(Array.isArray(children) ? { ...component, components: withoutButtons(children) } : component);
  }
  return kept;
}

/**
 * What of `components` (a V2 message's) Discord would refuse, by its published limits: each
 * problem with its path. Empty: the card fits.
 */
export function cardProblems(components: readonly unknown[]): string[] {
  const problems: string[] = [];
  let count = 0;
  let text = 0;
  const ids = new Set<string>();
  const componentIds = new Set<number>();
  const walk = (node: unknown, path: string): void => {
    count += 1;
    const c = node as Record<string, unknown>;
    if (c.type === ComponentType.TextDisplay) {
      const content = String(c.content ?? '');
      text += content.length;
      if (content.length < 1 || content.length > V2_LIMITS.text)
        problems.push(`${path}: text of ${content.length}`);
    }
    if (c.type === ComponentType.MediaGallery) {
      const items = (c.items ?? []) as { description?: string }[];
      if (items.length < 1 || items.length > V2_LIMITS.galleryItems)
        problems.push(`${path}: ${items.length} items`);
      for (const item of items)
        if (item.description !== undefined && item.description.length > V2_LIMITS.altText)
          problems.push(`${path}: alt text of ${item.description.length}`);
    }
    if (
      c.type === ComponentType.ActionRow &&
      Array.isArray(c.components) &&
      c.components.length > V2_LIMITS.buttonsPerRow
    )
      problems.push(`${path}: ${c.components.length} buttons in a row`);
    if (typeof c.id === 'number' && c.id !== 0) {
      if (componentIds.has(c.id)) problems.push(`${path}: id ${c.id} twice`);
      componentIds.add(c.id);
    }
    if (typeof c.custom_id === 'string') {
      if (c.custom_id.length < 1 || c.custom_id.length > V2_LIMITS.customId)
        problems.push(`${path}: custom id of ${c.custom_id.length}`);
      if (ids.has(c.custom_id)) problems.push(`${path}: custom id ${c.custom_id} twice`);
      ids.add(c.custom_id);
    }
    if (Array.isArray(c.components))
      for (const [i, child] of c.components.entries()) walk(child, `${path}.components[${i}]`);
  };
  for (const [i, component] of components.entries()) walk(component, `components[${i}]`);
  if (count > V2_LIMITS.components) problems.push(`${count} components`);
  if (text > V2_LIMITS.text) problems.push(`${text} characters of text`);
  return problems;
}

/**
 * Discord refused a message in the V2 layout and its text is too long for a classic message:
 * the reply goes on in the classic layout, and its renderer cuts the text again to that limit.
 */
export class LayoutRefused extends Error {
  constructor(options?: ErrorOptions) {
    super('Discord refused the V2 layout: the reply goes on in the classic layout', options);
  }
}
