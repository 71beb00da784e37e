// Regenerates src/model/real-server-operations.ts (or the file given second) from the real
// server's OpenAPI description: `node src/tools/list-zulip-operations.mjs path/to/zulip.yaml`
// (zerver/openapi/zulip.yaml in a checkout of the Zulip server). It keeps every
// path and method under `paths`, less the two documentation-only pages.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TEMPLATE = join(ROOT, 'src', 'model', 'real-server-operations.ts');
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];
// Pages of the API documentation described as paths; no server serves them.
const NOT_ENDPOINTS = new Set(['/real-time', '/rest-error-handling']);

const [source, out = TEMPLATE] = process.argv.slice(2);
if (source === undefined) {
  process.stderr.write('usage: node src/tools/list-zulip-operations.mjs path/to/zulip.yaml [out.ts]\n');
  process.exit(2);
}
const { paths } = parse(readFileSync(source, 'utf8'));
const operations = [];
for (const [path, item] of Object.entries(paths)) {
  if (NOT_ENDPOINTS.has(path)) continue;
  for (const method of METHODS) if (item[method] !== undefined) operations.push({ method: method.toUpperCase(), path });
}
operations.sort((a, b) => (a.path === b.path ? METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase()) : a.path < b.path ? -1 : 1));

const header = readFileSync(TEMPLATE, 'utf8').split('export const')[0];
const list = operations.map(({ method, path }) => `  '${method} ${path}',`).join('\n');
writeFileSync(out, `${header}export const REAL_SERVER_OPERATIONS: readonly string[] = [\n${list}\n];\n`);
process.stdout.write(`${operations.length} operations written to ${out}\n`);
