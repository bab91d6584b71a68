/**
 * A question's files in the channel's memory (pure): a file's text enters the conversation once,
 * as a fenced block named `File <name>:` before the question (messageContext.ts filesPrompt).
 * When an older turn no longer fits the history budget, its files' text goes first: each block
 * becomes a line saying it was left out, and the question stays (history.ts selectHistory).
 */

/** What stands in a turn for a file whose text no longer fits the memory. */
export const FILE_LEFT_OUT = '(its text was left out of the memory: no room)';

// A file's block: its title line, then a fence longer than any backtick run in the text (so its
// closing fence is the first line of exactly it), then an optional cut note.
const FILE_BLOCK = /^(File [^\n]*?):\n(`{3,})\n[\s\S]*?\n\2(?!`)(?:\n\(cut: [^\n)]*\))?$/gm;
const QUESTION = '\n\nQuestion:\n';

/**
 * The turn's content with every file's text replaced by FILE_LEFT_OUT (where that is shorter), or
 * undefined when it has no such block before its question. Asked only of turns marked as
 * carrying files (UserTurn.files), so a question a member typed in this shape is never shortened.
 */
export function withoutFileText(content: string): string | undefined {
  const at = content.lastIndexOf(QUESTION);
  if (at === -1 || !content.startsWith('File ')) return undefined;
  const files = content.slice(0, at);
  let found = false;
  const stripped = files.replace(FILE_BLOCK, (block: string, title: string) => {
    const line = `${title}: ${FILE_LEFT_OUT}`;
    // A block shorter than the line saying it was left out stays.
    if (line.length >= block.length) return block;
    found = true;
    return line;
  });
  return found ? `${stripped}${content.slice(at)}` : undefined;
}
