// Discord's markdown as the page draws a message's text: the parts the bot uses.

import { channelName, escapeHtml, nameOf } from './state.js';

/**
 * Code blocks, inline code, bold, italics, `-#` subtext, `> ` quotes, backslash escapes, mentions,
 * and message links (where the message is, a jump to it: channels.js).
 */
export function markdown(text) {
  const parts = text.split(/(```[\s\S]*?(?:```|$))/);
  return parts
    .map((part) => {
      if (part.startsWith('```')) {
        const body = part.replace(/^```[^\n]*\n?/, '').replace(/\n?```$/, '');
        return `<pre><code>${escapeHtml(body)}</code></pre>`;
      }
      // The block element already breaks the line: one newline each side of a code block goes.
      return (
        escapeHtml(part.replace(/\n$/, '').replace(/^\n/, ''))
          .split('\n')
          .map((line) => (line.startsWith('-# ') ? `<span class="subtext">${line.slice(3)}</span>` : line))
          .map((line) => (line.startsWith('&gt; ') ? `<span class="quote">${line.slice(5)}</span>` : line))
          .join('\n')
          // An escaped character shows as itself and starts nothing (an entity no later rule matches),
          // as Discord shows any punctuation after a backslash (members' names: render/names.ts).
          .replace(/\\(&gt;|&lt;|[\\`*_~|#\-[\]()@+.])/g, (_, c) =>
            c === '&gt;' ? c : c === '&lt;' ? '&#60;' : `&#${c.charCodeAt(0)};`,
          )
          .replace(/`([^`\n]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
          .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<em>$2</em>')
          .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(nameOf(id))}</span>`)
          // A message link shows as Discord shows it: where the message is, a jump to it.
          .replace(
            /https:\/\/discord\.com\/channels\/(?:\d+|@me)\/(\d+)\/(\d+)/g,
            (_, channelId, messageId) =>
              `<a href="#" class="message-link" data-channel-id="${channelId}" data-message-id="${messageId}">${escapeHtml(channelName(channelId))} › 💬</a>`,
          )
          .replace(/<\/span>\n/g, '</span>')
      );
    })
    .join('');
}
