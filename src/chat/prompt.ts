/**
 * What a member asked, as text the service may receive: the rules for a prompt, the prompt in a
 * message to the bot, and the system message sent before the conversation (pure; no Discord
 * objects).
 */
import type { ChatMessage } from '../service/types.js';

/**
 * The line asking the model to answer in the member's language (the server's "answer in the
 * member's language"), the language named in English for the model, e.g. "German" for `de`.
 */
export function languageInstruction(locale: string): string {
  let language = locale;
  try {
    language = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    // Not a well-formed language tag (Discord sends well-formed ones): named as given.
  }
  return `Answer in ${language}, the language of the member you are talking to, unless they ask for another.`;
}

/**
 * The system message before the conversation: the system prompt, then (with `answerIn`, the
 * member's locale) the language line; undefined when neither applies.
 */
export function systemMessage(
  role: ChatMessage['role'],
  systemPrompt: string | undefined,
  answerIn: string | undefined,
): ChatMessage | undefined {
  const lines = [systemPrompt, answerIn && languageInstruction(answerIn)].filter(Boolean);
  return lines.length > 0 ? { role, content: lines.join('\n\n') } : undefined;
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
