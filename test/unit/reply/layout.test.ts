import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regenerateControls, stopControls } from '../../../src/chat/controls.js';
import { componentsText, messageWriteRefusal } from '../../../src/localDiscord/componentRules.js';
import type { LocalAttachment } from '../../../src/localDiscord/model.js';
import { buttonRow } from '../../../src/reply/buttons.js';
import {
  type Card,
  cardComponents,
  cardProblems,
  cardText,
  IS_COMPONENTS_V2,
  textParts,
  V2_LIMITS,
} from '../../../src/reply/layout.js';
import { questionHead } from '../../../src/reply/quote.js';
import { fenceAfter, pieceText, splitMessage, withNote } from '../../../src/reply/split.js';
import { english } from '../../helpers/english.js';

const textBlocks = (text: string) => textParts(text).map((part) => part.content);

import { loadSpecCopy, schemaProblems } from '../../helpers/jsonSchema.js';

const spec = loadSpecCopy();
/** Every operation a V2 message is written with, by Discord's OpenAPI description. */
const WRITES = ['create_message', 'update_message', 'execute_webhook', 'update_webhook_message'] as const;

function specProblems(body: object): string[] {
  return WRITES.flatMap((operation) =>
    schemaProblems(spec, spec.operations[operation]?.requestSchema ?? {}, body).map(
      (problem) => `${operation}: ${problem}`,
    ),
  );
}

const upload = (name: string): LocalAttachment => ({
  id: name,
  filename: name,
  size: 1,
  contentType: 'image/png',
  data: Buffer.alloc(1),
});

