// A form the bot opened (a modal) shows as a dialog over the channel, to the person who ran the
// command only; Submit and Cancel go to /api/modal (pageModals.ts), a file upload's files with it. As in Discord each text field
// counts its characters against the limit the bot set ("123 / 4000", red when over), and Submit
// checks required, min and max length first (optionChecks.js): a field that fails says why under
// it and nothing is sent. Nothing is cut: a long paste stays whole, to be shortened by the person
// (`maxlength` stays on the box for assistive technology; keepWhole stops the browser's cut).

import { filesPayload } from './attach.js';
import { checkField, fieldCount } from './optionChecks.js';
import { onPageLanguage, t } from './pageText.js';
import { $, escapeHtml, me, post, state } from './state.js';

/** A field's label, description, its box (multi-line for a paragraph, style 2), counter and error line. */
function fieldHtml(field, index) {
  const id = `modal-field-${index}`;
  const limits = `${field.maxLength ? ` maxlength="${field.maxLength}"` : ''}${field.minLength ? ` minlength="${field.minLength}"` : ''}${field.required ? ' required' : ''}`;
  const value = escapeHtml(field.value ?? '');
  const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
  const described = ` aria-describedby="${id}-count ${id}-error"`;
  const input =
    field.style === 2
      ? `<textarea id="${id}" name="${escapeHtml(field.customId)}" rows="6"${limits}${placeholder}${described}>${value}</textarea>`
      : `<input id="${id}" name="${escapeHtml(field.customId)}" value="${value}"${limits}${placeholder}${described} />`;
  return `<label for="${id}">${escapeHtml(field.label)}${field.required ? ' <span class="required">*</span>' : ''}</label>
        ${field.description ? `<div class="field-description">${escapeHtml(field.description)}</div>` : ''}${input}
        <div class="field-foot"><span class="field-error" id="${id}-error" role="alert"></span><span class="field-count" id="${id}-count"></span></div>`;
}

/** A file upload (Discord's component 19): its Label's words and a file picker for up to `max` files. */
function uploadHtml(upload, index) {
  const id = `modal-upload-${index}`;
  return `<label for="${id}">${escapeHtml(upload.label)}</label>
        ${upload.description ? `<div class="field-description">${escapeHtml(upload.description)}</div>` : ''}<input id="${id}" type="file" name="${escapeHtml(upload.customId)}"${upload.max > 1 ? ' multiple' : ''} />`;
}

/**
 * A paste or typing past `maxlength` goes in whole (the browser would cut it, silently, mid-word):
 * the counter turns red and Submit says what is too long instead.
 */
function keepWhole(event) {
  const box = event.target;
  const text = event.data ?? event.dataTransfer?.getData('text/plain');
  if (!event.inputType.startsWith('insert') || typeof text !== 'string' || box.maxLength < 0) return;
  const after = box.value.length - (box.selectionEnd - box.selectionStart) + text.length;
  if (after <= box.maxLength) return;
  event.preventDefault();
  box.setRangeText(text, box.selectionStart, box.selectionEnd, 'end');
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Each field's counter and (once Submit was tried, or when `check`) its error, as the values are now. */
function showFieldState(form, modal, check) {
  let fine = true;
  for (const [index, field] of modal.fields.entries()) {
    const box = form.elements[field.customId];
    const counted = fieldCount(field, box.value);
    const counter = form.querySelector(`#modal-field-${index}-count`);
    counter.textContent = counted.text;
    counter.classList.toggle('over', counted.over);
    const problem = checkField(field, box.value);
    if (problem) fine = false;
    const line = form.querySelector(`#modal-field-${index}-error`);
    if (check || line.textContent) line.textContent = problem ?? '';
    box.setAttribute('aria-invalid', String(Boolean(problem && line.textContent)));
  }
  return fine;
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
  const fields = modal.fields.map(fieldHtml).join('') + (modal.uploads ?? []).map(uploadHtml).join('');
  dialog.innerHTML = `<form method="dialog" novalidate><h2 id="modal-title">${escapeHtml(modal.title)}</h2>${fields}
    <div class="modal-actions"><button type="button" class="cancel" data-text="modal.cancel">${t('modal.cancel')}</button><button type="submit" class="submit" data-text="modal.submit">${t('modal.submit')}</button></div></form>`;
  const form = dialog.querySelector('form');
  showFieldState(form, modal, false);
  form.addEventListener('beforeinput', keepWhole);
  form.addEventListener('input', () => showFieldState(form, modal, false));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!showFieldState(form, modal, true)) {
      form.querySelector('[aria-invalid="true"]')?.focus();
      return;
    }
    const values = Object.fromEntries(
      modal.fields.map((field) => [field.customId, form.elements[field.customId].value]),
    );
    // Each upload's files (at most as many as it takes), read before the dialog closes.
    const files = Object.fromEntries(
      await Promise.all(
        (modal.uploads ?? []).map(async (upload) => [
          upload.customId,
          await filesPayload([...form.elements[upload.customId].files].slice(0, upload.max)),
        ]),
      ),
    );
    dialog.close();
    await post('/api/modal', { interactionId: modal.interactionId, values, files });
  });
  dialog.querySelector('.cancel').addEventListener('click', async () => {
    dialog.close();
    await post('/api/modal', { interactionId: modal.interactionId, cancel: true });
  });
  if (!dialog.open) dialog.showModal();
  dialog.querySelector('textarea, input')?.focus();
}

// An open form's buttons and error lines follow the page's language.
onPageLanguage(() => {
  const form = $('modal')?.querySelector('form');
  const modal = state.modals.find(
    (candidate) => candidate.interactionId === $('modal').dataset.interactionId,
  );
  if (!form || !modal) return;
  for (const button of form.querySelectorAll('[data-text]')) button.textContent = t(button.dataset.text);
  showFieldState(form, modal, false);
});
