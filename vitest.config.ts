import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that start processes, servers or endless client loops (zulip-js's
 * callOnEachEvent), or replace console methods for good: each gets a fresh
 * worker, so nothing they leave behind reaches another file.
 */
const OWN_PROCESS = [
  'src/cli/**/*.test.ts',
  'src/clients/**/*.test.ts',
  'src/http/**/*.test.ts',
  'src/tools/**/*.test.ts',
  'conformance/cli.test.ts',
  'conformance/package.test.ts',
  'conformance/report.test.ts',
  'conformance/suite.http.test.ts',
  'conformance/suite.levels.http.test.ts',
];

const EXCLUDE = [...configDefaults.exclude, 'dist/**', 'reports/**', '.stryker-tmp/**'];

export default defineConfig({
  test: {
    // At least two workers: vitest's default on a 2-core machine is one, and many files wait on child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    // Hang guards only, not speed limits: every wait in the tests polls for its condition, and on a runner
    // busy with other work (load 8 on 2 cores) a test that takes 1 s idle can take 20; vitest's 5 s default tripped there.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'own-process', include: OWN_PROCESS, exclude: EXCLUDE, isolate: true },
      },
      {
        extends: true,
        // The model's tests share one module graph per worker: the model is imported (and the default
        // realm built) once per worker instead of once per file, a tenth of the CPU time. They share
        // nothing else: states are immutable and every test makes its own model.
        test: { name: 'shared', include: ['**/*.test.ts'], exclude: [...EXCLUDE, ...OWN_PROCESS], isolate: false },
      },
    ],
  },
});
