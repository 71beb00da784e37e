// The package build. The library entries ship as ESM and CommonJS with type declarations; the CLI as ESM only
// (the `bin` runs dist/cli/main.js). No source maps: the package carries only what runs.
import { defineConfig, type Options } from 'tsup';

const common: Options = {
  target: 'node20',
  platform: 'node',
  sourcemap: false,
  shims: true,
  // `tlds` is bundled (its list is data); every other dependency stays a dependency.
  noExternal: ['tlds'],
  external: ['vitest'],
};

export default defineConfig([
  {
    ...common,
    entry: {
      index: 'src/index.ts',
      'conformance/index': 'conformance/index.ts',
      'conformance/vitest': 'conformance/vitest.ts',
    },
    format: ['esm', 'cjs'],
    splitting: false,
    dts: true,
  },
  {
    ...common,
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    splitting: false,
  },
]);
