/**
 * The message that shows a generation's images, in the server's layout: classic, the quoted
 * prompt and the lines under it with the images attached and Reroll under the message; V2, a card
 * with the quoted prompt, the images in a gallery with the prompt as their alt text (the service's
 * links too, where the bot may not attach files: Discord shows them), and the lines under them as
 * small text with Reroll beside it.
 */
import type { APIActionRowComponent, APIButtonComponent, APIComponentInMessageActionRow } from 'discord.js';
import type { CardMedia, Layout } from '../reply/layout.js';
import type { ReplyFile } from '../reply/sink.js';
import type { OutgoingMessage } from '../reply/webhook.js';

/** Discord's most characters in a classic message, and what the lines keep in a V2 card. */
const TEXT_MAX = 2000;

export interface ShownResult {
  /** The prompt, quoted and shortened. */
  readonly prompt: string;
  /** The result line, links and notes, each a line. */
  readonly lines: readonly string[];
  readonly files: readonly ReplyFile[];
  /** The service's links shown instead of files ('' where an image has none). */
  readonly links: readonly string[];
}

/** The images (uploads by name, then links) as a gallery's items, each with the prompt as alt text. */
export function galleryOf(
  files: readonly ReplyFile[],
  links: readonly string[],
  prompt: string,
): CardMedia[] {
  return [
    ...files.map((file) => ({ name: file.name, description: prompt })),
    ...links
      .filter((url) => url !== '')
      .map((url, i) => ({ name: `link-${i + 1}`, url, description: prompt })),
  ];
}

export function resultMessage(
  layout: Layout | undefined,
  prompt: string,
  shown: ShownResult,
  reroll: APIActionRowComponent<APIComponentInMessageActionRow>,
): OutgoingMessage {
  if (layout !== 'v2')
    return {
      content: [shown.prompt, ...shown.lines].join('\n').slice(0, TEXT_MAX),
      files: shown.files,
      components: [reroll],
    };
  return {
    content: shown.prompt,
    files: shown.files,
    components: [],
    layout,
    card: {
      gallery: galleryOf(shown.files, shown.links, prompt),
      caption: shown.lines.join('\n').slice(0, TEXT_MAX),
      captionButton: reroll.components[0] as APIButtonComponent,
    },
  };
}
