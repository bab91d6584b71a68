import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createLayoutFallback } from '../../../src/discord/layoutFallback.js';
import { keepingLayouts } from '../../../src/discord/layoutKeeping.js';
import { buttonRow } from '../../../src/reply/buttons.js';
import { LayoutRefused } from '../../../src/reply/layout.js';
import type { InteractionWebhook, OutgoingMessage } from '../../../src/reply/webhook.js';

/** Discord's answer to a card it does not take (Invalid Form Body naming the components). */
const refusal = () =>
  new DiscordAPIError(
    { code: 50035, message: 'Invalid Form Body', errors: { components: { _errors: [] } } },
    50035,
    400,
    'PATCH',
    '/webhooks/app/token/messages/@original',
    { body: {} },
  );

/** An interaction's webhook as Discord would answer it: cards refused while `refusing` says so. */
function recordingWebhook(refusing: { cards: boolean }) {
  const writes: { what: string; message: OutgoingMessage }[] = [];
  const refusals: (string | undefined)[] = [];
  let next = 0;
  const answer = <T>(what: string, message: OutgoingMessage, result: T): Promise<T> => {
    if (refusing.cards && message.layout === 'v2') return Promise.reject(refusal());
    writes.push({ what, message });
    return Promise.resolve(result);
  };
  const webhook: InteractionWebhook = {
    editOriginal: (message) => answer('original', message, 'original-id'),
    followUp: (message) => answer('follow-up', message, `follow-up-${++next}`),
    editFollowUp: (id, message) => answer(`edit ${id}`, message, undefined),
    async withdraw(content, _offer, layout) {
      if (refusing.cards && layout === 'v2') throw refusal();
      refusals.push(layout);
      writes.push({ what: 'refusal', message: { content, layout } });
    },
  };
  return { webhook, writes, refusals };
}

function setUp(refusing = { cards: false }) {
  const logged: unknown[] = [];
  let counted = 0;
  const fallback = createLayoutFallback({
    logger: { warn: (...args: unknown[]) => logged.push(args) },
    metrics: { componentsRefused: () => (counted += 1) },
  });
  const inner = recordingWebhook(refusing);
  return { ...inner, kept: keepingLayouts(inner.webhook, fallback), logged, counted: () => counted };
}

const reroll = buttonRow('Reroll', '🎲', 'imagine:reroll:1');

describe('keepingLayouts: a message keeps the layout it was first written in', () => {
  it('a card stays a card for every later writer, with the buttons it last had', async () => {
    const { kept, writes } = setUp();
    await kept.editOriginal({ content: 'streaming', components: [reroll], layout: 'v2' });
    // The error boundary writes classic, leaving the buttons: the card is written as a card.
    await kept.editOriginal({ content: 'it failed' });
    await kept.editOriginal({ content: 'again', components: [] });
    expect(writes.map((write) => [write.message.layout, write.message.components])).toEqual([
      ['v2', [reroll]],
      ['v2', [reroll]],
      ['v2', []],
    ]);
  });

  it('a card Discord refuses goes out classic, its line and links in the text and its button in a row; the rest too; logged once, counted each time', async () => {
    const refusing = { cards: true };
    const { kept, writes, logged, counted } = setUp(refusing);
    const image: OutgoingMessage = {
      content: '> a fox',
      components: [],
      layout: 'v2',
      card: {
        gallery: [{ name: 'link-1', url: 'https://cdn.example/1.png', description: 'a fox' }],
        caption: '-# 1 image · 1024x1024',
        captionButton: reroll.components[0] as never,
      },
    };
    await kept.editOriginal(image);
    expect(writes).toEqual([
      {
        what: 'original',
        message: {
          content: '> a fox\nhttps://cdn.example/1.png\n-# 1 image · 1024x1024',
          components: [reroll],
          layout: 'classic',
          card: undefined,
        },
      },
    ]);
    expect(kept.layoutRefused?.()).toBe(true);
    // Later messages are classic without asking Discord again, their cards flattened the same way.
    refusing.cards = false;
    await kept.followUp({ content: 'more', layout: 'v2' });
    expect(writes.at(-1)?.message.layout).toBe('classic');
    await kept.followUp({ ...image, content: '> again' });
    expect(writes.at(-1)?.message).toMatchObject({
      content: '> again\nhttps://cdn.example/1.png\n-# 1 image · 1024x1024',
      components: [reroll],
      layout: 'classic',
    });
    expect(logged).toHaveLength(1);
    expect(counted()).toBe(1);
  });

  it('a refused card too long for a classic message is left to the renderer to cut again', async () => {
    const { kept } = setUp({ cards: true });
    await expect(kept.editOriginal({ content: 'x'.repeat(2001), layout: 'v2' })).rejects.toBeInstanceOf(
      LayoutRefused,
    );
    expect(kept.layoutRefused?.()).toBe(true);
  });

  it('a refusal card Discord refuses is said again classic', async () => {
    const { kept, refusals } = setUp({ cards: true });
    await kept.withdraw('⛔ over the cap', undefined, 'v2');
    expect(refusals).toEqual(['classic']);
  });
});
