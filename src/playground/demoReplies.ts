/**
 * What the demo service says: a reply chosen by what was asked (code, a list, a long answer that
 * runs past one Discord message, or a short chat reply), and the pieces it is streamed in. Pure,
 * so the playground shows the same kinds of text every time.
 */

const CODE = `Here is a small TypeScript function that does it:

\`\`\`ts
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
\`\`\`

It walks the list once and never copies more than one chunk at a time. \`chunk([1, 2, 3], 2)\` gives \`[[1, 2], [3]]\`.`;

const LIST = `A few things worth knowing:

1. **Streaming** shows the answer as it is written, so nobody stares at an empty message.
2. **Memory** is kept per channel: the next question in this channel sees this answer.
3. **Budgets** let admins cap what the server spends each month (\`/budget\`).

Ask me for code, a list, or something long to see the other kinds of reply.`;

const LONG_PARAGRAPH = `Discord allows 2,000 characters per message, so a long answer continues in a follow-up message once the first one is full. The bot cuts at a paragraph or a line where it can, never inside a word, and keeps code blocks balanced across the cut, so each message reads on its own. `;

function long(prompt: string): string {
  const parts = [`Here is a long answer about "${prompt.slice(0, 60)}".`];
  for (let i = 1; i <= 9; i += 1) parts.push(`**Part ${i}.** ${LONG_PARAGRAPH.repeat(2)}`);
  parts.push('That is the end of the long answer.');
  return parts.join('\n\n');
}

/**
 * The answer to "Ask about this message" (the bot's `About this message from <name> (<link>):`
 * prompt): a short plain reply quoting a few of the message's words, none of the prompt's wording.
 */
function aboutMessage(prompt: string): string {
  const author = /About this message from (.+?) \(\S*\):/.exec(prompt)?.[1] ?? 'its author';
  const fenced = /^(`{3,})\n([\s\S]*?)\n\1$/m.exec(prompt)?.[2] ?? '';
  const words = fenced
    .replace(/[`*_~|>#[\]]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0)
    return `${author}'s message has no text I can read, so there is little to say about it. Ask me about one with some words in it.`;
  const quote = `${words.slice(0, 8).join(' ')}${words.length > 8 ? '…' : ''}`;
  return `${author} wrote "${quote}". In short, the message is about what those words say, in ${words.length === 1 ? 'a single word' : `${words.length} words`}. (This is the playground's demo service: a real model would answer your question about it properly.)`;
}

/** The reply to the last user message of a conversation. */
export function demoReply(prompt: string): string {
  if (prompt.startsWith('About this message from ')) return aboutMessage(prompt);
  const text = prompt.toLowerCase();
  if (/\b(code|function|typescript|javascript|program)\b/.test(text)) return CODE;
  if (/\b(list|steps|ideas|tips)\b/.test(text)) return LIST;
  if (/\b(long|essay|story|explain)\b/.test(text)) return long(prompt);
  return `You said: "${prompt.slice(0, 200)}". This reply comes from the playground's demo service, streamed a few words at a time like a real model. Try asking for code, a list, or something long.`;
}

/** The reply in the pieces a model would stream: a word or two each, whitespace kept. */
export function demoPieces(reply: string): string[] {
  const lead = /^\s*/.exec(reply)?.[0] ?? '';
  const words = reply.slice(lead.length).match(/\S+\s*/g) ?? [];
  const pieces = lead === '' ? [] : [lead];
  for (let i = 0; i < words.length; i += 2) pieces.push(words.slice(i, i + 2).join(''));
  return pieces;
}

/** About four characters a token, as the bot's own estimate. */
export const demoTokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));
