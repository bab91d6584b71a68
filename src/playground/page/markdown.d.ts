// Types of markdown.js for the TypeScript that imports it (its unit tests); the page loads the
// .js itself. The message fields the list's rules read (pageView.ts: messageView).

export interface ListedMessage {
  readonly author: string;
  readonly bot: boolean;
  readonly ephemeral: boolean;
  readonly usedCommand: string | null;
  readonly replyTo: string | null;
  readonly times: { readonly sent: number; readonly edited: number | null };
}

export function markdown(text: string): string;
export const GROUP_WITHIN_MS: number;
export function startsGroup(previous: ListedMessage | undefined, message: ListedMessage): boolean;
export function messageTime(
  sent: number,
  now: number,
  options?: { locale?: string; timeZone?: string },
): { label: string; clock: string; full: string; iso: string };
export function showsEdited(message: Pick<ListedMessage, 'bot' | 'times'>): boolean;
export function replyPreview(content: string, nameOfId?: (id: string) => string, max?: number): string;
