// Vitest config used only by the mutation run (conformance/mutation/stryker.config.mjs).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that must kill the mutants: the conformance suite against the in-process model, nothing else.
const MUTATION_TESTS = ['conformance/suite.model.test.ts'];

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: MUTATION_TESTS,
    // Stryker starts a fresh worker for every mutant; sharing it across the test
    // files of that run means the model's modules are evaluated once, not per file.
    isolate: false,
    setupFiles: [fileURLToPath(new URL('./fixed-seed.ts', import.meta.url))],
  },
});
