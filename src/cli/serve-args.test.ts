import { describe, expect, it } from 'vitest';
import { parseServeArgs } from './serve.js';

describe('chatref serve --video-provider', () => {
  it('defaults to the fake provider, takes none, and refuses anything else as a usage error', () => {
    expect(parseServeArgs([]).videoProvider).toBe('fake');
    expect(parseServeArgs(['--video-provider', 'none']).videoProvider).toBe('none');
    expect(() => parseServeArgs(['--video-provider', 'zoom'])).toThrow('--video-provider must be fake or none, not zoom');
  });
});
