/** registerConformanceTests refuses a selection that matches nothing instead of passing vacuously. */
import { describe, expect, it } from 'vitest';
import { registerConformanceTests } from './vitest.js';

describe('registerConformanceTests', () => {
  it('throws while collecting when --only matches no check', () => {
    expect(() => registerConformanceTests({ target: 'model', only: 'no-such-check-anywhere' })).toThrow(/no conformance check matches/);
  });
});
