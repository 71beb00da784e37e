#!/usr/bin/env node
// Generates src/model/emoji/unicode-emoji.json: the table of Zulip's unicode
// emoji names that the in-memory server uses to validate emoji_name/emoji_code.
// The build (npm install, npm run build) runs it; the JSON is not committed.
//
//   node src/tools/generate-emoji-table.mjs            write the JSON
//   node src/tools/generate-emoji-table.mjs --check    exit 1 if the JSON is stale
//   node src/tools/generate-emoji-table.mjs --zulip-emoji-names PATH
//       use a newer copy of Zulip's tools/setup/emoji/emoji_names.py instead of
//       the snapshot embedded below (its dict literal is parsed as data)
//
// How the real server builds this table (zulip/zulip, tools/setup/emoji):
//   * generate_emoji_names writes emoji_names.py (EMOJI_NAME_MAPS: emoji_code ->
//     {canonical_name, aliases}). Names come from custom_emoji_names.py where
//     Zulip overrides them and from the CLDR English annotations for the rest.
//     It walks emoji-datasource-google's emoji.json and skips the five skin-tone
//     modifiers (1f3fb..1f3ff) and every clock face except 1f557 ("time").
//   * emoji_code = the `unified` field with every U+FE0F (emoji presentation
//     selector) removed, each code point as lower-case hex of at least 4 digits,
//     joined by "-" (so "2764-fe0f" -> "2764", "0031-fe0f-20e3" -> "0031-20e3").
//     Zulip does not use `non_qualified`. ZWJ (200d), keycap (20e3) and tag
//     characters (e00xx) stay in the code.
//   * build_emoji turns EMOJI_NAME_MAPS into name_to_codepoint (canonical name
//     and every alias -> emoji_code) and codepoint_to_name (emoji_code ->
//     canonical name); zerver/lib/emoji.py loads them. A unicode_emoji reaction
//     is accepted only when emoji_code is a key of codepoint_to_name and
//     name_to_codepoint[emoji_name] === emoji_code. Names are matched exactly.
//
// Data used here:
//   * zulip-emoji-names.txt beside this file: every entry of Zulip's generated
//     tools/setup/emoji/emoji_names.py from zulip main as of December 2025
//     (1883 emoji, 3339 names), written one emoji a line as
//     "emoji_code canonical_name alias...". emoji_names.py was read in full, so
//     no name falls back to emoji-datasource `short_names`. The copies of
//     zulip/zulip that could be read directly were older: one is the
//     pre-2020 hand-written file (smile = 263a) and custom_emoji_names.py is
//     only the hand-named subset. The full generated file came from a verbatim
//     snapshot of zulip-main (tools/setup/emoji/emoji_names.py, December 2025).
//     Note that zulip main maps `smile` to 1f604 and `slight_smile` to 1f642
//     (zulip/zulip#32712); from 2020 (zulip/zulip#15627) until that change
//     `smile` was 1f642 and 1f604 was `big_smile`.
//   * node_modules/emoji-datasource/emoji.json (iamcal, v16; the same data as
//     emoji-datasource-google): every code in the table must be the emoji_code
//     of one of its entries, which checks the snapshot; an entry left without a
//     name, other than the skin tones and clocks Zulip skips, fails the run.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'src', 'model', 'emoji', 'unicode-emoji.json');
// Zulip's EMOJI_NAME_MAPS (zulip main, December 2025), in Zulip's order, one emoji a line:
// "emoji_code canonical_name alias ...".
const ZULIP_EMOJI_NAMES = join(ROOT, 'src', 'tools', 'zulip-emoji-names.txt');

// Skipped by Zulip's generate_emoji_names.
const SKIN_TONE_CODES = ['1f3fb', '1f3fc', '1f3fd', '1f3fe', '1f3ff'];
const SKIPPED_CLOCK_CODES = [
  '1f550',
  '1f551',
  '1f552',
  '1f553',
  '1f554',
  '1f555',
  '1f556',
  '1f558',
  '1f559',
  '1f55a',
  '1f55b',
  '1f55c',
  '1f55d',
  '1f55e',
  '1f55f',
  '1f560',
  '1f561',
  '1f562',
  '1f563',
  '1f564',
  '1f565',
  '1f566',
  '1f567',
];

// Zulip's emoji_code for an emoji-datasource entry.
function zulipEmojiCode(unified) {
  return unified
    .split('-')
    .map((hex) => parseInt(hex, 16))
    .filter((cp) => cp !== 0xfe0f)
    .map((cp) => cp.toString(16).padStart(4, '0'))
    .join('-');
}

