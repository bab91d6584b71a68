/**
 * Modals (Discord's forms) the bot opens for text a slash-command option cannot hold (line
 * breaks, long text): one paragraph field in a Label (Discord's component 18; the text input's
 * own label is deprecated), and reading a submit's field without trusting its shape (a crafted
 * submit may leave it out or send another type). The modal's custom id, like a button's, is
 * `<command>:<action>:<argument>` (buttons.ts), at most 100 characters.
 */
import { ModalBuilder, type ModalSubmitInteraction, TextInputStyle } from 'discord.js';
import type { AttachmentInfo } from '../files/attachments.js';

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
  /** An optional file upload under the field: its custom id, label, description, and how many files at most (1-10). */
  readonly upload?: {
    readonly field: string;
    readonly label: string;
    readonly description: string;
    readonly max: number;
  };
}

/**
 * A modal with one required multi-line field, and an optional file upload under it (Discord's
 * component 19 in a Label); discord.js's builders check Discord's limits.
 */
export function paragraphModal(modal: ParagraphModal): ModalBuilder {
  const built = new ModalBuilder()
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
  const { upload } = modal;
  if (!upload) return built;
  return built.addLabelComponents((label) =>
    label
      .setLabel(upload.label)
      .setDescription(upload.description)
      .setFileUploadComponent((files) =>
        files.setCustomId(upload.field).setRequired(false).setMinValues(0).setMaxValues(upload.max),
      ),
  );
}

/**
 * The files uploaded in field `customId`, at most `max` (a crafted submit may send more), as the
 * bot reads them; none when the submit has no such field or it is not a file upload.
 */
export function submittedFiles(
  interaction: ModalSubmitInteraction,
  customId: string,
  max: number,
): AttachmentInfo[] {
  let files: ReturnType<ModalSubmitInteraction['fields']['getUploadedFiles']> = null;
  try {
    files = interaction.fields.getUploadedFiles(customId);
  } catch {
    // Not a file upload (a crafted submit): no files.
  }
  return [...(files?.values() ?? [])]
    .slice(0, max)
    .map((file) => ({ name: file.name, url: file.url, size: file.size, contentType: file.contentType }));
}

/** The submitted value of text field `customId`, as sent (undefined when the submit has none). */
export function submittedText(interaction: ModalSubmitInteraction, customId: string): unknown {
  const field = interaction.fields.fields.get(customId);
  return field && 'value' in field ? field.value : undefined;
}
