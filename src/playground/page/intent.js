// The Message Content intent switch, under "Typing as": whether the app has Discord's privileged
// intent, and a line saying what it changes. Switching it restarts the bot behind it (the local
// Discord grants or withdraws the intent, the bot identifies again: pageIntent.ts, botRunner.ts);
// "restarting…" shows until the bot is ready, then its commands are read anew ("Summarize from
// here" comes and goes with the intent). Its words are in the page's language (pageText.js),
// drawn again when that changes.

import { onPageLanguage, t } from './pageText.js';
import { $, post, state } from './state.js';

let current = { on: false, restarting: false };

function show() {
  const button = $('intent-switch');
  if (!button) return;
  button.setAttribute('aria-checked', String(current.on));
  button.disabled = current.restarting;
  button.title = t('intent.title');
  $('intent-label').textContent = t('intent.label');
  $('intent-state').textContent = t(
    current.restarting ? 'intent.restarting' : current.on ? 'intent.state.on' : 'intent.state.off',
  );
  $('intent-note').textContent = t(
    current.restarting ? 'intent.restartingNote' : current.on ? 'intent.on' : 'intent.off',
  );
  document.body.dataset.intent = current.restarting ? 'restarting' : current.on ? 'on' : 'off';
}

/** The commands the bot registered (after a restart, anew). */
function takeCommands(commands) {
  state.commands = commands.filter((command) => (command.type ?? 1) === 1);
  state.messageCommands = commands.filter((command) => command.type === 3);
}

async function flip() {
  current = { on: !current.on, restarting: true };
  show();
  const answer = await post('/api/intent', { on: current.on });
  if (answer?.commands) takeCommands(answer.commands);
  current = answer ? { on: answer.on, restarting: false } : { on: !current.on, restarting: false };
  show();
}

export async function setUpIntent() {
  const box = $('intent');
  if (!box) return;
  box.innerHTML = `<button type="button" id="intent-switch" role="switch" aria-checked="false" ><span id="intent-label"></span>: <strong id="intent-state"></strong></button><p id="intent-note"></p>`;
  box.style.cssText = 'display:flex;flex-direction:column;gap:4px;margin-top:8px;font-size:12px;';
  $('intent-note').style.cssText = 'margin:0;line-height:1.3;';
  // As the selects above it (style.css is the layout's; this control is this module's alone).
  $('intent-switch').style.cssText =
    'background:#1e1f22;color:#dbdee1;border:0;padding:6px;border-radius:4px;font:inherit;font-size:14px;text-align:left;cursor:pointer;';
  $('intent-switch').addEventListener('click', flip);
  const read = async (wait) => (await fetch(`/api/intent${wait ? '?wait=1' : ''}`)).json();
  current = await read(false);
  if (!current.available) return box.remove();
  show();
  onPageLanguage(show);
  // Opened while a restart is under way: shown until the bot is ready again.
  if (current.restarting) {
    current = await read(true);
    show();
  }
}
