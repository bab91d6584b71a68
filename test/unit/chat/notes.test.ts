import { describe, expect, it } from 'vitest';
import { completionNote, contextText, endingFacts, footerLine } from '../../../src/chat/notes.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { ServiceError } from '../../../src/service/errors.js';
import type { ChatResult } from '../../../src/service/types.js';
import { english } from '../../helpers/english.js';

const result = (overrides: Partial<ChatResult> = {}): ChatResult => ({
  id: null,
  model: 'service-v1-flash',
  text: 'All done.',
  finishReason: 'stop',
  usage: { inputTokens: 10, outputTokens: 3, estimated: false },
  truncated: false,
  ...overrides,
});

describe('the three endings of a turn', () => {
  it('completed: the service text and usage, remembered, a note only when something is off', () => {
    expect(endingFacts(english, { kind: 'completed', result: result() }, 'All do', 100)).toEqual({
      text: 'All done.',
      usage: { inputTokens: 10, outputTokens: 3, estimated: false },
      outcome: 'stop',
      headNote: undefined,
      remembered: true,
    });
    const cut = endingFacts(
      english,
      { kind: 'completed', result: result({ finishReason: 'length' }) },
      '',
      100,
    );
    expect(cut).toMatchObject({
      outcome: 'length',
      headNote: '-# The reply stopped at the max_tokens limit (100).',
    });
    const truncated = endingFacts(
      english,
      { kind: 'completed', result: result({ finishReason: null, truncated: true }) },
      '',
      100,
    );
    expect(truncated.outcome).toBe('truncated');
    expect(truncated.headNote).toMatch(/may be incomplete/);
  });

  it('stopped: the text shown so far, remembered; charged only when the service answered', () => {
    const usage = { inputTokens: 5, outputTokens: 2, estimated: true };
    expect(endingFacts(english, { kind: 'stopped', stoppedBy: 'Ann', usage }, 'partial', 100)).toEqual({
      text: 'partial',
      usage,
      outcome: 'stopped',
      headNote: '-# ⏹️ Stopped by Ann.',
      remembered: true,
    });
    expect(
      endingFacts(english, { kind: 'stopped', stoppedBy: 'Ann', usage: undefined }, '', 100),
    ).toMatchObject({
      usage: undefined,
      headNote: '-# ⏹️ Stopped by Ann before the service answered; nothing was charged.',
    });
  });

  it('failed: charged what broke off, never remembered, the failure said as it is', () => {
    const usage = { inputTokens: 5, outputTokens: 2, estimated: true };
    const error = new ServiceError({ kind: 'interrupted', say: () => 'The connection dropped.', usage });
    expect(endingFacts(english, { kind: 'failed', error, shuttingDown: false }, 'half', 100)).toEqual({
      text: 'half',
      usage,
      outcome: 'interrupted',
      headNote: '-# ⚠️ The connection dropped.',
      remembered: false,
    });
    expect(endingFacts(english, { kind: 'failed', error, shuttingDown: true }, 'half', 100).headNote).toBe(
      `-# ⚠️ ${english.t('chat.restartingCut')}`,
    );
  });
});

describe('notes under a reply', () => {
  it('says an empty reply is empty, and an unusual finish reason', () => {
    expect(completionNote(english, result({ text: '  ' }), 5)).toBe('-# The model returned an empty reply.');
    expect(completionNote(english, result({ finishReason: 'content_filter' }), 5)).toBe(
      '-# The service stopped the reply early (reason: content_filter).',
    );
  });

  it('joins the memory gauge and the cost in one line, whichever are shown', () => {
    expect(footerLine(contextText(english, 63, false), '💰 USD 0.01')).toBe('-# context 63 % · 💰 USD 0.01');
    expect(footerLine(contextText(english, 100, true), undefined)).toBe(
      '-# context 100 % · the oldest messages no longer fit and are being forgotten',
    );
    expect(footerLine(undefined, undefined)).toBeUndefined();
  });

  it("speaks the reader's language", () => {
    const german = createI18n().translator('de');
    const stopped = endingFacts(german, { kind: 'stopped', stoppedBy: 'Ann', usage: undefined }, '', 100);
    expect(stopped.headNote).toBe(`-# ${german.t('chat.stoppedByUncharged', { name: 'Ann' })}`);
    expect(stopped.headNote).not.toBe(
      endingFacts(english, { kind: 'stopped', stoppedBy: 'Ann', usage: undefined }, '', 100).headNote,
    );
    expect(completionNote(german, result({ finishReason: 'length' }), 4096)).toContain('4.096');
  });
});
