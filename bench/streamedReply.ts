/** The long reply the streaming benches have the fake service stream, and how it shows on Discord. */

export function replyText(tokens: number): string {
  const words = ['the', 'quick', 'model', 'writes', 'text', 'that', 'grows', 'into', 'long', 'answer'];
  const out: string[] = [];
  for (let i = 0; i < tokens; i += 1) {
    // About four characters per token; a paragraph break every 80 tokens.
    out.push(i % 80 === 79 ? 'end.\n\n' : `${words[i % words.length]} `);
  }
  return out.join('');
}

/** The reply without the context and cost line our bot adds under it (not streamed text). */
export function withoutCostLine(content: string): string {
  return content.replace(/\n\n-# (context|💰)[^\n]*$/, '');
}
