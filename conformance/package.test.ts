/** The suite as users import it: the built package's `chatref/conformance` entry, ESM and CJS. */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The built entry by name; its declarations are built only when packing, so its types are the source's.
const ENTRY: string = 'chatref/conformance';

describe("the package's chatref/conformance entry", () => {
  it('runs checks against the model from the ESM build and formats the report', async () => {
    const suite = (await import(ENTRY)) as typeof import('./index.js');
    const report = await suite.runConformance({ target: 'model', only: 'general.server-settings*', seed: 1 });
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThan(0);
    expect(suite.exitCodeOf(report)).toBe(0);
    expect(suite.formatConsoleReport(report).trimEnd().split('\n').at(-1)).toBe(`${report.passed} passed, 0 failed`);
  });

  it('exposes the same entry to CommonJS', () => {
    const require = createRequire(import.meta.url);
    const suite = require(ENTRY) as Record<string, unknown>;
    expect(typeof suite['runConformance']).toBe('function');
    expect(Array.isArray(suite['CLAUSES'])).toBe(true);
  });
});
