/** The dashboard's settings: off by default, the client secret required with a port, URLs checked. */
import { describe, expect, it } from 'vitest';
import { configSecrets, loadConfig } from '../../../src/config.js';

const valid = { DISCORD_TOKEN: 't', SERVICE_BASE_URL: 'https://api.example.com', SERVICE_API_KEY: 'k' };
const problems = (env: Record<string, string>) => {
  const loaded = loadConfig({ ...valid, ...env });
  return loaded.ok ? [] : loaded.problems;
};

describe('dashboard settings', () => {
  it('is off unless DASHBOARD_PORT is set, on 127.0.0.1', () => {
    const loaded = loadConfig(valid);
    expect(loaded.ok && loaded.config.dashboard).toEqual({
      port: undefined,
      host: '127.0.0.1',
      publicUrl: undefined,
      clientSecret: undefined,
      trustedProxies: [],
    });
  });
  it('needs the client secret with a port, and keeps it out of logs', () => {
    expect(problems({ DASHBOARD_PORT: '8787' })).toEqual([
      'DISCORD_CLIENT_SECRET is required with DASHBOARD_PORT (the OAuth2 client secret, for Login with Discord)',
    ]);
    const loaded = loadConfig({
      ...valid,
      DASHBOARD_PORT: '8787',
      DISCORD_CLIENT_SECRET: 'client-secret-value',
      PUBLIC_URL: 'https://bot.example.com/',
    });
    if (!loaded.ok) throw new Error(loaded.problems.join());
    expect(loaded.config.dashboard).toMatchObject({ port: 8787, publicUrl: 'https://bot.example.com' });
    expect(configSecrets(loaded.config)).toContain('client-secret-value');
  });
  it('trusts X-Forwarded-For only from the proxies DASHBOARD_TRUSTED_PROXY lists', () => {
    const loaded = loadConfig({
      ...valid,
      DASHBOARD_TRUSTED_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback',
    });
    if (!loaded.ok) throw new Error(loaded.problems.join());
    expect(loaded.config.dashboard.trustedProxies).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const value of ['true', '*', '10.0.0.0/33', '127.0.0.1,', 'proxy.example', '10.0.0.0/8/1'])
      expect(problems({ DASHBOARD_TRUSTED_PROXY: value }), value).toEqual([
        "DASHBOARD_TRUSTED_PROXY must list the reverse proxy's addresses, comma-separated: IPs, CIDR ranges, or loopback, linklocal, uniquelocal (e.g. 127.0.0.1 or 10.0.0.0/8)",
      ]);
  });
  it('refuses a bad port, host or public URL, one line each, without the value', () => {
    expect(
      problems({
        DASHBOARD_PORT: '70000',
        DASHBOARD_HOST: 'a b',
        PUBLIC_URL: 'ftp://x',
        DISCORD_CLIENT_SECRET: 's',
      }),
    ).toEqual([
      'DASHBOARD_PORT must be a port number from 0 to 65535',
      'DASHBOARD_HOST must be a host name or address, e.g. 127.0.0.1 or 0.0.0.0',
      'PUBLIC_URL must be the http(s) address the dashboard is reached at, e.g. https://bot.example.com',
    ]);
  });
});
