import { describe, expect, it } from 'vitest';
import { parseConformArgs } from './conform.js';
import { parseServeArgs } from './serve.js';

describe('chatref serve: control plane flags', () => {
  it('takes --state, --journal and --admin-token, none by default', () => {
    expect(parseServeArgs([])).toMatchObject({ state: undefined, journal: undefined, adminToken: undefined, log: undefined });
    expect(parseServeArgs(['--state', 's.json', '--journal', 'j.jsonl', '--admin-token', 'tok-1'])).toMatchObject({
      state: 's.json',
      journal: 'j.jsonl',
      adminToken: 'tok-1',
    });
    expect(() => parseServeArgs(['--admin-token', 'two words'])).toThrow('--admin-token must be printable ASCII without spaces');
  });

  it('takes --log alone for text lines, or --log json', () => {
    expect(parseServeArgs(['--log']).log).toBe('text');
    expect(parseServeArgs(['--log', '--port', '0'])).toMatchObject({ log: 'text', port: 0 });
    expect(parseServeArgs(['--log', 'json']).log).toBe('json');
    expect(parseServeArgs(['--log=json']).log).toBe('json');
    expect(() => parseServeArgs(['--log=xml'])).toThrow('--log takes json or nothing, not xml');
  });
});

describe('chatref conform: an admin token for the clock', () => {
  const remote = ['--url', 'http://127.0.0.1:9991', '--email', 'o@x', '--api-key', 'k'];

  it('passes --admin-token (and --admin-url) on to the URL target', () => {
    expect(parseConformArgs([...remote, '--admin-token', 'tok']).target).toEqual({
      url: 'http://127.0.0.1:9991',
      email: 'o@x',
      apiKey: 'k',
      adminToken: 'tok',
    });
    expect(parseConformArgs([...remote, '--admin-token', 'tok', '--admin-url', 'http://h:1/ops']).target).toMatchObject({ adminUrl: 'http://h:1/ops' });
  });

  it('refuses them where they cannot apply', () => {
    expect(() => parseConformArgs([...remote, '--admin-url', 'http://h:1/ops'])).toThrow('--admin-url needs --admin-token');
    expect(() => parseConformArgs([...remote, '--admin-token', 't', '--admin-url', 'ftp://h'])).toThrow('--admin-url must start with http:// or https://');
    expect(() => parseConformArgs(['--target', 'model', '--admin-token', 't'])).toThrow('--target model takes no');
  });
});
