/**
 * The forms (modals) the bot opens, as the playground's page has them: each is shown as a dialog
 * to the person who ran the command, until they submit it (a MODAL_SUBMIT in the local Discord,
 * as that person, whose reply says "… used /ask" like the command's) or cancel it (Discord tells
 * the bot nothing then; the page stops showing it). A form is its person's, and submitted once.
 */
import type { LocalDiscord, LocalInteraction } from '../localDiscord/localDiscord.js';
import { pageFilesByField } from './pageFiles.js';
import { type InteractionNotes, modalsView, type PlaygroundPerson } from './pageView.js';

export interface PageModals {
  /** The open forms (pushed to the page as `modals` events). */
  view(): ReturnType<typeof modalsView>;
  /** `{interactionId, values: {field: text}, files?: {upload: [file]}}`: submits the form as `person`. */
  submit(person: PlaygroundPerson, body: Record<string, unknown>): { interactionId: string };
  /** `{interactionId}`: closes the form without telling the bot, as Discord's Cancel does. */
  cancel(person: PlaygroundPerson, body: Record<string, unknown>): { closed: string };
}

export function pageModals(discord: LocalDiscord, notes: InteractionNotes): PageModals {
  const closed = new Set<string>();

  /** The open form `body.interactionId` names, if it is `person`'s. */
  const formOf = (person: PlaygroundPerson, body: Record<string, unknown>): LocalInteraction => {
    const id = typeof body.interactionId === 'string' ? body.interactionId : '';
    const interaction = [...discord.interactions.values()].find((candidate) => candidate.id === id);
    const note = interaction && notes.get(interaction.token);
    if (!interaction?.modal || !note || closed.has(id)) throw new Error('no such form');
    if (note.userId !== person.user.id) throw new Error('this form is someone else’s');
    if (interaction.modal.submits.length > 0) throw new Error('this form was already submitted');
    return interaction;
  };

  return {
    view: () => modalsView(discord, notes).filter((modal) => !closed.has(modal.interactionId)),
    submit(person, body) {
      const interaction = formOf(person, body);
      const given = typeof body.values === 'object' && body.values !== null ? body.values : {};
      const values: Record<string, string> = {};
      for (const field of interaction.modal?.fields ?? []) {
        const value = (given as Record<string, unknown>)[field.customId];
        if (typeof value === 'string') values[field.customId] = value;
      }
      const uploads = new Set(interaction.modal?.uploads.map((upload) => upload.customId));
      const files = Object.entries(pageFilesByField(body.files)).filter(([field]) => uploads.has(field));
      const submit = discord.submitModal(interaction, values, {
        user: person.user,
        permissions: person.permissions,
        ...(files.length > 0 && { files: Object.fromEntries(files) }),
      });
      notes.set(submit.token, {
        userId: person.user.id,
        command: notes.get(interaction.token)?.command ?? '',
      });
      return { interactionId: submit.id };
    },
    cancel(person, body) {
      const interaction = formOf(person, body);
      closed.add(interaction.id);
      discord.emit('change');
      return { closed: interaction.id };
    },
  };
}