describe('textBlocks: a message text as its text displays', () => {
  it('the quoted question, the body and the small note lines, each its own display', () => {
    const text = `${questionHead('what is 2+2?')}It is **4**.\n\n-# 12 tokens · $0.01`;
    expect(textBlocks(text)).toEqual(['> what is 2+2?', 'It is **4**.\n', '-# 12 tokens · $0.01']);
  });

  it('a `-#` line inside an open code block is code, not a note', () => {
    const text = 'Here:\n```md\n-# a heading in markdown';
    expect(textBlocks(text)).toEqual([text]);
  });

  it('drops empty parts; a text of blanks has no display', () => {
    expect(textBlocks('just text')).toEqual(['just text']);
    expect(textBlocks('  \n ')).toEqual([]);
    expect(textBlocks('\n-# only a note')).toEqual(['-# only a note']);
  });

  it('finds the parts by scanning, as splitting the text into lines would (property, against that model)', () => {
    const piece = fc.constantFrom(
      'a',
      ' ',
      '\n',
      '\n\n',
      '> ',
      '>',
      '-# ',
      '-#',
      '```',
      '```ts\n',
      '\n```\n',
      '#',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('')),
        (text) => {
          expect(textParts(text)).toEqual(splitParts(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

/** The parts as the lines of the text give them: the model textParts is checked against. */
function splitParts(text: string): { id: number; content: string }[] {
  const lines = text.split('\n');
  let start = 0;
  while (start < lines.length && (lines[start] as string).startsWith('> ')) start += 1;
  let end = lines.length;
  while (end > start && (lines[end - 1] as string).startsWith('-# ')) end -= 1;
  while (end < lines.length && fenceAfter(lines.slice(start, end).join('\n')) !== null) end += 1;
  return [
    { id: 2, content: lines.slice(0, start).join('\n') },
    { id: 3, content: lines.slice(start, end).join('\n') },
    { id: 4, content: lines.slice(end).join('\n') },
  ].filter((part) => part.content.trim() !== '');
}

describe('cardComponents: one container with the text, media and buttons', () => {
  it('an answer: its text displays, then Stop inside the card', () => {
    const controls = stopControls(english, 'stop-1');
    const [card] = cardComponents({ text: '> hi\nHello!', controls });
    // Each part has its id, the same in every edit (an edit replaces what it had).
    expect(card).toEqual({
      type: 17,
      id: 1,
      components: [
        { type: 10, id: 2, content: '> hi' },
        { type: 10, id: 3, content: 'Hello!' },
        ...controls.map((row) => ({ ...row, id: 20 })),
      ],
    });
    const [final] = cardComponents({ text: '> hi\nHello, world!\n\n-# 12 tokens', controls: [] });
    expect((final as { components: { id: number }[] }).components.map((part) => part.id)).toEqual([2, 3, 4]);
  });

  it('images: a gallery of uploads with alt text (shortened to 1,024), the caption with a button beside it', () => {
    const prompt = `a cat ${'very '.repeat(400)}`;
    const reroll = buttonRow('Reroll', '🎲', 'imagine:reroll:1').components[0];
    const [card] = cardComponents({
      text: '> a cat',
      gallery: [
        { name: 'image-1.png', description: prompt },
        { name: 'x', url: 'https://cdn.example/x.png' },
      ],
      caption: '-# 1 image · 1024x1024',
      ...(reroll?.type === 2 && 'custom_id' in reroll && { captionButton: reroll }),
    });
    const items = (
      card as { components: { type: number; items?: { media: { url: string }; description?: string }[] }[] }
    ).components[1]?.items;
    expect(items?.map((item) => item.media.url)).toEqual([
      'attachment://image-1.png',
      'https://cdn.example/x.png',
    ]);
    expect(items?.[0]?.description?.length).toBe(V2_LIMITS.altText);
    expect(items?.[0]?.description?.endsWith('…')).toBe(true);
    expect((card as { components: unknown[] }).components[2]).toMatchObject({
      type: 9,
      components: [{ type: 10, content: '-# 1 image · 1024x1024' }],
      accessory: { type: 2, custom_id: 'imagine:reroll:1' },
    });
  });

  it('an empty message still holds a component; cardText reads the displays back', () => {
    expect(cardComponents({ text: ' ' })).toEqual([
      { type: 17, id: 1, components: [{ type: 10, id: 3, content: '…' }] },
    ]);
    expect(cardText(cardComponents({ text: '> q\nanswer\n\n-# note' }))).toBe('> q\nanswer\n\n-# note');
  });

  it('cardProblems names what Discord would refuse', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({
      type: 1,
      components: Array.from({ length: 5 }, (_, j) => ({
        type: 2,
        style: 2,
        label: 'x',
        custom_id: `b${i}-${j}`,
      })),
    }));
    expect(cardProblems([{ type: 17, components: rows }])).toContain('49 components');
    expect(
      cardProblems([
        { type: 10, content: 'x'.repeat(2001) },
        { type: 10, content: 'y'.repeat(2000) },
      ]),
    ).toEqual(['4001 characters of text']);
    const items = Array.from({ length: 11 }, () => ({
      media: { url: 'attachment://a' },
      description: 'd'.repeat(1025),
    }));
    expect(cardProblems([{ type: 12, items }])).toContain('components[0]: 11 items');
    expect(cardProblems([{ type: 12, items }])).toContain('components[0]: alt text of 1025');
    expect(cardProblems([{ type: 2, custom_id: 'x'.repeat(101) }])).toEqual([
      'components[0]: custom id of 101',
    ]);
  });
});

// Random answers as the renderer cuts them, with the question on top and a note under the last,
// Stop or Regenerate inside, and random galleries: every card is within Discord's limits, by our
// own check, by the local Discord's rules, and by Discord's OpenAPI description.
const piece = fc.constantFrom(
  'a',
  'é',
  '😀',
  ' ',
  '\n',
  '\n\n',
  '```ts\n',
  '\n```\n',
  '**',
  '-# ',
  '> ',
  '@everyone ',
  'word ',
  'x'.repeat(300),
);

describe('every V2 card the bot builds fits Discord (property)', () => {
  it('answers of any length, cut at 4,000 characters, with a question, notes and buttons', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 1500, size: 'max' }).map((parts) => parts.join('')),
        fc.string({ maxLength: 300 }),
        fc.option(fc.string({ minLength: 1, maxLength: 200 }).map((note) => `-# ${note}`)),
        fc.boolean(),
        (answer, question, note, streaming) => {
          const head = questionHead(question || 'q');
          const pieces = splitMessage(head + withNote(answer, note ?? undefined), V2_LIMITS.text).map(
            pieceText,
          );
          const controls = streaming
            ? stopControls(english, 'x'.repeat(60))
            : regenerateControls(english, '1'.repeat(19), '2'.repeat(36));
          for (const text of pieces) {
            const components = cardComponents({ text, controls });
            expect(cardProblems(components)).toEqual([]);
            const body = { flags: IS_COMPONENTS_V2, components, allowed_mentions: { parse: [] } };
            expect(messageWriteRefusal(body, [])).toBeUndefined();
            expect(specProblems(body)).toEqual([]);
            // What a reader reads is the text the renderer cut (but for blank lines between parts).
            expect(componentsText(components).replace(/\s+/g, '')).toBe(text.replace(/\s+/g, '') || '…');
          }
        },
      ),
      // Not shrunk: a failure among thousands of characters would take minutes to shrink.
      { numRuns: 50, endOnFailure: true },
    );
  });

  it('images: 1-10 uploads or links with any prompt as alt text, a caption and Reroll', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.string({ minLength: 1, maxLength: 4000, size: 'max' }),
        fc.array(fc.string({ minLength: 1, maxLength: 120 }), { maxLength: 6 }),
        fc.boolean(),
        (n, prompt, notes, links) => {
          const names = Array.from({ length: n }, (_, i) => `image-${i + 1}.png`);
          const card: Card = {
            text: `> ${prompt.slice(0, 1200)}`,
            gallery: names.map((name) =>
              links
                ? { name, url: `https://cdn.example/${name}`, description: prompt }
                : { name, description: prompt },
            ),
            caption: ['-# 4 images · 1024x1024 · image-v1 · $0.16', ...notes].join('\n'),
            controls: [buttonRow('Reroll', '🎲', `imagine:reroll:${'r'.repeat(36)}`)],
          };
          const components = cardComponents(card);
          expect(cardProblems(components)).toEqual([]);
          const body = { flags: IS_COMPONENTS_V2, components, allowed_mentions: { parse: [] } };
          expect(messageWriteRefusal(body, links ? [] : names.map(upload))).toBeUndefined();
          expect(specProblems(body)).toEqual([]);
        },
      ),
      { numRuns: 150, endOnFailure: true },
    );
  });
});
