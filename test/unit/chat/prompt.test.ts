import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isForTheBot,
  languageInstruction,
  promptFromMessage,
  systemMessage,
} from '../../../src/chat/prompt.js';
import { promptProblem } from '../../../src/settings/promptRules.js';

describe('messages to the bot', () => {
  const names = {
    user: (id: string) => (id === '2' ? 'Bob' : undefined),
    role: (id: string) => (id === '9' ? 'mods' : undefined),
  };

  it('strips the bot’s mentions and names everyone else', () => {
    expect(promptFromMessage('<@1> hello <@!1>', '1', names)).toBe('hello');
    expect(promptFromMessage('<@1> ask <@2> and <@3> in <@&9>', '1', names)).toBe(
      'ask @Bob and @someone in @mods',
    );
    expect(promptFromMessage('  <@1>  ', '1', names)).toBe('');
    expect(promptFromMessage('line one\n<@1> line two', '1', names)).toBe('line one\n line two');
  });

  it('never leaves a raw user or role mention in a prompt', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('<@1>', '<@!2>', '<@&9>', '<@3>'))),
        (parts) => {
          expect(promptFromMessage(parts.join(' '), '1', names)).not.toMatch(/<@[!&]?\d+>/);
        },
      ),
    );
  });

  it('answers DMs, mentions and replies; thread messages only with the intent', () => {
    const none = {
      inDm: false,
      mentionsBot: false,
      repliesToBot: false,
      inBotThread: false,
      contentIntent: false,
    };
    expect(isForTheBot(none)).toBe(false);
    expect(isForTheBot({ ...none, inDm: true })).toBe(true);
    expect(isForTheBot({ ...none, mentionsBot: true })).toBe(true);
    expect(isForTheBot({ ...none, repliesToBot: true })).toBe(true);
    expect(isForTheBot({ ...none, inBotThread: true })).toBe(false);
    expect(isForTheBot({ ...none, inBotThread: true, contentIntent: true })).toBe(true);
  });
});

describe('the system message', () => {
  it('is the system prompt alone unless the server answers in the member language', () => {
    expect(systemMessage('system', 'Be brief.', undefined)).toEqual({ role: 'system', content: 'Be brief.' });
    expect(systemMessage('user', undefined, undefined)).toBeUndefined();
  });

  it('names the member language in English for the model', () => {
    expect(languageInstruction('de')).toMatch(/^Answer in German\b/);
    expect(languageInstruction('pt-BR')).toMatch(/^Answer in Brazilian Portuguese\b/);
    const both = systemMessage('system', 'Be brief.', 'fr');
    expect(both?.content).toBe(`Be brief.\n\n${languageInstruction('fr')}`);
    expect(systemMessage('user', undefined, 'ja')).toEqual({
      role: 'user',
      content: languageInstruction('ja'),
    });
  });
});

describe('prompt problems', () => {
  it('are catalog keys, said in the reader words', () => {
    expect(promptProblem('  ')).toEqual({ key: 'chat.promptEmpty' });
    expect(promptProblem('abcd', 3)).toEqual({ key: 'chat.promptTooLong', values: { length: 4, limit: 3 } });
    expect(promptProblem('fine')).toBeUndefined();
  });
});

describe('the language line for a malformed locale', () => {
  it('names it as given instead of failing the request', () => {
    expect(languageInstruction('en_US')).toContain('Answer in en_US');
  });
});
