import { describe, expect, it } from 'vitest';
import { parseServeArgs } from './serve.js';

describe('chatref serve --video-provider', () => {
  it('defaults to the fake provider, takes none, and refuses anything else as a usage error', () => {
    expect(parseServeArgs([]).videoProvider).toBe('fake');
    expect(parseServeArgs(['--video-provider', 'none']).videoProvider).toBe('none');
    expect(() => parseServeArgs(['--video-provider', 'zoom'])).toThrow('--video-provider must be fake or none, not zoom');
  });
});

describe('chatref serve --feature-level', () => {
  it('takes a level from 185 to the newest, and refuses anything else as a usage error', () => {
    expect(parseServeArgs([]).featureLevel).toBeUndefined();
    expect(parseServeArgs(['--feature-level', '185']).featureLevel).toBe(185);
    expect(parseServeArgs(['--feature-level', '496']).featureLevel).toBe(496);
    expect(() => parseServeArgs(['--feature-level', '184'])).toThrow('--feature-level: chatref serves feature levels 185 (Zulip 7.0) to 496, got 184');
    expect(() => parseServeArgs(['--feature-level', '9.0'])).toThrow('--feature-level: a feature level is a number, got "9.0"');
  });
});
