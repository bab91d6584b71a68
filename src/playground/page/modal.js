// A form the bot opened (a modal) shows as a dialog over the channel, to the person who ran the
// command only; Submit and Cancel go to /api/modal (pageModals.ts).

import { $, escapeHtml, me, post, state } from './state.js';

/** A field's label, description, and its box: multi-line for a paragraph field (style 2). */
function fieldHtml(field, index) {
  const id = `modal-field-${index}`;
  const limits = `${field.maxLength ? ` maxlength="${field.maxLength}"` : ''}${field.minLength ? ` minlength="${field.minLength}"` : ''}${field.required ? ' required' : ''}`;
  const value = escapeHtml(field.value ?? '');
  const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
  const input =
    field.style === 2
      ? `<textarea id="${id}" name="${escapeHtml(field.customId)}" rows="6"${limits}${placeholder}>${value}</textarea>`
      : `<input id="${id}" name="${escapeHtml(field.customId)}" value="${value}"${limits}${placeholder} />`;
  return `<label for="${id}">${escapeHtml(field.label)}${field.required ? ' <span class="required">*</span>' : ''}</label>
        ${field.description ? `<div class="field-description">${escapeHtml(field.description)}</div>` : ''}${input}`;
}

/**
 * The form for the person typing, if the bot opened one: its title, each field, and Submit /
 * Cancel. It is rebuilt only for another form, so what was typed is never lost.
 */
export function renderModal() {
  const modal = state.modals.find((candidate) => candidate.forUserId === me()?.id);
  const dialog = $('modal');
  if (!modal) {
    if (dialog.open) dialog.close();
    return;
  }
  // The same form again (e.g. back from typing as someone else): as it was left.
  if (dialog.dataset.interactionId === modal.interactionId) {
    if (!dialog.open) dialog.showModal();
    return;
  }
  dialog.dataset.interactionId = modal.interactionId;
  const fields = modal.fields.map(fieldHtml).join('');
  dialog.innerHTML = `<form method="dialog"><h2 id="modal-title">${escapeHtml(modal.title)}</h2>${fields}
    <div class="modal-actions"><button type="button" class="cancel">Cancel</button><button type="submit" class="submit">Submit</button></div></form>`;
  const form = dialog.querySelector('form');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(
      modal.fields.map((field) => [field.customId, form.elements[field.customId].value]),
    );
    dialog.close();
    await post('/api/modal', { interactionId: modal.interactionId, values });
  });
  dialog.querySelector('.cancel').addEventListener('click', async () => {
    dialog.close();
    await post('/api/modal', { interactionId: modal.interactionId, cancel: true });
  });
  if (!dialog.open) dialog.showModal();
  dialog.querySelector('textarea, input')?.focus();
}
