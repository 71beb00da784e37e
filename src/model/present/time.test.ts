import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoMinute } from './time.js';

describe('isoMinute', () => {
  it('formats like toISOString cut to the minute, with +00:00', () => {
    expect(isoMinute(1704067200)).toBe('2024-01-01T00:00+00:00');
    expect(isoMinute(951782400 + 59)).toBe('2000-02-29T00:00+00:00');
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000, max: 253_402_300_799 }), (seconds) => {
        expect(isoMinute(seconds)).toBe(`${new Date(seconds * 1000).toISOString().slice(0, 16)}+00:00`);
      }),
    );
  });
});
