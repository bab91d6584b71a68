/**
 * A member's name as the bot writes it into a message others read (who stopped a reply, who
 * reset a conversation, whose message Ask about this message is about): shown as typed, never as
 * Discord markdown. A display name or nickname is free text, so `[free nitro](https://evil)`
 * would be a masked link under the bot's name, `**`, `__`, `~~`, `||` and backticks would format,
 * `# ` or `-# ` a heading or subtext, `> ` a quote, `<@&id>`, `<#id>` or `<t:…>` a mention,
 * channel or timestamp, and `@everyone` would look like the everyone mention (no message pings:
 * messages.ts sends no allowed mentions).
 *
 * Every character that can start any of these gets a backslash, which Discord shows as the
 * character itself (its markdown reads `\` before any punctuation as that character): `\`, `*`,
 * `_`, `~`, `|`, a backtick, `[`, `]`, `<`, `>` and `#` wherever they are, `@` before `everyone`
 * or `here`, and a list marker (`-`, `+`, `1.`) at the start. discord.js's escapeMarkdown leaves
 * masked links, headings, subtext, quotes and mentions alone unless told, so the bot keeps its
 * own list, complete for names (`test/unit/reply/names.test.ts` checks that what Discord
 * shows is exactly the name). Line breaks and tabs become spaces: a name is one line.
 */

/** Characters that format, link or mention wherever they stand. */
const ANYWHERE = /[\\*_~|`[\]<>#]/g;
/** A list item's marker at the start (the name is trimmed: nothing before it). */
const LIST_START = /^(?:([-+])|(\d+)\.)(?= )/;

export function shownName(name: string): string {
  return name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ANYWHERE, '\\$&')
    .replace(/@(everyone|here)/g, '\\@$1')
    .replace(LIST_START, (_match, marker?: string, digits?: string) =>
      marker !== undefined ? `\\${marker}` : `${digits}\\.`,
    );
}
