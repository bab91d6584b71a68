/**
 * The local Discord's modals over raw REST: the callback of type 9 is refused like Discord
 * (400, 50035, each bad field named) unless it has the shape of Discord's published description
 * (discord/discord-api-spec: ModalInteractionCallbackRequestData), is kept on its interaction when
 * accepted, and a submit mirrors it as a MODAL_SUBMIT interaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalInteraction, startLocalDiscord } from '../../../src/localDiscord/localDiscord.js';

type Discord = Awaited<ReturnType<typeof startLocalDiscord>>;
let discord: Discord;
beforeAll(async () => {
  discord = await startLocalDiscord();
});
afterAll(async () => {
  await discord.close();
});

const input = (extra: Record<string, unknown> = {}) => ({
  type: 4,
  custom_id: 'prompt',
  style: 2,
  required: true,
  max_length: 4000,
  ...extra,
});
const labelled = (component: Record<string, unknown> = input(), extra: Record<string, unknown> = {}) => ({
  type: 18,
  label: 'Your question',
  description: 'Line breaks are kept.',
  component,
  ...extra,
});
const modal = (extra: Record<string, unknown> = {}) => ({
  custom_id: 'ask:modal:',
  title: 'Ask the model',
  components: [labelled()],
  ...extra,
});

/** A command interaction, dispatched to no bot, answered here over REST. */
function command(): LocalInteraction {
  return discord.sendCommand({ name: 'ask' });
}

async function callback(interaction: LocalInteraction, body: unknown) {
  const response = await fetch(
    `${discord.apiUrl}/v10/interactions/${interaction.id}/${interaction.token}/callback`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** The error codes of a refusal by path, e.g. `{ 'data.title': ['BASE_TYPE_BAD_LENGTH'] }`. */
function errorCodes(body: Record<string, unknown> | undefined): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '_errors') found[path.join('.')] = (value as { code: string }[]).map((error) => error.code);
      else walk(value, [...path, key]);
    }
  };
  walk(body?.errors, []);
  return found;
}

