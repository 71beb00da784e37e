// The package build, run by src/tools/build.mjs. The library entries ship as ESM and CommonJS; the CLI as ESM
// only (the `bin` runs dist/cli/main.js). Each format splits the code its entries share into chunks, so the
// model is in the package once per format, not once per entry. Type declarations are a separate pass
// (CHATREF_BUILD=types), made when packing: running needs none. No source maps: the package carries only what runs.
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

const types = process.env['CHATREF_BUILD'] === 'types';

export default defineConfig(
  types
    ? [{ ...common, entry: library, format: ['esm', 'cjs'], dts: { only: true } }]
    : [
        { ...common, entry: { ...library, 'cli/main': 'src/cli/main.ts' }, format: ['esm'] },
        // tsup splits CommonJS by building ES modules and rewriting their imports as require() calls.
        { ...common, entry: library, format: ['cjs'] },
      ],
);
