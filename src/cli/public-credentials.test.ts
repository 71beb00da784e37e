import { describe, expect, it } from 'vitest';
import { defaultFixtureData } from '../fixtures/load.js';
import { isLoopbackHost, publicCredentialsWarning } from './public-credentials.js';

describe('the public-credentials warning', () => {
  it('knows the loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'chat.example.com', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('warns when the default fixture listens beyond loopback, naming the way out', () => {
    const warning = publicCredentialsWarning('0.0.0.0', defaultFixtureData());
    expect(warning).toContain('0.0.0.0');
    expect(warning).toContain('default fixture');
    expect(warning).toContain('--fixture');
    expect(publicCredentialsWarning('127.0.0.1', defaultFixtureData())).toBeNull();
  });

  it('stays quiet for a fixture with credentials of its own', () => {
    const fixture = defaultFixtureData();
    const own = { ...fixture, users: fixture.users.map((user, index) => ({ ...user, api_key: `OwnKey${String(index).padStart(26, '0')}` })) };
    expect(publicCredentialsWarning('0.0.0.0', own)).toBeNull();
  });
});
