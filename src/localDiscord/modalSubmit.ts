/**
 * A member pressing Submit on a modal the bot opened (modals.ts keeps it on its interaction): a
 * MODAL_SUBMIT interaction (type 5) whose `data.components` mirror the modal (action rows of
 * `{type: 4, custom_id, value}`, Labels of `{component: {…}}`), with ids numbered in order as
 * Discord does when the bot gave none, from the same member, channel and context as the command;
 * a file upload's files (`files`) come as `{type: 19, custom_id, values: [attachment ids]}` with
 * the attachments in `resolved.attachments`, served from the local CDN. Values are sent as given,
 * so a test can send what Discord's client would not (an over-long value, too many files);
 * `customId` crafts another custom id.
 */
import { addCommandFile } from './commandFiles.js';
import { dispatchInteraction } from './members.js';
import type { LocalAttachment, LocalInteraction, SendCommandInput } from './model.js';
import type { DiscordState } from './state.js';

/** A member's submit: as the command was sent, unless said otherwise. */
export type SubmitModalInput = Partial<Omit<SendCommandInput, 'name' | 'options' | 'files'>> & {
  /** Submit under this custom id instead of the modal's (a crafted submit). */
  readonly customId?: string;
  /** Files the member uploads, by the file upload's custom id. */
  readonly files?: Readonly<Record<string, readonly LocalAttachment[]>>;
};

type Json = Record<string, unknown>;

/** The member presses Submit on the modal the bot answered `interaction` with (see the top). */
export function submitModal(
  discord: DiscordState,
  interaction: LocalInteraction,
  values: Readonly<Record<string, string>>,
  input: SubmitModalInput = {},
): LocalInteraction {
  const modal = interaction.modal;
  if (!modal) throw new Error(`local Discord: interaction ${interaction.id} was not answered with a modal`);
  for (const customId of [...Object.keys(values), ...Object.keys(input.files ?? {})]) {
    if (![...modal.fields, ...modal.uploads].some((field) => field.customId === customId)) {
      throw new Error(`local Discord: the modal has no field ${customId}`);
    }
  }
  let nextId = 0;
  const id = (component: Json) => {
    if (typeof component.id === 'number') return component.id;
    nextId += 1;
    return nextId;
  };
  const filled = (component: Json) => {
    const customId = String(component.custom_id);
    const value = values[customId] ?? (typeof component.value === 'string' ? component.value : '');
    return { type: 4, id: id(component), custom_id: customId, value };
  };
  const attachments: Json = {};
  const uploaded = (component: Json) => {
    const files = input.files?.[String(component.custom_id)] ?? [];
    for (const file of files) attachments[file.id] = addCommandFile(discord, file);
    return {
      type: 19,
      id: id(component),
      custom_id: String(component.custom_id),
      values: files.map((file) => file.id),
    };
  };
  const components = modal.components.map((component) => {
    if (component.type === 1) {
      return { type: 1, id: id(component), components: (component.components as Json[]).map(filled) };
    }
    if (component.type === 18) {
      const inner = component.component as Json;
      return { type: 18, id: id(component), component: inner.type === 19 ? uploaded(inner) : filled(inner) };
    }
    return { type: component.type, id: id(component) };
  });
  const { customId, files: _files, ...as } = input;
  // The member who ran the command (made on first use when the command named none).
  const user = discord.members.get(interaction.userId) ?? interaction.input?.user;
  const member = { ...interaction.input, ...(user && { user }), ...as, name: '' };
  const submit = dispatchInteraction(discord, member, 5, {
    custom_id: customId ?? modal.customId,
    components,
    ...(Object.keys(attachments).length > 0 && { resolved: { attachments } }),
  });
  modal.submits.push(submit.id);
  return submit;
}
