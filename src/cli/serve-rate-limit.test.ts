import { describe, expect, it } from 'vitest';
import { parseServeArgs } from './serve.js';

describe('chatref serve rate-limit flags', () => {
  it('limits logins but not the API by default; --no-auth-rate-limit and --rate-limit switch them', () => {
    expect(parseServeArgs([])).toMatchObject({ authRateLimit: true, rateLimit: false });
    expect(parseServeArgs(['--no-auth-rate-limit'])).toMatchObject({ authRateLimit: false, rateLimit: false });
    expect(parseServeArgs(['--rate-limit'])).toMatchObject({ authRateLimit: true, rateLimit: true });
  });
});