function parseEmbeddedMaps(text) {
  const maps = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const [code, canonicalName, ...aliases] = trimmed.split(' ');
    maps.push({ code, canonicalName, aliases });
  }
  return maps;
}

// Reads the EMOJI_NAME_MAPS dict literal of a generated emoji_names.py as data,
// keeping Zulip's order.
function parseZulipEmojiNamesPy(path) {
  const source = readFileSync(path, 'utf8');
  const start = source.indexOf('{', source.indexOf('EMOJI_NAME_MAPS'));
  const end = source.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error(`no EMOJI_NAME_MAPS in ${path}`);
  const literal = source
    .slice(start + 1, end)
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/'/g, '"');
  const entry = /"([0-9a-f-]+)":\s*\{\s*"canonical_name":\s*"([^"]*)",\s*"aliases":\s*\[([^\]]*)\],?\s*\}/g;
  const maps = [...literal.matchAll(entry)].map((match) => ({
    code: match[1],
    canonicalName: match[2],
    aliases: [...match[3].matchAll(/"([^"]*)"/g)].map((alias) => alias[1]),
  }));
  const expected = (literal.match(/"canonical_name"/g) ?? []).length;
  if (maps.length !== expected) {
    throw new Error(`parsed ${maps.length} of ${expected} entries in ${path}`);
  }
  return maps;
}

function buildTable(maps) {
  const nameToCodepoint = {};
  const codepointToName = {};
  const seen = new Map();
  for (const { code, canonicalName, aliases } of maps) {
    if (!/^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/.test(code)) throw new Error(`bad emoji_code ${code}`);
    if (code in codepointToName) throw new Error(`duplicate emoji_code ${code}`);
    codepointToName[code] = canonicalName;
    for (const name of [canonicalName, ...aliases]) {
      if (seen.has(name)) throw new Error(`name ${name} used by ${seen.get(name)} and ${code}`);
      seen.set(name, code);
      nameToCodepoint[name] = code;
    }
  }
  return { name_to_codepoint: nameToCodepoint, codepoint_to_name: codepointToName };
}

function checkAgainstEmojiDatasource(table) {
  const require = createRequire(import.meta.url);
  const emojiData = require(join(ROOT, 'node_modules', 'emoji-datasource', 'emoji.json'));
  const datasourceCodes = new Set(emojiData.map((entry) => zulipEmojiCode(entry.unified)));
  const unknown = Object.keys(table.codepoint_to_name).filter((code) => !datasourceCodes.has(code));
  if (unknown.length > 0) {
    throw new Error(`codes not in emoji-datasource: ${unknown.join(', ')}`);
  }
  const skipped = new Set([...SKIN_TONE_CODES, ...SKIPPED_CLOCK_CODES]);
  const unnamed = [...datasourceCodes].filter((code) => !(code in table.codepoint_to_name));
  const unexpected = unnamed.filter((code) => !skipped.has(code));
  if (unexpected.length > 0) {
    throw new Error(`emoji-datasource has emoji the name table lacks (update the names): ${unexpected.join(', ')}`);
  }
  return { datasourceCount: datasourceCodes.size, unnamedCount: unnamed.length };
}

function main(argv) {
  const check = argv.includes('--check');
  const pathIndex = argv.indexOf('--zulip-emoji-names');
  const maps = pathIndex >= 0 ? parseZulipEmojiNamesPy(argv[pathIndex + 1]) : parseEmbeddedMaps(readFileSync(ZULIP_EMOJI_NAMES, 'utf8'));
  const table = buildTable(maps);
  const { datasourceCount, unnamedCount } = checkAgainstEmojiDatasource(table);
  const json = `${JSON.stringify(table)}\n`;
  const summary =
    `${Object.keys(table.codepoint_to_name).length} emoji, ` +
    `${Object.keys(table.name_to_codepoint).length} names; ` +
    `${datasourceCount} emoji-datasource entries, ${unnamedCount} unnamed (skin tones, clocks)`;
  if (check) {
    let current = '';
    try {
      current = readFileSync(OUT, 'utf8');
    } catch {
      // missing file counts as stale
    }
    if (current !== json) {
      console.error(`${OUT} is out of date; run node src/tools/generate-emoji-table.mjs`);
      process.exit(1);
    }
    console.log(`up to date: ${summary}`);
    return;
  }
  writeFileSync(OUT, json);
  console.log(`wrote ${OUT}: ${summary}`);
}

main(process.argv.slice(2));
