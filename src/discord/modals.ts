/**
 * Modals (Discord's forms) the bot opens for text a slash-command option cannot hold (line
 * breaks, long text): one paragraph field in a Label (Discord's component 18; the text input's
 * own label is deprecated), and reading a submit's field without trusting its shape (a crafted
 * submit may leave it out or send another type). The modal's custom id, like a button's, is
 * `<command>:<action>:<argument>` (buttons.ts), at most 100 characters.
 */
import { ModalBuilder, type ModalSubmitInteraction, TextInputStyle } from 'discord.js';

/**
 * A submit of a form this version does not know (removed, renamed, crafted, or malformed) is
 * answered with `errors.formGone`, in the member's words.
 */
export interface ParagraphModal {
  readonly customId: string;
  /** At most 45 characters. */
  readonly title: string;
  /** At most 45 characters. */
  readonly label: string;
  /** At most 100 characters. */
  readonly description: string;
  /** The field's custom id. */
  readonly field: string;
  readonly maxLength: number;
  /** Text the field starts with (e.g. the setting being changed). */
  readonly value?: string;
}

/** A modal with one required multi-line field (discord.js's builders check Discord's limits). */
export function paragraphModal(modal: ParagraphModal): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(modal.customId)
    .setTitle(modal.title)
    .addLabelComponents((label) =>
      label
        .setLabel(modal.label)
        .setDescription(modal.description)
        .setTextInputComponent((input) => {
          input
            .setCustomId(modal.field)
            .setStyle(TextInputStyle.Paragraph)
            .setRequired(true)
            .setMinLength(1)
            .setMaxLength(modal.maxLength);
          return modal.value ? input.setValue(modal.value.slice(0, modal.maxLength)) : input;
        }),
    );
}

/** The submitted value of text field `customId`, as sent (undefined when the submit has none). */
export function submittedText(interaction: ModalSubmitInteraction, customId: string): unknown {
  const field = interaction.fields.fields.get(customId);
  return field && 'value' in field ? field.value : undefined;
}
