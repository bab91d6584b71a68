/** METRICS_PORT and METRICS_HOST as src/config.ts validates them. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

const base = { DISCORD_TOKEN: 't', SERVICE_BASE_URL: 'https://api.example.com', SERVICE_API_KEY: 'k' };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe('METRICS_PORT and METRICS_HOST', () => {
  it('are off by default, on 127.0.0.1', () => {
    const loaded = load({ METRICS_PORT: '' });
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    expect(loaded.config.metricsPort).toBeUndefined();
    expect(loaded.config.metricsHost).toBe('127.0.0.1');
  });

  it('take a port (0: any free one) and a host', () => {
    for (const [port, expected] of [
      ['9464', 9464],
      ['0', 0],
      ['65535', 65535],
    ] as const) {
      const loaded = load({ METRICS_PORT: port, METRICS_HOST: '0.0.0.0' });
      if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
      expect(loaded.config.metricsPort).toBe(expected);
      expect(loaded.config.metricsHost).toBe('0.0.0.0');
    }
  });

  it('refuse what is not a port or a host, naming the variable', () => {
    for (const port of ['65536', 'abc', '-1', '1.5']) {
      const loaded = load({ METRICS_PORT: port });
      expect(loaded.ok ? [] : loaded.problems).toEqual([
        'METRICS_PORT must be a port number from 0 to 65535',
      ]);
    }
    const loaded = load({ METRICS_HOST: 'http://x y' });
    expect(loaded.ok ? [] : loaded.problems).toEqual([
      'METRICS_HOST must be a host name or address, e.g. 127.0.0.1 or 0.0.0.0',
    ]);
  });
});