describe('modal callbacks (type 9)', () => {
  it('accepts a Label around a paragraph text input, and keeps it on the interaction', async () => {
    const interaction = command();
    expect((await callback(interaction, { type: 9, data: modal() })).status).toBe(204);
    expect(interaction.callbacks.map((entry) => entry.type)).toEqual([9]);
    expect(interaction.modal).toMatchObject({
      customId: 'ask:modal:',
      title: 'Ask the model',
      fields: [
        {
          customId: 'prompt',
          label: 'Your question',
          description: 'Line breaks are kept.',
          style: 2,
          required: true,
          maxLength: 4000,
        },
      ],
    });
    // Acknowledged: nothing else may answer it now.
    expect(await callback(interaction, { type: 5 })).toMatchObject({ status: 400, body: { code: 40060 } });
  });

  it('accepts the older action rows of labelled text inputs, and text displays', async () => {
    const interaction = command();
    const data = modal({
      components: [
        { type: 10, content: 'Say it in your own words.' },
        { type: 1, components: [input({ label: 'Question', custom_id: 'a' })] },
        { type: 1, components: [input({ label: 'Context', custom_id: 'b', style: 1, required: false })] },
      ],
    });
    expect((await callback(interaction, { type: 9, data })).status).toBe(204);
    expect(interaction.modal?.fields.map((field) => [field.customId, field.label, field.required])).toEqual([
      ['a', 'Question', true],
      ['b', 'Context', false],
    ]);
  });

  const refused: [string, unknown, Record<string, string[]>][] = [
    ['no data', { type: 9 }, { data: ['BASE_TYPE_REQUIRED'] }],
    [
      'a 46-character title',
      { type: 9, data: modal({ title: 't'.repeat(46) }) },
      { 'data.title': ['BASE_TYPE_BAD_LENGTH'] },
    ],
    ['an empty title', { type: 9, data: modal({ title: '' }) }, { 'data.title': ['BASE_TYPE_BAD_LENGTH'] }],
    [
      'a 101-character custom id',
      { type: 9, data: modal({ custom_id: 'x'.repeat(101) }) },
      { 'data.custom_id': ['BASE_TYPE_BAD_LENGTH'] },
    ],
    [
      'no components',
      { type: 9, data: modal({ components: [] }) },
      { 'data.components': ['BASE_TYPE_BAD_LENGTH'] },
    ],
    [
      '41 components',
      {
        type: 9,
        data: modal({
          components: Array.from({ length: 41 }, (_, i) => labelled(input({ custom_id: `f${i}` }))),
        }),
      },
      { 'data.components': ['BASE_TYPE_BAD_LENGTH'] },
    ],
    [
      'a max_length of 4,001',
      { type: 9, data: modal({ components: [labelled(input({ max_length: 4001 }))] }) },
      { 'data.components.0.component.max_length': ['NUMBER_TYPE_OUT_OF_RANGE'] },
    ],
    [
      'a 46-character label',
      { type: 9, data: modal({ components: [labelled(input(), { label: 'l'.repeat(46) })] }) },
      { 'data.components.0.label': ['BASE_TYPE_BAD_LENGTH'] },
    ],
    [
      'a text input in a Label with a label of its own',
      { type: 9, data: modal({ components: [labelled(input({ label: 'Twice' }))] }) },
      { 'data.components.0.component.label': ['COMPONENT_LABEL_NOT_ALLOWED'] },
    ],
    [
      'a text input in an action row without a label',
      { type: 9, data: modal({ components: [{ type: 1, components: [input()] }] }) },
      { 'data.components.0.components.0.label': ['BASE_TYPE_REQUIRED'] },
    ],
    [
      'a text input style 3',
      { type: 9, data: modal({ components: [labelled(input({ style: 3 }))] }) },
      { 'data.components.0.component.style': ['BASE_TYPE_CHOICES'] },
    ],
    [
      'min_length above max_length',
      { type: 9, data: modal({ components: [labelled(input({ min_length: 10, max_length: 5 }))] }) },
      { 'data.components.0.component.min_length': ['BASE_TYPE_BAD_LENGTH'] },
    ],
    [
      'a button (not allowed in a modal)',
      { type: 9, data: modal({ components: [{ type: 2, style: 1, label: 'no', custom_id: 'b' }] }) },
      { 'data.components.0.type': ['UNION_TYPE_CHOICES'] },
    ],
    [
      'two fields with one custom id',
      { type: 9, data: modal({ components: [labelled(), labelled()] }) },
      { 'data.components': ['COMPONENT_CUSTOM_ID_DUPLICATED'] },
    ],
  ];
  it.each(refused)(
    'refuses %s with 400 Invalid Form Body (50035), naming the field',
    async (_what, body, codes) => {
      const interaction = command();
      const answer = await callback(interaction, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
      expect(errorCodes(answer.body)).toEqual(codes);
      // Not acknowledged: the bot may still answer it.
      expect(interaction.callbacks).toEqual([]);
      expect(interaction.modal).toBeUndefined();
    },
  );

  it('refuses a modal answering a modal submit', async () => {
    const interaction = command();
    await callback(interaction, { type: 9, data: modal() });
    const submit = discord.submitModal(interaction, { prompt: 'hello' });
    const answer = await callback(submit, { type: 9, data: modal() });
    expect(answer.status).toBe(400);
    expect(errorCodes(answer.body)).toEqual({ type: ['INTERACTION_CALLBACK_TYPE_INVALID'] });
  });
});

describe('submitModal', () => {
  it('mirrors the modal: Labels and action rows of text inputs with their values, ids numbered in order', async () => {
    const interaction = command();
    const data = modal({
      components: [
        labelled(input({ custom_id: 'q', value: 'prefilled' })),
        { type: 10, content: 'Note' },
        { type: 1, components: [input({ label: 'More', custom_id: 'more', required: false })] },
      ],
    });
    await callback(interaction, { type: 9, data });
    const submit = discord.submitModal(interaction, { q: 'line one\nline two' });
    expect(submit.type).toBe(5);
    expect(submit.channelId).toBe(interaction.channelId);
    expect(submit.userId).toBe(interaction.userId);
    expect(submit.data).toEqual({
      custom_id: 'ask:modal:',
      components: [
        { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'q', value: 'line one\nline two' } },
        { type: 10, id: 3 },
        { type: 1, id: 4, components: [{ type: 4, id: 5, custom_id: 'more', value: '' }] },
      ],
    });
    expect(interaction.modal?.submits).toEqual([submit.id]);
    const crafted = discord.submitModal(interaction, {}, { customId: 'zzz:1' });
    expect(crafted.data).toMatchObject({ custom_id: 'zzz:1' });
    expect(() => discord.submitModal(interaction, { nope: 'x' })).toThrow(/no field nope/);
    expect(() => discord.submitModal(command(), {})).toThrow(/not answered with a modal/);
  });
});
