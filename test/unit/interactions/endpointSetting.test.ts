/** The start-up check of the application's Interactions Endpoint URL against this process's transport. */
import { describe, expect, it } from 'vitest';
import { checkEndpointSetting } from '../../../src/interactions/endpointSetting.js';

function run(url: string | null, endpointConfigured: boolean, gateway = true) {
  const lines: string[] = [];
  const logger = {
    warn: (...args: unknown[]) => void lines.push(`warn ${String(args.at(-1))}`),
    info: (...args: unknown[]) => void lines.push(`info ${String(args.at(-1))}`),
  };
  const rest = { get: async () => ({ id: '1', interactions_endpoint_url: url }) };
  return checkEndpointSetting(rest, endpointConfigured, logger, gateway).then(() => lines);
}

describe('the Interactions Endpoint URL check', () => {
  it('warns a gateway-only bot whose commands go to a URL instead', async () => {
    expect(await run('https://bot.example/interactions', false)).toEqual([
      expect.stringMatching(/^warn .*sends every command there, not over the gateway/),
    ]);
  });
  it('warns a worker without the gateway whose application has no URL yet (with it, only notes it), and notes a match', async () => {
    expect(await run(null, true, false)).toEqual([
      expect.stringMatching(/^warn GATEWAY=off .*no command reaches/),
    ]);
    expect(await run(null, true)).toEqual([
      expect.stringMatching(/^info no Interactions Endpoint URL saved yet/),
    ]);
    expect(await run('https://bot.example/interactions', true)).toEqual([
      'info interactions arrive over HTTPS',
    ]);
    expect(await run('', false)).toEqual([]);
  });
});
