/**
 * Discord's rules for what a message write may carry, as its API enforces them (the components
 * reference, the message and webhook resources, discord-api-spec's request schemas), written
 * apart from the bot's own layout code so that they catch its mistakes:
 *
 * - classic (no IS_COMPONENTS_V2 flag): `content` of at most 2,000 characters; at most 5
 *   top-level action rows of at most 5 buttons; no V2 component (section, text display,
 *   thumbnail, gallery, file, separator, container);
 * - V2 (the flag, 1 << 15, set by this write or earlier: it cannot be taken off): no `content`,
 *   embeds, poll or stickers; at least one component (a card is its components); at most 40 components at every depth; text displays of 1-4,000
 *   characters, 4,000 across the message; a container of 1-40 components; a gallery of 1-10
 *   items, alt text of at most 1,024; a file component naming one of the message's uploads
 *   (`attachment://name`); a section of 1-3 text displays with an accessory;
 * - both: custom ids of 1-100 characters, unique in the message; action rows of 1-5 buttons.
 *
 * A refusal is Discord's: 400 Invalid Form Body (50035), its errors nested by the path.
 */
import type { LocalAttachment, LocalMessage } from './model.js';

export const IS_COMPONENTS_V2 = 1 << 15;

const V2_ONLY = new Set([9, 10, 11, 12, 13, 14, 17]);
const IN_MESSAGES = new Set([1, 2, 3, 5, 6, 7, 8, ...V2_ONLY]);
const IN_CONTAINER = new Set([1, 9, 10, 12, 13, 14]);

type Path = readonly (string | number)[];

export interface FormRefusal {
  readonly message: 'Invalid Form Body';
  readonly code: 50035;
  readonly errors: Record<string, unknown>;
}

/** Discord's nested form errors: `{a: {0: {b: {_errors: [...]}}}}` for the path a.0.b. */
function formRefusal(problems: readonly { path: Path; code: string; message: string }[]): FormRefusal {
  const errors: Record<string, unknown> = {};
  for (const { path, code, message } of problems) {
    let node = errors;
    for (const key of path) {
      node[String(key)] ??= {};
      node = node[String(key)] as Record<string, unknown>;
    }
    node._errors ??= [];
    (node._errors as unknown[]).push({ code, message });
  }
  return { message: 'Invalid Form Body', code: 50035, errors };
}

/** The text a reader reads in a V2 message: its text displays', in order, a line apart. */
export function componentsText(components: readonly unknown[]): string {
  const texts: string[] = [];
  const walk = (node: unknown) => {
    const component = node as { type?: unknown; content?: unknown; components?: unknown };
    if (component?.type === 10 && typeof component.content === 'string') texts.push(component.content);
    if (Array.isArray(component?.components)) component.components.forEach(walk);
  };
  components.forEach(walk);
  return texts.join('\n');
}

export function isV2(flags: unknown): boolean {
  return typeof flags === 'number' && (flags & IS_COMPONENTS_V2) !== 0;
}

/**
 * Why Discord refuses `json` as a message's new state (undefined: it does not). `existing`: the
 * message an edit changes; `files`: the request's uploads.
 */
