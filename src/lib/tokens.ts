/**
 * The service does not publish its tokenizer, so every local token figure is an estimate:
 * about 4 characters per token, the usual rule of thumb for English text with BPE tokenizers.
 * Used for history budgets and for usage when the service sends none; never for billing
 * when real `usage` arrived.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
