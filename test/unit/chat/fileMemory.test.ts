/** A question's files leave the memory before the question does. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_LEFT_OUT, withoutFileText } from '../../../src/chat/fileMemory.js';
import { selectHistory, type Turn, type UserTurn } from '../../../src/chat/history.js';
import { filesPrompt } from '../../../src/chat/messageContext.js';

const user = (content: string, time = 1): UserTurn => ({
  role: 'user',
  content,
  authorId: 'u',
  authorName: 'Ann',
  time,
});
/** A question with members' files before it, as the bot stores one (marked). */
const withFiles = (content: string, time = 1): UserTurn => ({ ...user(content, time), files: true });
const assistant = (content: string, time = 2): Turn => ({ role: 'assistant', content, time });

describe('withoutFileText', () => {
  it('replaces each file block with a line saying it was left out, and keeps the question and the notes', () => {
    const prompt = filesPrompt(
      [
        { name: 'a.txt', text: 'alpha ``` with a fence inside\n```\nstill a' },
        { name: 'scan.pdf', note: { code: 'noText' } },
        { name: 'long.log', text: 'x'.repeat(5000) },
      ],
      'what changed?',
      2000,
    );
    expect(prompt).toContain('(cut: the first');
    expect(withoutFileText(prompt)).toBe(
      `File a.txt: ${FILE_LEFT_OUT}\n\nFile scan.pdf: not read (it has no text layer (a scan, or only pictures))\n\nFile long.log: ${FILE_LEFT_OUT}\n\nQuestion:\nwhat changed?`,
    );
  });

  it('leaves a question without files alone, whatever it says', () => {
    expect(withoutFileText('what is a file?')).toBeUndefined();
    expect(withoutFileText('File naming rules:\nnone\n\nQuestion:\nok?')).toBeUndefined();
  });

  it('always ends with the same question, and is never longer', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.string({ minLength: 1, maxLength: 20 }),
            text: fc.string({ maxLength: 300 }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.string({ minLength: 1, maxLength: 100 }),
        (files, question) => {
          const prompt = filesPrompt(files, question, 5000);
          const lighter = withoutFileText(prompt) ?? prompt;
          expect(lighter.endsWith(`\n\nQuestion:\n${question}`)).toBe(true);
          expect(lighter.length).toBeLessThanOrEqual(prompt.length);
        },
      ),
    );
  });
});

describe('selectHistory with files', () => {
  it('keeps an older question without its file when the whole does not fit, before dropping anything', () => {
    const withFile = withFiles(
      filesPrompt([{ name: 'big.csv', text: 'r,'.repeat(3000) }], 'sum it', 100_000),
    );
    const previous = [withFile, assistant('It sums to 42.'), user('and doubled?', 3), assistant('84.', 4)];
    const selected = selectHistory(previous, user('thanks', 5), { maxTokens: 200, maxTurns: 40 });
    expect(selected.dropped).toBe(0);
    expect(selected.turns[0]?.content).toBe(`File big.csv: ${FILE_LEFT_OUT}\n\nQuestion:\nsum it`);
    expect(selected.turns.map((turn) => turn.content).slice(1)).toEqual([
      'It sums to 42.',
      'and doubled?',
      '84.',
      'thanks',
    ]);
    // Older files go first: once a newer question's file was left out, an older one's is too.
    const older = withFiles(filesPrompt([{ name: 'old.csv', text: 'o,'.repeat(100) }], 'first', 100_000), 0);
    const both = selectHistory([older, assistant('ok', 0), ...previous], user('thanks', 5), {
      maxTokens: 400,
      maxTurns: 40,
    });
    expect(both.turns.map((turn) => turn.content).slice(0, 3)).toEqual([
      `File old.csv: ${FILE_LEFT_OUT}\n\nQuestion:\nfirst`,
      'ok',
      `File big.csv: ${FILE_LEFT_OUT}\n\nQuestion:\nsum it`,
    ]);
    // A question a member typed in the same shape is not marked: it is never shortened, only dropped.
    const typed = { ...withFile, files: undefined };
    const dropped = selectHistory([typed, ...previous.slice(1)], user('thanks', 5), {
      maxTokens: 200,
      maxTurns: 40,
    });
    expect(dropped.turns.some((turn) => turn.content.includes(FILE_LEFT_OUT))).toBe(false);
    expect(dropped.dropped).toBeGreaterThan(0);
    // With room, the file stays whole.
    expect(selectHistory(previous, user('thanks', 5), { maxTokens: 100_000, maxTurns: 40 }).turns[0]).toBe(
      withFile,
    );
  });
});