export function messageWriteRefusal(
  json: Record<string, unknown>,
  files: readonly LocalAttachment[],
  existing?: LocalMessage,
): FormRefusal | undefined {
  const problems: { path: Path; code: string; message: string }[] = [];
  const refuse = (path: Path, code: string, message: string) => problems.push({ path, code, message });
  const v2 = isV2(json.flags) || (existing !== undefined && isV2(existing.flags));
  if (existing && isV2(existing.flags) && typeof json.flags === 'number' && !isV2(json.flags))
    refuse(
      ['flags'],
      'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
      'The IS_COMPONENTS_V2 flag cannot be removed',
    );
  if (v2) {
    for (const field of ['content', 'embeds', 'poll', 'sticker_ids'])
      if (
        json[field] !== undefined &&
        json[field] !== null &&
        json[field] !== '' &&
        !isEmptyArray(json[field])
      )
        refuse(
          [field],
          'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
          `${field} cannot be used with the IS_COMPONENTS_V2 flag`,
        );
  } else if (typeof json.content === 'string' && json.content.length > 2000) {
    refuse(['content'], 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
  }
  // A card is its components: none left would leave an empty message, which Discord refuses.
  if (v2 && Array.isArray(json.components) && json.components.length === 0)
    refuse(['components'], 'MESSAGE_EMPTY', 'Cannot send an empty message');
  if (Array.isArray(json.components)) {
    const uploads = new Set([
      ...files.map((file) => file.filename),
      ...(existing?.attachments ?? []).map((file) => file.filename),
    ]);
    checkComponents(json.components, v2, uploads, refuse);
  }
  return problems.length > 0 ? formRefusal(problems) : undefined;
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

function checkComponents(
  components: readonly unknown[],
  v2: boolean,
  uploads: ReadonlySet<string>,
  refuse: (path: Path, code: string, message: string) => void,
): void {
  let count = 0;
  let text = 0;
  const ids = new Set<string>();
  const componentIds = new Set<number>();
  const media = (path: Path, url: unknown, fileOnly: boolean): void => {
    if (typeof url !== 'string' || url.length === 0 || url.length > 2048) {
      refuse([...path, 'url'], 'BASE_TYPE_REQUIRED', 'A media url is required');
      return;
    }
    if (url.startsWith('attachment://')) {
      if (!uploads.has(url.slice('attachment://'.length)))
        refuse([...path, 'url'], 'UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND', `No attachment named ${url}`);
    } else if (fileOnly) {
      refuse([...path, 'url'], 'UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED', 'A file must be an attachment');
    }
  };
  const walk = (node: unknown, path: Path, parent: number | undefined): void => {
    count += 1;
    const c = (node ?? {}) as Record<string, unknown>;
    const type = Number(c.type);
    if (!IN_MESSAGES.has(type)) {
      refuse([...path, 'type'], 'UNKNOWN_COMPONENT_TYPE', `Unknown type ${c.type}`);
      return;
    }
    if (!v2 && V2_ONLY.has(type)) {
      refuse(
        [...path, 'type'],
        'COMPONENT_LAYOUT_REQUIRES_FLAG',
        'This component needs the IS_COMPONENTS_V2 flag',
      );
      return;
    }
    if (parent === 17 && !IN_CONTAINER.has(type))
      refuse([...path, 'type'], 'COMPONENT_TYPE_NOT_ALLOWED', 'Not allowed in a container');
    if (c.id !== undefined && c.id !== null) {
      const id = c.id;
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > 2 ** 31 - 1)
        refuse([...path, 'id'], 'NUMBER_TYPE_COERCE', 'Value is not int32.');
      else if (id !== 0 && componentIds.has(id))
        refuse([...path, 'id'], 'COMPONENT_ID_DUPLICATED', 'Component id must be unique in the message');
      else componentIds.add(id as number);
    }
    if (typeof c.custom_id === 'string') {
      if (c.custom_id.length < 1 || c.custom_id.length > 100)
        refuse([...path, 'custom_id'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      if (ids.has(c.custom_id))
        refuse(
          [...path, 'custom_id'],
          'COMPONENT_CUSTOM_ID_DUPLICATED',
          'Component custom id cannot be duplicated',
        );
      ids.add(c.custom_id);
    }
    const children = Array.isArray(c.components) ? c.components : [];
    if (type === 1 && (children.length < 1 || children.length > 5))
      refuse([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
    if (type === 10) {
      const content = typeof c.content === 'string' ? c.content : '';
      text += content.length;
      if (content.length < 1 || content.length > 4000)
        refuse([...path, 'content'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 4000 in length.');
    }
    if (type === 17 && (children.length < 1 || children.length > 40))
      refuse([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 40 in length.');
    if (type === 9) {
      if (
        children.length < 1 ||
        children.length > 3 ||
        children.some((child) => Number((child as { type?: unknown }).type) !== 10)
      )
        refuse([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'A section holds 1 to 3 text displays.');
      if (!c.accessory) refuse([...path, 'accessory'], 'BASE_TYPE_REQUIRED', 'This field is required');
      else walk(c.accessory, [...path, 'accessory'], 9);
    }
    if (type === 11) media([...path, 'media'], (c.media as { url?: unknown } | undefined)?.url, false);
    if (type === 12) {
      const items = Array.isArray(c.items) ? (c.items as Record<string, unknown>[]) : [];
      if (items.length < 1 || items.length > 10)
        refuse([...path, 'items'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 10 in length.');
      items.forEach((item, i) => {
        media([...path, 'items', i, 'media'], (item.media as { url?: unknown } | undefined)?.url, false);
        const description = item.description;
        if (typeof description === 'string' && (description.length < 1 || description.length > 1024))
          refuse(
            [...path, 'items', i, 'description'],
            'BASE_TYPE_BAD_LENGTH',
            'Must be between 1 and 1024 in length.',
          );
      });
    }
    if (type === 13) media([...path, 'file'], (c.file as { url?: unknown } | undefined)?.url, true);
    if (type !== 9)
      for (const [i, child] of children.entries()) walk(child, [...path, 'components', i], type);
  };
  if (!v2 && components.length > 5)
    refuse(['components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
  components.forEach((component, i): void => {
    if (!v2 && Number((component as { type?: unknown })?.type) !== 1)
      refuse(
        ['components', i, 'type'],
        'COMPONENT_LAYOUT_REQUIRES_FLAG',
        'Only action rows without the IS_COMPONENTS_V2 flag',
      );
    walk(component, ['components', i], undefined);
  });
  if (v2 && count > 40)
    refuse(['components'], 'MESSAGE_TOO_MANY_COMPONENTS', 'A message holds at most 40 components');
  if (v2 && text > 4000)
    refuse(
      ['components'],
      'MESSAGE_TOO_MUCH_TEXT',
      'A message holds at most 4000 characters of text displays',
    );
}

/**
 * Why Discord refuses an interaction callback's message (undefined: it does not): a reply (4) by
 * the message rules; a deferral (5) takes only the ephemeral flag, so a V2 reply to a deferred
 * interaction is made by editing it.
 */
export function callbackRefusal(
  type: number,
  data: Record<string, unknown>,
  files: readonly LocalAttachment[],
): FormRefusal | undefined {
  if (type === 4) return messageWriteRefusal(data, files);
  if (type === 5 && isV2(data.flags))
    return formRefusal([
      { path: ['data', 'flags'], code: 'INTERACTION_DEFERRED_FLAGS', message: 'Only EPHEMERAL may be set' },
    ]);
  return undefined;
}

/** A message's buttons wherever they are: in action rows (top-level or in a card) and beside sections' text. */
export function messageButtons(components: readonly unknown[]): Record<string, unknown>[] {
  const buttons: Record<string, unknown>[] = [];
  const walk = (node: unknown): void => {
    const component = (node ?? {}) as Record<string, unknown>;
    if (component.type === 2) buttons.push(component);
    if (component.accessory) walk(component.accessory);
    if (Array.isArray(component.components)) for (const child of component.components) walk(child);
  };
  for (const component of components) walk(component);
  return buttons;
}

/** The text a message write shows: its `content`, or with the V2 flag its text displays'. */
export function bodyText(json: Record<string, unknown>): string | undefined {
  if (isV2(json.flags)) return componentsText(Array.isArray(json.components) ? json.components : []);
  return typeof json.content === 'string' ? json.content : undefined;
}
