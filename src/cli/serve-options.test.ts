import { describe, expect, it } from 'vitest';
import { parseServeArgs } from './serve.js';
import { UsageError } from './usage-error.js';

describe('chatref serve connection options', () => {
  it('default to the server defaults: 10 s grace, 60 s header and request timeouts, 4096 connections, no CORS', () => {
    expect(parseServeArgs([]).connection).toEqual({
      shutdownGraceMs: 10_000,
      headerTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      maxConnections: 4096,
      cors: [],
      zuliprc: undefined,
    });
  });

  it('take seconds with fractions, a connection cap, repeated origins and a zuliprc directory', () => {
    const args = parseServeArgs([
      ...['--grace', '0', '--header-timeout', '0.2', '--request-timeout', '1.5', '--max-connections', '10'],
      ...['--cors', 'http://localhost:5173/', '--cors', '*', '--zuliprc', 'rc'],
    ]);
    expect(args.connection).toEqual({
      shutdownGraceMs: 0,
      headerTimeoutMs: 200,
      requestTimeoutMs: 1500,
      maxConnections: 10,
      cors: ['http://localhost:5173', '*'],
      zuliprc: 'rc',
    });
  });

  it('refuse values that are not what they must be, as usage errors', () => {
    const refusals: [string[], string][] = [
      [['--header-timeout', '0'], '--header-timeout must be a number of seconds above 0 up to 86400, not 0'],
      [['--request-timeout', '1e3'], '--request-timeout must be a number of seconds above 0 up to 86400, not 1e3'],
      [['--grace', 'soon'], '--grace must be a number of seconds up to 86400, not soon'],
      [['--max-connections', '0'], '--max-connections must be a whole number from 1 to 1000000, not 0'],
      [['--cors', 'localhost:5173'], '--cors takes an origin such as http://localhost:5173 (scheme, host and port only), not localhost:5173'],
      [['--cors', 'http://app.test/path'], '--cors takes an origin such as http://localhost:5173 (scheme, host and port only), not http://app.test/path'],
      [['--seed', 'two words'], '--seed must be a number or a word (1 to 200 printable characters, no spaces), not "two words"'],
      [['--seed', ''], '--seed must be a number or a word (1 to 200 printable characters, no spaces), not ""'],
    ];
    for (const [argv, message] of refusals) {
      expect(() => parseServeArgs(argv), argv.join(' ')).toThrow(UsageError);
      expect(() => parseServeArgs(argv), argv.join(' ')).toThrow(message);
    }
    expect(parseServeArgs(['--seed', 'conformance']).seed).toBe('conformance');
    expect(parseServeArgs(['--seed', '42']).seed).toBe('42');
  });
});
