/** The benches and process tests run the bot with the V8 flags `npm start` uses: one list, two places. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { START_NODE_FLAGS } from '../../../src/localService/harness/botProcess.js';

describe('V8 flags of the bot process', () => {
  it('npm start and npm run start:cluster run node with the flags the benches use', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['start', 'start:cluster'])
      expect(scripts[name]).toContain(`MALLOC_ARENA_MAX=2 exec node ${START_NODE_FLAGS} `);
  });
});
