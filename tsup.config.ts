// The package build. The library entries ship as ESM and CommonJS with type declarations; the CLI as ESM only
// (the `bin` runs dist/cli/main.js). Each format splits the code its entries share into chunks, so the model is
// in the package once per format, not once per entry. No source maps: the package carries only what runs.
import { defineConfig, type Options } from 'tsup';

const common: Options = {
  target: 'node20',
  platform: 'node',
  sourcemap: false,
  shims: true,
  splitting: true,
  // `tlds` is bundled (its list is data); every other dependency stays a dependency.
  noExternal: ['tlds'],
  external: ['vitest'],
};

const library = {
  index: 'src/index.ts',
  'conformance/index': 'conformance/index.ts',
  'conformance/vitest': 'conformance/vitest.ts',
};

export default defineConfig([
  { ...common, entry: { ...library, 'cli/main': 'src/cli/main.ts' }, format: ['esm'], dts: { entry: library } },
  // tsup splits CommonJS by building ES modules and rewriting their imports as require() calls.
  { ...common, entry: library, format: ['cjs'], dts: true },
]);
