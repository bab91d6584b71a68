// Discord's markdown as the page draws a message's text: the parts the bot uses; and, after it,
// the pure parts of the message list (times, groups, "(edited)", reply lines).

import { translate } from './pageText.js';
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
          // as Discord shows any punctuation after a backslash (members' names: reply/names.ts).
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

// The message list's times, groups, "(edited)" marks and reply lines, as Discord shows them
// (pure, no page: test/unit/playground/messageList.test.ts; drawn by messages.js). Each message
// has `times` (pageView.ts): `sent`, and `edited` (when its text last changed, or null).

/** A message joins the group above it when sent within this long of the one before it (Discord: 7 minutes). */
export const GROUP_WITHIN_MS = 7 * 60_000;

/**
 * Whether `message` starts a new group (its author's name, avatar and time over it), as Discord
 * decides: the first message, another author, more than 7 minutes after the one above, a private
 * reply next to a public one, and always a message headed by a line of its own: the bot's reply
 * to a command ("Alex used /ask") or a reply ("replying to @Alex …").
 */
export function startsGroup(previous, message) {
  if (!previous) return true;
  if (message.usedCommand || message.replyTo) return true;
  if (previous.author !== message.author || previous.bot !== message.bot) return true;
  if (previous.ephemeral !== message.ephemeral) return true;
  return message.times.sent - previous.times.sent > GROUP_WITHIN_MS;
}

const DAY_MS = 24 * 60 * 60_000;

/** A locale Intl knows (Discord's are all BCP 47 tags); anything else is written as en-US. */
function intlLocale(locale) {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale ?? 'en-US')[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/**
 * A message's time as Discord writes it, in the reader's language `locale` (the page's: its
 * words from pageText.js, its dates and clock from Intl): `label` over a group ("Today at 2:05 PM",
 * "Yesterday at 9:30 AM", else "11/26/2026 2:05 PM"; in German "Heute um 14:05", …), `clock`
 * beside a grouped message ("2:05 PM"), `full` for the title ("Saturday, November 28, 2026 at
 * 2:05 PM") and `iso` for `<time datetime>`. `timeZone` (default: the browser's) makes tests exact.
 */
export function messageTime(sent, now, { locale = 'en-US', timeZone } = {}) {
  const zone = timeZone ? { timeZone } : {};
  const tag = intlLocale(locale);
  // The calendar day in the reader's zone, to compare (a fixed format, not shown).
  const day = (at) =>
    new Intl.DateTimeFormat('en-CA', { ...zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      at,
    );
  const clock = new Intl.DateTimeFormat(tag, { ...zone, hour: 'numeric', minute: '2-digit' }).format(sent);
  const date = new Intl.DateTimeFormat(tag, {
    ...zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const label =
    day(sent) === day(now)
      ? translate(locale, 'time.today', { time: clock })
      : day(sent) === day(now - DAY_MS)
        ? translate(locale, 'time.yesterday', { time: clock })
        : `${date.format(sent)} ${clock}`;
  const full = new Intl.DateTimeFormat(tag, { ...zone, dateStyle: 'full', timeStyle: 'short' }).format(sent);
  return { label, clock, full, iso: new Date(sent).toISOString() };
}

/**
 * Whether a message shows "(edited)". The rule: a change of its text after it was complete.
 * A member's message is complete once sent, so any later change of its text marks it, as in
 * Discord. The bot writes by editing: "thinking…" turns into text, a queue notice ("⏳ You are
 * number 2 in line") into the answer, a streamed answer grows every second and gets its footer
 * and buttons at the end, an older answer loses Regenerate; Discord would mark every streamed
 * answer "(edited)", which reads as if the bot changed its mind. None of those is a change of a
 * finished message, and the bot makes no other, so its messages are not marked.
 */
export function showsEdited(message) {
  return !message.bot && typeof message.times?.edited === 'number';
}

/**
 * The words of the "replying to" line: the start of the original's text on one line, without
 * code blocks, quote and subtext marks, markdown marks or escapes; mentions as @Name.
 */
export function replyPreview(content, nameOfId = () => 'someone', max = 80) {
  const line = content
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .replace(/^(?:> |-# |#{1,3} )/gm, '')
    .replace(/<@!?(\d+)>/g, (_, id) => `@${nameOfId(id)}`)
    .replace(/\\(.)/g, '$1')
    .replace(/\*\*|__|~~|\|\||[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max).trimEnd()}…`;
}
