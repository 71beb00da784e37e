/**
 * Writes what is generated from the fixture schemas: fixtures/realm.schema.json,
 * fixtures/history.schema.json and the field tables of docs/fixtures.md.
 * Run after changing src/fixtures/schema.ts or history.ts: npm run fixtures:reference
 * (src/fixtures/reference.test.ts fails until the committed copies are current).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { historyJsonSchema, realmJsonSchema, SCHEMA_FILES, schemaFileText, withGeneratedSections } from '../fixtures/reference.js';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

writeFileSync(root(`fixtures/${SCHEMA_FILES.realm}`), schemaFileText(realmJsonSchema()));
writeFileSync(root(`fixtures/${SCHEMA_FILES.history}`), schemaFileText(historyJsonSchema()));
const doc = root('docs/fixtures.md');
writeFileSync(doc, withGeneratedSections(readFileSync(doc, 'utf8')));
process.stdout.write(`wrote fixtures/${SCHEMA_FILES.realm}, fixtures/${SCHEMA_FILES.history} and the field tables of docs/fixtures.md\n`);
