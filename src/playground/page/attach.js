// Files for the next message or command, as Discord's composer attaches them: 📎 opens the file
// picker, each chosen file shows as a chip (× removes it), and sending takes them along, read as
// base64 for /api/message, /api/command (the command's file option) and /api/modal (a form's
// upload: pageFiles.ts on the server).

import { t } from './pageText.js';
import { $, escapeHtml } from './state.js';

let attached = [];

function showAttached() {
  const list = $('attached');
  list.hidden = attached.length === 0;
  // The command suggestions open above the chips, not over them (overlays.css).
  $('composer').classList.toggle('has-files', attached.length > 0);
  list.innerHTML = attached
    .map(
      (file, index) =>
        `<li>${escapeHtml(file.name)}<button type="button" class="remove" data-index="${index}" aria-label="${escapeHtml(t('composer.remove', { name: file.name }))}">×</button></li>`,
    )
    .join('');
  for (const button of list.querySelectorAll('button')) {
    button.addEventListener('click', () => {
      attached.splice(Number(button.dataset.index), 1);
      showAttached();
    });
  }
}

/** The files chosen for the next send. */
export const attachedFiles = () => [...attached];

export function clearAttached() {
  attached = [];
  showAttached();
}

async function asBase64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Files as the server takes them: `{name, type, data}`, the bytes in base64. */
export function filesPayload(files) {
  return Promise.all(
    [...files].map(async (file) => ({ name: file.name, type: file.type, data: await asBase64(file) })),
  );
}

export function setUpAttach() {
  const picker = $('attach');
  picker.addEventListener('change', () => {
    attached = [...attached, ...picker.files].slice(0, 10);
    picker.value = '';
    showAttached();
  });
}
