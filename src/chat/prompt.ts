/**
 * What a member asked, as text the service may receive: the rules for a prompt, and the prompt
 * in a message to the bot (pure; no Discord objects).
 */

/** The longest message the bot takes as a chat prompt (a /ask option or a message to the bot). */
export const PROMPT_MAX_LENGTH = 4000;

/** Whitespace and invisible format characters (zero-width spaces, joiners, direction marks…). */
const NOTHING_VISIBLE = /^[\s\p{Cf}]*$/u;

/** True when a text shows nothing: empty, or only whitespace and invisible characters. */
export function isBlank(text: string): boolean {
  return NOTHING_VISIBLE.test(text);
}

/** A prompt's problem in a sentence, or undefined when it is fine. */
export function promptProblem(
  prompt: string,
  limit = PROMPT_MAX_LENGTH,
  whatToWrite = 'Write something to ask.',
): string | undefined {
  if (isBlank(prompt)) return `Your prompt is empty. ${whatToWrite}`;
  if (prompt.length > limit) return `Your prompt is ${prompt.length} characters; the limit is ${limit}.`;
  return undefined;
}

/** Why a member's message may be for the bot. */
export interface MessageTrigger {
  readonly inDm: boolean;
  readonly mentionsBot: boolean;
  readonly repliesToBot: boolean;
  /** In a thread the bot opened. */
  readonly inBotThread: boolean;
  readonly contentIntent: boolean;
}

/**
 * Without the privileged Message Content intent Discord still delivers the content of DMs and of
 * messages that mention the bot (a reply pings its author by default, which counts); other
 * messages arrive empty, so a thread's plain messages count only with the intent.
 */
export function isForTheBot(trigger: MessageTrigger): boolean {
  return (
    trigger.inDm ||
    trigger.mentionsBot ||
    trigger.repliesToBot ||
    (trigger.inBotThread && trigger.contentIntent)
  );
}

export interface MentionNames {
  user(id: string): string | undefined;
  role(id: string): string | undefined;
}

/**
 * The prompt in a message: the bot's own mentions removed, other members' and roles' mentions
 * turned into their names (the model cannot read ids, and the reply must not ping them back).
 */
export function promptFromMessage(content: string, botId: string, names: MentionNames): string {
  return content
    .replace(new RegExp(`<@!?${botId}>`, 'g'), ' ')
    .replace(/<@!?(\d+)>/g, (_match, id: string) => `@${names.user(id) ?? 'someone'}`)
    .replace(/<@&(\d+)>/g, (_match, id: string) => `@${names.role(id) ?? 'role'}`)
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

export const MENTION_HINT = 'Write your question after the mention, for example: @me what is a monad?';
