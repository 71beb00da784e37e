// Mutation testing of the pure model (src/model) with Stryker.
// Run from the project root: `npm run mutation` (slow; not part of CI).
// Paths here are relative to the project root (Stryker's working directory).
// Everything Stryker writes goes under reports/ (gitignored); the HTML report
// is reports/mutation/index.html.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    // Which tests kill the mutants is chosen in this vitest config (MUTATION_TESTS).
    configFile: 'conformance/mutation/vitest.config.ts',
  },
  plugins: ['@stryker-mutator/vitest-runner'],

  mutate: [
    'src/model/**/*.ts',
    '!src/model/**/*.test.ts',
    // Only .ts is mutated: the generated emoji table (unicode-emoji.json) is data.
  ],
  // Not needed by the tests; keeps the sandbox copy small.
  ignorePatterns: ['dist', 'coverage', '.ci'],

  coverageAnalysis: 'perTest',
  // Static mutants (code run only while modules load, e.g. the zod schemas and
  // tables built at import) would each need a fresh load and the whole test set.
  // They are reported as Ignored and left out of the score; `--ignoreStatic false`
  // tests them too (several times slower).
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 10_000,
  timeoutFactor: 2,

  reporters: ['clear-text', 'progress', 'html'],
  clearTextReporter: { reportTests: false, reportMutants: false },
  htmlReporter: { fileName: 'reports/mutation/index.html' },

  // Reruns only test mutants whose code or covering tests changed; `--force` redoes all.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: 'reports/.stryker-tmp',

  thresholds: { high: 90, low: 85, break: null },
};
