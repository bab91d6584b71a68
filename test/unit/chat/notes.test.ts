import { describe, expect, it } from 'vitest';
import { completionNote, contextText, endingFacts, footerLine, RESTARTING } from '../../../src/chat/notes.js';
import { ServiceError } from '../../../src/service/errors.js';
import type { ChatResult } from '../../../src/service/types.js';

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
    expect(endingFacts({ kind: 'completed', result: result() }, 'All do', 100)).toEqual({
      text: 'All done.',
      usage: { inputTokens: 10, outputTokens: 3, estimated: false },
      outcome: 'stop',
      headNote: undefined,
      remembered: true,
    });
    const cut = endingFacts({ kind: 'completed', result: result({ finishReason: 'length' }) }, '', 100);
    expect(cut).toMatchObject({
      outcome: 'length',
      headNote: '-# The reply stopped at the max_tokens limit (100).',
    });
    const truncated = endingFacts(
      { kind: 'completed', result: result({ finishReason: null, truncated: true }) },
      '',
      100,
    );
    expect(truncated.outcome).toBe('truncated');
    expect(truncated.headNote).toMatch(/may be incomplete/);
  });

  it('stopped: the text shown so far, remembered; charged only when the service answered', () => {
    const usage = { inputTokens: 5, outputTokens: 2, estimated: true };
    expect(endingFacts({ kind: 'stopped', stoppedBy: 'Ann', usage }, 'partial', 100)).toEqual({
      text: 'partial',
      usage,
      outcome: 'stopped',
      headNote: '-# ⏹️ Stopped by Ann.',
      remembered: true,
    });
    expect(endingFacts({ kind: 'stopped', stoppedBy: 'Ann', usage: undefined }, '', 100)).toMatchObject({
      usage: undefined,
      headNote: '-# ⏹️ Stopped by Ann before the service answered; nothing was charged.',
    });
  });

  it('failed: charged what broke off, never remembered, the failure said as it is', () => {
    const usage = { inputTokens: 5, outputTokens: 2, estimated: true };
    const error = new ServiceError({ kind: 'interrupted', userMessage: 'The connection dropped.', usage });
    expect(endingFacts({ kind: 'failed', error, shuttingDown: false }, 'half', 100)).toEqual({
      text: 'half',
      usage,
      outcome: 'interrupted',
      headNote: '-# ⚠️ The connection dropped.',
      remembered: false,
    });
    expect(endingFacts({ kind: 'failed', error, shuttingDown: true }, 'half', 100).headNote).toBe(
      `-# ⚠️ ${RESTARTING}`,
    );
  });
});

describe('notes under a reply', () => {
  it('says an empty reply is empty, and an unusual finish reason', () => {
    expect(completionNote(result({ text: '  ' }), 5)).toBe('-# The model returned an empty reply.');
    expect(completionNote(result({ finishReason: 'content_filter' }), 5)).toBe(
      '-# The service stopped the reply early (reason: content_filter).',
    );
  });

  it('joins the memory gauge and the cost in one line, whichever are shown', () => {
    expect(footerLine(contextText(63, false), '💰 USD 0.01')).toBe('-# context 63 % · 💰 USD 0.01');
    expect(footerLine(contextText(100, true), undefined)).toBe(
      '-# context 100 % · the oldest messages no longer fit and are being forgotten',
    );
    expect(footerLine(undefined, undefined)).toBeUndefined();
  });
});
