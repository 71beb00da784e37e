/** Writes docs/feature-levels.md from the feature-level table: npm run docs:feature-levels. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { featureLevelReference } from './feature-level-reference.js';

writeFileSync(fileURLToPath(new URL('../../docs/feature-levels.md', import.meta.url)), featureLevelReference());
process.stdout.write('wrote docs/feature-levels.md\n');
