/**
 * The buttons of the messages the bot writes (interaction responses, follow-ups, channel messages,
 * their edits), checked as Discord does before the message is kept (issue 31: the premium button).
 * Buttons are found in action rows, nested components and sections' accessories.
 *
 * From Discord's OpenAPI description (ButtonComponentForMessageRequest, ButtonStyleTypes): `style`
 * is 1-6 (6 PREMIUM), `custom_id` 1-100 characters, `label` at most 80, `url` at most 512, `sku_id` a
 * snowflake. From Discord's documentation (components/reference.md, Button), which the spec does not
 * say: a premium button must have a `sku_id` and cannot have a `custom_id`, `label`, `url` or
 * `emoji`; a link button (5) must have a `url` and neither a `custom_id` nor a `sku_id`; the others
 * must have a `custom_id` and neither a `url` nor a `sku_id`. A bad one is refused like every form
 * Discord refuses: 400 Invalid Form Body (50035), naming each field (the error codes inside are
 * the local Discord's own names: neither the spec nor the docs list them). The `sku_id` is not
 * checked against the app's SKUs (neither says Discord does). Discord's deprecated response type
 * 10 (PREMIUM_REQUIRED) is not modelled.
 */
import { Problems } from './modals.js';
import type { DiscordState } from './state.js';

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

export const BUTTON_STYLES = {
  primary: 1,
  secondary: 2,
  success: 3,
  danger: 4,
  link: 5,
  premium: 6,
} as const;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null;

function checkButton(problems: Problems, path: Path, button: Json): void {
  const style = button.style;
  if (typeof style !== 'number' || !Number.isInteger(style) || style < 1 || style > 6) {
    problems.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.');
    return;
  }
  problems.text([...path, 'custom_id'], button.custom_id, 1, 100, true);
  problems.text([...path, 'label'], button.label, 0, 80, true);
  problems.text([...path, 'url'], button.url, 1, 512, true);
  if (present(button.sku_id) && !/^(0|[1-9][0-9]*)$/.test(String(button.sku_id))) {
    problems.add(
      [...path, 'sku_id'],
      'NUMBER_TYPE_COERCE',
      `Value "${String(button.sku_id)}" is not snowflake.`,
    );
  }
  const [required, forbidden] =
    style === BUTTON_STYLES.premium
      ? ['sku_id', ['custom_id', 'label', 'url', 'emoji']]
      : style === BUTTON_STYLES.link
        ? ['url', ['custom_id', 'sku_id']]
        : ['custom_id', ['url', 'sku_id']];
  if (!present(button[required])) {
    problems.add([...path, required], 'BASE_TYPE_REQUIRED', `A button of style ${style} needs ${required}.`);
  }
  for (const field of forbidden) {
    if (present(button[field])) {
      const code = `BUTTON_COMPONENT_${field.toUpperCase()}_NOT_ALLOWED`;
      problems.add([...path, field], code, `A button of style ${style} cannot have ${field}.`);
    }
  }
}

function walk(problems: Problems, path: Path, component: unknown): void {
  if (!isObject(component)) return;
  if (component.type === 2) checkButton(problems, path, component);
  if (Array.isArray(component.components)) {
    for (const [index, child] of component.components.entries()) {
      walk(problems, [...path, 'components', index], child);
    }
  }
  if (isObject(component.accessory)) walk(problems, [...path, 'accessory'], component.accessory);
}

/** The components a message-writing request carries, and where (undefined for other requests). */
function messageComponents(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: Json,
): { path: Path; components: unknown } | undefined {
  const [root, second, third] = segments;
  if (method === 'POST' && root === 'interactions' && segments[3] === 'callback') {
    // A modal's (9) components are modals.ts's to check.
    return isObject(json.data) && json.type !== 9
      ? { path: ['data'], components: json.data.components }
      : undefined;
  }
  const webhook = root === 'webhooks' && second === discord.applicationId;
  const followUp = webhook && method === 'POST' && segments.length === 3;
  const webhookEdit = webhook && method === 'PATCH' && segments[3] === 'messages';
  const channel = root === 'channels' && third === 'messages';
  const channelWrite =
    channel &&
    ((method === 'POST' && segments.length === 3) || (method === 'PATCH' && segments.length === 4));
  return followUp || webhookEdit || channelWrite ? { path: [], components: json.components } : undefined;
}

/** Discord's 400 for a message-writing request with a bad button, or undefined. */
export function buttonRefusal(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: Json,
): { status: number; body: unknown } | undefined {
  const found = messageComponents(discord, method, segments, json);
  if (!found || !Array.isArray(found.components)) return undefined;
  const problems = new Problems();
  for (const [index, component] of found.components.entries()) {
    walk(problems, [...found.path, 'components', index], component);
  }
  if (problems.count === 0) return undefined;
  return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors: problems.errors } };
}
