import { describe, expect, it } from 'vitest';
import { parseConformArgs } from './conform.js';
import { UsageError } from './usage-error.js';

describe('chatref conform arguments', () => {
  it('carries the JWT secret to the URL target', () => {
    const args = parseConformArgs(['--url', 'http://127.0.0.1:9991', '--email', 'o@example.com', '--api-key', 'k', '--jwt-key', 'secret']);
    expect(args.target).toEqual({ url: 'http://127.0.0.1:9991', email: 'o@example.com', apiKey: 'k', jwtKey: 'secret' });
    expect(parseConformArgs(['--url', 'http://h', '--email', 'o@example.com', '--api-key', 'k']).target).not.toHaveProperty('jwtKey');
  });

  it('refuses a JWT secret for the in-process model, which uses its fixture key', () => {
    expect(() => parseConformArgs(['--target', 'model', '--jwt-key', 'secret'])).toThrow(UsageError);
  });
});
