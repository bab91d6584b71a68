// A Components V2 message as Discord draws it (messages.js draws a message with `v2` so): its
// text is in its components, a container is a card (its accent bar on the left), text displays are
// markdown, sections have their button or thumbnail on the right, then galleries, files,
// separators and button rows. Its uploads show only where a component names them.

import { markdown } from './markdown.js';
import { t } from './pageText.js';
import { premiumButton } from './premium.js';
import { escapeHtml } from './state.js';

/** An http(s) address as is; anything else (javascript:, data:…) is not shown. */
const webUrl = (url) => (typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined);

/**
 * Where a component's media is for the page: `attachment://<filename>` is that upload of the
 * message (its page address, by filename), an http(s) address is shown as is; else none.
 */
function mediaOf(message, url) {
  if (typeof url !== 'string') return undefined;
  if (!url.startsWith('attachment://')) return webUrl(url) && { url, filename: url.split('/').pop() || url };
  const name = url.slice('attachment://'.length);
  const file = message.attachments.find((attachment) => attachment.filename === name);
  return file && { url: file.url, filename: file.filename };
}

/** A button in a V2 message: its emoji and label; a link button (style 5) opens its address. */
function cardButton(button) {
  if (button.style === 6) return premiumButton(button);
  const emoji =
    button.emoji?.name && !button.emoji.id
      ? `<span class="button-emoji" aria-hidden="true">${escapeHtml(button.emoji.name)}</span>`
      : '';
  const label = `${emoji}${button.label ? `<span class="button-label">${escapeHtml(button.label)}</span>` : ''}`;
  if (button.style === 5) {
    const url = webUrl(button.url);
    return url && !button.disabled
      ? `<a class="link-button style-5" href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${label}<span aria-hidden="true">↗</span></a>`
      : `<button type="button" class="style-5" disabled>${label}</button>`;
  }
  return `<button type="button" class="style-${button.style}" data-custom-id="${escapeHtml(button.custom_id ?? '')}"${button.disabled ? ' disabled' : ''}>${label}</button>`;
}

/** The last text display of `components`, at any depth (the "(edited)" mark goes after it). */
function lastTextDisplay(components) {
  let last;
  const walk = (component) => {
    if (!component || typeof component !== 'object') return;
    if (component.type === 10) last = component;
    for (const child of Array.isArray(component.components) ? component.components : []) walk(child);
  };
  for (const component of components) walk(component);
  return last;
}

/**
 * A V2 message's components as HTML (no white space between elements: the body's text is its
 * text displays' and buttons' alone), and the pictures it shows, in the order of their buttons'
 * `data-index` (each opens full size).
 * `edited`: the "(edited)" mark, after the last text display.
 */
export function cardHtml(message, edited) {
  const components = Array.isArray(message.components) ? message.components : [];
  const pictures = [];
  const lastText = lastTextDisplay(components);
  /** An image that opens full size: `alt` its description (alt text), else its file's name. */
  const picture = (media, description, className, spoiler) => {
    const found = mediaOf(message, media?.url);
    if (!found) return '';
    const alt = typeof description === 'string' && description.trim() ? description : found.filename;
    pictures.push({ url: found.url, filename: alt });
    return `<button type="button" class="${className}${spoiler ? ' spoiler' : ''}" data-index="${pictures.length - 1}" aria-label="${escapeHtml(t('message.openImage', { name: alt }))}"><img src="${escapeHtml(found.url)}" alt="${escapeHtml(alt)}" /></button>`;
  };
  const text = (component) =>
    `<div class="text-display">${markdown(String(component.content ?? ''))}${component === lastText ? edited : ''}</div>`;
  const row = (component) => {
    const buttons = (component.components ?? []).filter((button) => button.type === 2).map(cardButton);
    return buttons.length ? `<div class="buttons">${buttons.join('')}</div>` : '';
  };
  const draw = (component) => {
    switch (component?.type) {
      case 1:
        return row(component);
      case 10:
        return text(component);
      case 9: {
        const texts = (component.components ?? []).filter((child) => child.type === 10).map(text);
        const accessory = component.accessory;
        const side =
          accessory?.type === 2
            ? `<div class="accessory buttons">${cardButton(accessory)}</div>`
            : accessory?.type === 11
              ? `<div class="accessory">${picture(accessory.media, accessory.description, 'image thumbnail', accessory.spoiler)}</div>`
              : '';
        return `<div class="section"><div class="section-text">${texts.join('')}</div>${side}</div>`;
      }
      case 12: {
        const items = (component.items ?? [])
          .map((item) => picture(item.media, item.description, 'image', item.spoiler))
          .filter(Boolean);
        // `attachments` too: its images are the message's uploads, as a classic message's are.
        return items.length
          ? `<div class="attachments gallery" data-count="${Math.min(items.length, 10)}">${items.join('')}</div>`
          : '';
      }
      case 13: {
        const file = mediaOf(message, component.file?.url);
        const name = file?.filename ?? String(component.file?.url ?? '').replace(/^attachment:\/\//, '');
        const inner = `<span class="file-icon" aria-hidden="true">📄</span><span class="file-name">${escapeHtml(name)}</span>`;
        return file
          ? `<a class="file-chip" href="${escapeHtml(file.url)}" download="${escapeHtml(file.filename)}" target="_blank" rel="noopener">${inner}</a>`
          : `<span class="file-chip missing">${inner}</span>`;
      }
      case 14:
        return `<hr class="separator${component.divider === false ? ' invisible' : ''}${component.spacing === 2 ? ' large' : ''}" />`;
      case 17: {
        const accent = Number.isInteger(component.accent_color)
          ? ` data-accent="#${(component.accent_color & 0xffffff).toString(16).padStart(6, '0')}"`
          : '';
        const inside = (component.components ?? []).map(draw).join('');
        return `<div class="card"${accent}>${inside}</div>`;
      }
      default:
        return '';
    }
  };
  const html = components.map(draw).join('');
  // No text display to carry it: the mark goes at the end.
  return { html: lastText || !edited ? html : `${html}${edited}`, pictures };
}
