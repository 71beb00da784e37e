#!/usr/bin/env node
// Generates src/model/emoji/unicode-emoji.json: the table of Zulip's unicode
// emoji names that the in-memory server uses to validate emoji_name/emoji_code.
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
//   * ZULIP_EMOJI_NAME_MAPS below: every entry of Zulip's generated
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

// Skipped by Zulip's generate_emoji_names.
const SKIN_TONE_CODES = ['1f3fb', '1f3fc', '1f3fd', '1f3fe', '1f3ff'];
const SKIPPED_CLOCK_CODES = [
  '1f550', '1f551', '1f552', '1f553', '1f554', '1f555', '1f556', '1f558',
  '1f559', '1f55a', '1f55b', '1f55c', '1f55d', '1f55e', '1f55f', '1f560',
  '1f561', '1f562', '1f563', '1f564', '1f565', '1f566', '1f567',
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
  const entry =
    /"([0-9a-f-]+)":\s*\{\s*"canonical_name":\s*"([^"]*)",\s*"aliases":\s*\[([^\]]*)\],?\s*\}/g;
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
    throw new Error(
      `emoji-datasource has emoji the name table lacks (update the names): ${unexpected.join(', ')}`,
    );
  }
  return { datasourceCount: datasourceCodes.size, unnamedCount: unnamed.length };
}

function main(argv) {
  const check = argv.includes('--check');
  const pathIndex = argv.indexOf('--zulip-emoji-names');
  const maps =
    pathIndex >= 0
      ? parseZulipEmojiNamesPy(argv[pathIndex + 1])
      : parseEmbeddedMaps(ZULIP_EMOJI_NAME_MAPS);
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

// Zulip's EMOJI_NAME_MAPS (zulip main, December 2025), in Zulip's order:
// "emoji_code canonical_name alias ...".
const ZULIP_EMOJI_NAME_MAPS = `
0023-20e3 hash
002a-20e3 asterisk
0030-20e3 zero
0031-20e3 one
0032-20e3 two
0033-20e3 three
0034-20e3 four
0035-20e3 five
0036-20e3 six
0037-20e3 seven
0038-20e3 eight
0039-20e3 nine
00a9 copyright c
00ae registered r
1f004 mahjong
1f0cf joker
1f170 a
1f171 b
1f17e o
1f17f parking p
1f18e ab
1f191 cl
1f192 cool
1f193 free
1f194 id
1f195 new
1f196 ng
1f197 squared_ok
1f198 sos
1f199 squared_up
1f19a vs
1f1e6-1f1e8 flag_ascension_island
1f1e6-1f1e9 flag_andorra
1f1e6-1f1ea flag_united_arab_emirates
1f1e6-1f1eb flag_afghanistan
1f1e6-1f1ec flag_antigua_and_barbuda
1f1e6-1f1ee flag_anguilla
1f1e6-1f1f1 flag_albania
1f1e6-1f1f2 flag_armenia
1f1e6-1f1f4 flag_angola
1f1e6-1f1f6 flag_antarctica
1f1e6-1f1f7 flag_argentina
1f1e6-1f1f8 flag_american_samoa
1f1e6-1f1f9 flag_austria
1f1e6-1f1fa flag_australia
1f1e6-1f1fc flag_aruba
1f1e6-1f1fd flag_åland_islands flag_aland_islands
1f1e6-1f1ff flag_azerbaijan
1f1e7-1f1e6 flag_bosnia_and_herzegovina
1f1e7-1f1e7 flag_barbados
1f1e7-1f1e9 flag_bangladesh
1f1e7-1f1ea flag_belgium
1f1e7-1f1eb flag_burkina_faso
1f1e7-1f1ec flag_bulgaria
1f1e7-1f1ed flag_bahrain
1f1e7-1f1ee flag_burundi
1f1e7-1f1ef flag_benin
1f1e7-1f1f1 flag_st_barthélemy flag_st_barthelemy
1f1e7-1f1f2 flag_bermuda
1f1e7-1f1f3 flag_brunei
1f1e7-1f1f4 flag_bolivia
1f1e7-1f1f6 flag_caribbean_netherlands
1f1e7-1f1f7 flag_brazil
1f1e7-1f1f8 flag_bahamas
1f1e7-1f1f9 flag_bhutan
1f1e7-1f1fb flag_bouvet_island
1f1e7-1f1fc flag_botswana
1f1e7-1f1fe flag_belarus
1f1e7-1f1ff flag_belize
1f1e8-1f1e6 flag_canada
1f1e8-1f1e8 flag_cocos_keeling_islands
1f1e8-1f1e9 flag_congo_kinshasa
1f1e8-1f1eb flag_central_african_republic
1f1e8-1f1ec flag_congo_brazzaville
1f1e8-1f1ed flag_switzerland
1f1e8-1f1ee flag_côte_divoire flag_cote_divoire
1f1e8-1f1f0 flag_cook_islands
1f1e8-1f1f1 flag_chile
1f1e8-1f1f2 flag_cameroon
1f1e8-1f1f3 flag_china
1f1e8-1f1f4 flag_colombia
1f1e8-1f1f5 flag_clipperton_island
1f1e8-1f1f6 flag_sark
1f1e8-1f1f7 flag_costa_rica
1f1e8-1f1fa flag_cuba
1f1e8-1f1fb flag_cape_verde
1f1e8-1f1fc flag_curaçao flag_curacao
1f1e8-1f1fd flag_christmas_island
1f1e8-1f1fe flag_cyprus
1f1e8-1f1ff flag_czechia
1f1e9-1f1ea flag_germany
1f1e9-1f1ec flag_diego_garcia
1f1e9-1f1ef flag_djibouti
1f1e9-1f1f0 flag_denmark
1f1e9-1f1f2 flag_dominica
1f1e9-1f1f4 flag_dominican_republic
1f1e9-1f1ff flag_algeria
1f1ea-1f1e6 flag_ceuta_and_melilla
1f1ea-1f1e8 flag_ecuador
1f1ea-1f1ea flag_estonia
1f1ea-1f1ec flag_egypt
1f1ea-1f1ed flag_western_sahara
1f1ea-1f1f7 flag_eritrea
1f1ea-1f1f8 flag_spain
1f1ea-1f1f9 flag_ethiopia
1f1ea-1f1fa flag_european_union
1f1eb-1f1ee flag_finland
1f1eb-1f1ef flag_fiji
1f1eb-1f1f0 flag_falkland_islands
1f1eb-1f1f2 flag_micronesia
1f1eb-1f1f4 flag_faroe_islands
1f1eb-1f1f7 flag_france
1f1ec-1f1e6 flag_gabon
1f1ec-1f1e7 flag_united_kingdom
1f1ec-1f1e9 flag_grenada
1f1ec-1f1ea flag_georgia
1f1ec-1f1eb flag_french_guiana
1f1ec-1f1ec flag_guernsey
1f1ec-1f1ed flag_ghana
1f1ec-1f1ee flag_gibraltar
1f1ec-1f1f1 flag_greenland
1f1ec-1f1f2 flag_gambia
1f1ec-1f1f3 flag_guinea
1f1ec-1f1f5 flag_guadeloupe
1f1ec-1f1f6 flag_equatorial_guinea
1f1ec-1f1f7 flag_greece
1f1ec-1f1f8 flag_south_georgia_and_south_sandwich_islands
1f1ec-1f1f9 flag_guatemala
1f1ec-1f1fa flag_guam
1f1ec-1f1fc flag_guinea_bissau
1f1ec-1f1fe flag_guyana
1f1ed-1f1f0 flag_hong_kong_sar_china
1f1ed-1f1f2 flag_heard_and_mcdonald_islands
1f1ed-1f1f3 flag_honduras
1f1ed-1f1f7 flag_croatia
1f1ed-1f1f9 flag_haiti
1f1ed-1f1fa flag_hungary
1f1ee-1f1e8 flag_canary_islands
1f1ee-1f1e9 flag_indonesia
1f1ee-1f1ea flag_ireland
1f1ee-1f1f1 flag_israel
1f1ee-1f1f2 flag_isle_of_man
1f1ee-1f1f3 flag_india
1f1ee-1f1f4 flag_british_indian_ocean_territory
1f1ee-1f1f6 flag_iraq
1f1ee-1f1f7 flag_iran
1f1ee-1f1f8 flag_iceland
1f1ee-1f1f9 flag_italy
1f1ef-1f1ea flag_jersey
1f1ef-1f1f2 flag_jamaica
1f1ef-1f1f4 flag_jordan
1f1ef-1f1f5 flag_japan
1f1f0-1f1ea flag_kenya
1f1f0-1f1ec flag_kyrgyzstan
1f1f0-1f1ed flag_cambodia
1f1f0-1f1ee flag_kiribati
1f1f0-1f1f2 flag_comoros
1f1f0-1f1f3 flag_st_kitts_and_nevis
1f1f0-1f1f5 flag_north_korea
1f1f0-1f1f7 flag_south_korea
1f1f0-1f1fc flag_kuwait
1f1f0-1f1fe flag_cayman_islands
1f1f0-1f1ff flag_kazakhstan
1f1f1-1f1e6 flag_laos
1f1f1-1f1e7 flag_lebanon
1f1f1-1f1e8 flag_st_lucia
1f1f1-1f1ee flag_liechtenstein
1f1f1-1f1f0 flag_sri_lanka
1f1f1-1f1f7 flag_liberia
1f1f1-1f1f8 flag_lesotho
1f1f1-1f1f9 flag_lithuania
1f1f1-1f1fa flag_luxembourg
1f1f1-1f1fb flag_latvia
1f1f1-1f1fe flag_libya
1f1f2-1f1e6 flag_morocco
1f1f2-1f1e8 flag_monaco
1f1f2-1f1e9 flag_moldova
1f1f2-1f1ea flag_montenegro
1f1f2-1f1eb flag_st_martin
1f1f2-1f1ec flag_madagascar
1f1f2-1f1ed flag_marshall_islands
1f1f2-1f1f0 flag_north_macedonia
1f1f2-1f1f1 flag_mali
1f1f2-1f1f2 flag_myanmar_burma
1f1f2-1f1f3 flag_mongolia
1f1f2-1f1f4 flag_macao_sar_china
1f1f2-1f1f5 flag_northern_mariana_islands
1f1f2-1f1f6 flag_martinique
1f1f2-1f1f7 flag_mauritania
1f1f2-1f1f8 flag_montserrat
1f1f2-1f1f9 flag_malta
1f1f2-1f1fa flag_mauritius
1f1f2-1f1fb flag_maldives
1f1f2-1f1fc flag_malawi
1f1f2-1f1fd flag_mexico
1f1f2-1f1fe flag_malaysia
1f1f2-1f1ff flag_mozambique
1f1f3-1f1e6 flag_namibia
1f1f3-1f1e8 flag_new_caledonia
1f1f3-1f1ea flag_niger
1f1f3-1f1eb flag_norfolk_island
1f1f3-1f1ec flag_nigeria
1f1f3-1f1ee flag_nicaragua
1f1f3-1f1f1 flag_netherlands
1f1f3-1f1f4 flag_norway
1f1f3-1f1f5 flag_nepal
1f1f3-1f1f7 flag_nauru
1f1f3-1f1fa flag_niue
1f1f3-1f1ff flag_new_zealand
1f1f4-1f1f2 flag_oman
1f1f5-1f1e6 flag_panama
1f1f5-1f1ea flag_peru
1f1f5-1f1eb flag_french_polynesia
1f1f5-1f1ec flag_papua_new_guinea
1f1f5-1f1ed flag_philippines
1f1f5-1f1f0 flag_pakistan
1f1f5-1f1f1 flag_poland
1f1f5-1f1f2 flag_st_pierre_and_miquelon
1f1f5-1f1f3 flag_pitcairn_islands
1f1f5-1f1f7 flag_puerto_rico
1f1f5-1f1f8 flag_palestinian_territories
1f1f5-1f1f9 flag_portugal
1f1f5-1f1fc flag_palau
1f1f5-1f1fe flag_paraguay
1f1f6-1f1e6 flag_qatar
1f1f7-1f1ea flag_réunion flag_reunion
1f1f7-1f1f4 flag_romania
1f1f7-1f1f8 flag_serbia
1f1f7-1f1fa flag_russia
1f1f7-1f1fc flag_rwanda
1f1f8-1f1e6 flag_saudi_arabia
1f1f8-1f1e7 flag_solomon_islands
1f1f8-1f1e8 flag_seychelles
1f1f8-1f1e9 flag_sudan
1f1f8-1f1ea flag_sweden
1f1f8-1f1ec flag_singapore
1f1f8-1f1ed flag_st_helena
1f1f8-1f1ee flag_slovenia
1f1f8-1f1ef flag_svalbard_and_jan_mayen
1f1f8-1f1f0 flag_slovakia
1f1f8-1f1f1 flag_sierra_leone
1f1f8-1f1f2 flag_san_marino
1f1f8-1f1f3 flag_senegal
1f1f8-1f1f4 flag_somalia
1f1f8-1f1f7 flag_suriname
1f1f8-1f1f8 flag_south_sudan
1f1f8-1f1f9 flag_são_tomé_and_príncipe flag_sao_tome_and_principe
1f1f8-1f1fb flag_el_salvador
1f1f8-1f1fd flag_sint_maarten
1f1f8-1f1fe flag_syria
1f1f8-1f1ff flag_eswatini
1f1f9-1f1e6 flag_tristan_da_cunha
1f1f9-1f1e8 flag_turks_and_caicos_islands
1f1f9-1f1e9 flag_chad
1f1f9-1f1eb flag_french_southern_territories
1f1f9-1f1ec flag_togo
1f1f9-1f1ed flag_thailand
1f1f9-1f1ef flag_tajikistan
1f1f9-1f1f0 flag_tokelau
1f1f9-1f1f1 flag_timor_leste
1f1f9-1f1f2 flag_turkmenistan
1f1f9-1f1f3 flag_tunisia
1f1f9-1f1f4 flag_tonga
1f1f9-1f1f7 flag_türkiye flag_turkiye
1f1f9-1f1f9 flag_trinidad_and_tobago
1f1f9-1f1fb flag_tuvalu
1f1f9-1f1fc flag_taiwan
1f1f9-1f1ff flag_tanzania
1f1fa-1f1e6 flag_ukraine
1f1fa-1f1ec flag_uganda
1f1fa-1f1f2 flag_us_outlying_islands
1f1fa-1f1f3 flag_united_nations
1f1fa-1f1f8 flag_united_states
1f1fa-1f1fe flag_uruguay
1f1fa-1f1ff flag_uzbekistan
1f1fb-1f1e6 flag_vatican_city
1f1fb-1f1e8 flag_st_vincent_and_grenadines
1f1fb-1f1ea flag_venezuela
1f1fb-1f1ec flag_british_virgin_islands
1f1fb-1f1ee flag_us_virgin_islands
1f1fb-1f1f3 flag_vietnam
1f1fb-1f1fa flag_vanuatu
1f1fc-1f1eb flag_wallis_and_futuna
1f1fc-1f1f8 flag_samoa
1f1fd-1f1f0 flag_kosovo
1f1fe-1f1ea flag_yemen
1f1fe-1f1f9 flag_mayotte
1f1ff-1f1e6 flag_south_africa
1f1ff-1f1f2 flag_zambia
1f1ff-1f1fc flag_zimbabwe
1f201 japanese_here_button
1f202 japanese_service_charge_button charge
1f21a japanese_free_of_charge_button u7121
1f22f japanese_reserved_button reserved
1f232 japanese_prohibited_button u7981
1f233 japanese_vacancy_button vacancy
1f234 japanese_passing_grade_button u5408
1f235 japanese_no_vacancy_button u6e80
1f236 japanese_not_free_of_charge_button u6709
1f237 japanese_monthly_amount_button u6708
1f238 japanese_application_button u7533
1f239 japanese_discount_button u5272
1f23a japanese_open_for_business_button u55b6
1f250 japanese_bargain_button ideograph_advantage
1f251 japanese_acceptable_button accept
1f300 cyclone hurricane typhoon
1f301 foggy
1f302 closed_umbrella
1f303 night
1f304 mountain_sunrise
1f305 sunrise ocean_sunrise
1f306 sunset
1f307 city_sunrise
1f308 rainbow pride lgbtq
1f309 bridge
1f30a ocean
1f30b volcano
1f30c milky_way night_sky
1f30d earth_africa
1f30e earth_americas
1f30f earth_asia
1f310 www globe
1f311 new_moon
1f312 waxing_crescent_moon waxing
1f313 first_quarter_moon first
1f314 waxing_moon
1f315 full_moon
1f316 waning_gibbous_moon gibbous
1f317 last_quarter_moon
1f318 waning_crescent_moon
1f319 moon
1f31a new_moon_face
1f31b goodnight
1f31c last_quarter_moon_face
1f31d moon_face
1f31e sun_face
1f31f glowing_star
1f320 shooting_star wish
1f321 temperature thermometer warm
1f324 mostly_sunny
1f325 cloudy
1f326 sunshowers sun_and_rain partly_sunny_with_rain
1f327 rainy soaked drenched
1f328 snowy snowstorm
1f329 lightning lightning_storm
1f32a tornado
1f32b fog hazy
1f32c windy mother_nature
1f32d hotdog
1f32e taco
1f32f burrito
1f330 chestnut
1f331 seedling sprout
1f332 evergreen_tree
1f333 tree deciduous_tree
1f334 palm_tree
1f335 cactus
1f336 hot_pepper chili_pepper
1f337 tulip flower
1f338 cherry_blossom
1f339 rose
1f33a hibiscus
1f33b sunflower
1f33c blossom
1f33d corn maize
1f33e harvest ear_of_rice
1f33f herb plant
1f340 lucky four_leaf_clover
1f341 maple_leaf
1f342 fallen_leaf
1f343 leaves wind fall
1f344-200d-1f7eb brown_mushroom fungi fungus portobello shiitake shroom spore toppings truffle
1f344 mushroom
1f345 tomato
1f346 eggplant
1f347 grapes
1f348 melon
1f349 watermelon
1f34a orange tangerine mandarin
1f34b-200d-1f7e9 lime acidity citrus garnish margarita mojito refreshing salsa sour tangy tequila zest
1f34b lemon
1f34c banana
1f34d pineapple
1f34e apple
1f34f green_apple
1f350 pear
1f351 peach
1f352 cherries
1f353 strawberry
1f354 hamburger
1f355 pizza
1f356 meat
1f357 drumstick poultry
1f358 senbei rice_cracker
1f359 onigiri
1f35a rice
1f35b curry
1f35c ramen noodles
1f35d spaghetti
1f35e bread
1f35f fries
1f360 yam sweet_potato
1f361 dango
1f362 oden
1f363 sushi
1f364 tempura
1f365 naruto
1f366 soft_serve soft_ice_cream
1f367 shaved_ice
1f368 ice_cream gelato
1f369 donut doughnut
1f36a cookie
1f36b chocolate
1f36c candy
1f36d lollipop
1f36e custard flan
1f36f honey
1f370 cake
1f371 bento
1f372 food soup stew
1f373 cooking
1f374 fork_and_knife eating_utensils
1f375 tea
1f376 sake
1f377 wine
1f378 cocktail
1f379 tropical_drink
1f37a beer
1f37b beers
1f37c baby_bottle
1f37d hungry meal table_setting fork_and_knife_with_plate lets_eat
1f37e champagne
1f37f popcorn
1f380 ribbon decoration
1f381 gift present
1f382 birthday
1f383 jack-o-lantern pumpkin
1f384 holiday_tree
1f385 santa
1f386 fireworks
1f387 sparkler
1f388 balloon celebration
1f389 tada
1f38a confetti party_ball
1f38b wish_tree tanabata_tree
1f38c crossed_flags solidarity
1f38d bamboo
1f38e dolls
1f38f carp_streamer flags
1f390 wind_chime
1f391 moon_ceremony
1f392 backpack satchel
1f393 graduate mortar_board
1f396 military_medal
1f397 reminder_ribbon
1f399 studio_microphone
1f39a volume level_slider
1f39b control_knobs
1f39e film
1f39f ticket
1f3a0 carousel merry_go_round
1f3a1 ferris_wheel
1f3a2 roller_coaster
1f3a3 fishing
1f3a4 microphone mike mic
1f3a5 movie_camera
1f3a6 cinema movie_theater
1f3a7 headphones
1f3a8 art palette painting
1f3a9 top_hat
1f3aa circus
1f3ab pass
1f3ac action
1f3ad performing_arts drama theater
1f3ae video_game
1f3af direct_hit darts bulls_eye
1f3b0 slot_machine
1f3b1 billiards pool 8_ball
1f3b2 dice die
1f3b3 strike bowling
1f3b4 playing_cards
1f3b5 music
1f3b6 musical_notes
1f3b7 saxophone
1f3b8 guitar
1f3b9 piano musical_keyboard
1f3ba trumpet
1f3bb violin
1f3bc musical_score
1f3bd running_shirt
1f3be tennis
1f3bf ski
1f3c0 basketball
1f3c1 checkered_flag race go start
1f3c2 snowboarder
1f3c3-200d-2640 woman_running
1f3c3-200d-2640-200d-27a1 woman_running_facing_right
1f3c3-200d-2642 man_running
1f3c3-200d-2642-200d-27a1 man_running_facing_right
1f3c3-200d-27a1 person_running_facing_right
1f3c3 running runner
1f3c4-200d-2640 woman_surfing
1f3c4-200d-2642 man_surfing
1f3c4 surf
1f3c5 medal
1f3c6 trophy winner
1f3c7 horse_racing horse_riding
1f3c8 american_football
1f3c9 rugby
1f3ca-200d-2640 woman_swimming
1f3ca-200d-2642 man_swimming
1f3ca swim
1f3cb-200d-2640 woman_lifting_weights
1f3cb-200d-2642 man_lifting_weights
1f3cb lift work_out weight_lift gym
1f3cc-200d-2640 woman_golfing
1f3cc-200d-2642 man_golfing
1f3cc golf
1f3cd motorcycle
1f3ce racecar
1f3cf cricket_game
1f3d0 volleyball
1f3d1 field_hockey
1f3d2 ice_hockey
1f3d3 ping_pong table_tennis
1f3d4 snowy_mountain
1f3d5 campsite
1f3d6 beach
1f3d7 construction
1f3d8 houses
1f3d9 city skyline
1f3da derelict_house condemned
1f3db classical_building
1f3dc desert
1f3dd island
1f3de national_park
1f3df stadium
1f3e0 house
1f3e1 suburb
1f3e2 office
1f3e3 japan_post
1f3e4 post_office
1f3e5 hospital
1f3e6 bank
1f3e7 atm
1f3e8 hotel
1f3e9 love_hotel
1f3ea convenience_store
1f3eb school
1f3ec department_store
1f3ed factory
1f3ee lantern izakaya_lantern
1f3ef shiro
1f3f0 castle
1f3f3-200d-1f308 rainbow_flag bisexual gay genderqueer glbt glbtq lesbian lgbt lgbtqia queer trans
1f3f3-200d-26a7 transgender_flag
1f3f3 white_flag surrender
1f3f4-200d-2620 pirate_flag jolly plunder roger
1f3f4-e0067-e0062-e0065-e006e-e0067-e007f flag_england
1f3f4-e0067-e0062-e0073-e0063-e0074-e007f flag_scotland
1f3f4-e0067-e0062-e0077-e006c-e0073-e007f flag_wales
1f3f4 black_flag
1f3f5 rosette
1f3f7 label tag price_tag
1f3f8 badminton
1f3f9 bow_and_arrow archery
1f3fa vase amphora
1f400 rat
1f401 mouse
1f402 ox bull
1f403 water_buffalo
1f404 cow
1f405 tiger
1f406 leopard
1f407 rabbit
1f408-200d-2b1b black_cat feline unlucky
1f408 cat meow
1f409 dragon
1f40a crocodile
1f40b humpback_whale
1f40c snail
1f40d snake hiss
1f40e horse
1f40f ram
1f410 goat
1f411 sheep baa
1f412 monkey
1f413 rooster alarm cock-a-doodle-doo
1f414 chicken cluck
1f415-200d-1f9ba service_dog assistance
1f415 dog woof
1f416 pig oink
1f417 boar
1f418 elephant
1f419 octopus
1f41a shell seashell conch spiral_shell
1f41b bug caterpillar
1f41c ant
1f41d bee buzz honeybee
1f41e lady_beetle ladybird ladybug
1f41f fish
1f420 tropical_fish
1f421 blowfish
1f422 turtle tortoise
1f423 hatching hatching_chick
1f424 chick baby_chick
1f425 new_baby
1f426-200d-1f525 phoenix ascension emerge firebird glory immortal rebirth reincarnation reinvent renewal revival revive rise transform
1f426-200d-2b1b black_bird beak caw corvid crow raven rook
1f426 bird
1f427 penguin
1f428 koala
1f429 poodle
1f42a arabian_camel
1f42b camel
1f42c dolphin flipper
1f42d dormouse
1f42e calf
1f42f tiger_cub
1f430 bunny
1f431 kitten
1f432 dragon_face
1f433 whale
1f434 pony
1f435 monkey_face
1f436 puppy
1f437 piglet
1f438 frog
1f439 hamster
1f43a wolf
1f43b-200d-2744 polar_bear arctic polar
1f43b bear
1f43c panda
1f43d pig_nose
1f43e paw_prints paws
1f43f chipmunk
1f440 eyes looking
1f441-200d-1f5e8 eye_in_speech_bubble speech witness
1f441 eye
1f442 ear
1f443 nose
1f444 lips mouth
1f445 tongue
1f446 point_up this
1f447 point_down
1f448 point_left
1f449 point_right
1f44a fist_bump punch
1f44b wave hello hi
1f44c ok got_it
1f44d +1 thumbs_up like
1f44e -1 thumbs_down
1f44f clap applause
1f450 open_hands
1f451 crown queen king
1f452 hat
1f453 glasses spectacles
1f454 tie
1f455 shirt tshirt
1f456 jeans denim
1f457 dress
1f458 kimono
1f459 bikini
1f45a clothing
1f45b purse
1f45c handbag
1f45d pouch
1f45e shoe
1f45f athletic_shoe sneaker running_shoe
1f460 high_heels
1f461 sandal flip_flops
1f462 boot
1f463 footprints feet
1f464 silhouette shadow
1f465 silhouettes shadows
1f466 boy
1f467 girl
1f468-200d-1f33e man_farmer
1f468-200d-1f373 man_cook
1f468-200d-1f37c man_feeding_baby father
1f468-200d-1f393 man_student
1f468-200d-1f3a4 man_singer
1f468-200d-1f3a8 man_artist
1f468-200d-1f3eb man_teacher
1f468-200d-1f3ed man_factory_worker
1f468-200d-1f466-200d-1f466 family_man_boy_boy
1f468-200d-1f466 family_man_boy
1f468-200d-1f467-200d-1f466 family_man_girl_boy
1f468-200d-1f467-200d-1f467 family_man_girl_girl
1f468-200d-1f467 family_man_girl
1f468-200d-1f468-200d-1f466 family_man_man_boy
1f468-200d-1f468-200d-1f466-200d-1f466 family_man_man_boy_boy
1f468-200d-1f468-200d-1f467 family_man_man_girl
1f468-200d-1f468-200d-1f467-200d-1f466 family_man_man_girl_boy
1f468-200d-1f468-200d-1f467-200d-1f467 family_man_man_girl_girl
1f468-200d-1f469-200d-1f466 family_man_woman_boy
1f468-200d-1f469-200d-1f466-200d-1f466 family_man_woman_boy_boy
1f468-200d-1f469-200d-1f467 family_man_woman_girl
1f468-200d-1f469-200d-1f467-200d-1f466 family_man_woman_girl_boy
1f468-200d-1f469-200d-1f467-200d-1f467 family_man_woman_girl_girl
1f468-200d-1f4bb man_technologist
1f468-200d-1f4bc man_office_worker
1f468-200d-1f527 man_mechanic
1f468-200d-1f52c man_scientist
1f468-200d-1f680 man_astronaut
1f468-200d-1f692 man_firefighter
1f468-200d-1f9af-200d-27a1 man_with_white_cane_facing_right
1f468-200d-1f9af man_with_white_cane
1f468-200d-1f9b0 man_red_hair
1f468-200d-1f9b1 man_curly_hair
1f468-200d-1f9b2 man_bald
1f468-200d-1f9b3 man_white_hair
1f468-200d-1f9bc-200d-27a1 man_in_motorized_wheelchair_facing_right
1f468-200d-1f9bc man_in_motorized_wheelchair
1f468-200d-1f9bd-200d-27a1 man_in_manual_wheelchair_facing_right
1f468-200d-1f9bd man_in_manual_wheelchair
1f468-200d-2695 man_health_worker
1f468-200d-2696 man_judge
1f468-200d-2708 man_pilot
1f468-200d-2764-200d-1f468 couple_with_heart_man_man
1f468-200d-2764-200d-1f48b-200d-1f468 kiss_man_man
1f468 man
1f469-200d-1f33e woman_farmer
1f469-200d-1f373 woman_cook
1f469-200d-1f37c woman_feeding_baby
1f469-200d-1f393 woman_student
1f469-200d-1f3a4 woman_singer
1f469-200d-1f3a8 woman_artist
1f469-200d-1f3eb woman_teacher
1f469-200d-1f3ed woman_factory_worker
1f469-200d-1f466-200d-1f466 family_woman_boy_boy
1f469-200d-1f466 family_woman_boy
1f469-200d-1f467-200d-1f466 family_woman_girl_boy
1f469-200d-1f467-200d-1f467 family_woman_girl_girl
1f469-200d-1f467 family_woman_girl
1f469-200d-1f469-200d-1f466 family_woman_woman_boy
1f469-200d-1f469-200d-1f466-200d-1f466 family_woman_woman_boy_boy
1f469-200d-1f469-200d-1f467 family_woman_woman_girl
1f469-200d-1f469-200d-1f467-200d-1f466 family_woman_woman_girl_boy
1f469-200d-1f469-200d-1f467-200d-1f467 family_woman_woman_girl_girl
1f469-200d-1f4bb woman_technologist
1f469-200d-1f4bc woman_office_worker
1f469-200d-1f527 woman_mechanic
1f469-200d-1f52c woman_scientist
1f469-200d-1f680 woman_astronaut
1f469-200d-1f692 woman_firefighter
1f469-200d-1f9af-200d-27a1 woman_with_white_cane_facing_right
1f469-200d-1f9af woman_with_white_cane
1f469-200d-1f9b0 woman_red_hair
1f469-200d-1f9b1 woman_curly_hair
1f469-200d-1f9b2 woman_bald
1f469-200d-1f9b3 woman_white_hair
1f469-200d-1f9bc-200d-27a1 woman_in_motorized_wheelchair_facing_right
1f469-200d-1f9bc woman_in_motorized_wheelchair
1f469-200d-1f9bd-200d-27a1 woman_in_manual_wheelchair_facing_right
1f469-200d-1f9bd woman_in_manual_wheelchair
1f469-200d-2695 woman_health_worker
1f469-200d-2696 woman_judge
1f469-200d-2708 woman_pilot
1f469-200d-2764-200d-1f468 couple_with_heart_woman_man
1f469-200d-2764-200d-1f469 couple_with_heart_woman_woman
1f469-200d-2764-200d-1f48b-200d-1f468 kiss_woman_man
1f469-200d-2764-200d-1f48b-200d-1f469 kiss_woman_woman
1f469 woman
1f46a family
1f46b man_and_woman_holding_hands man_and_woman_couple
1f46c two_men_holding_hands men_couple
1f46d two_women_holding_hands women_couple
1f46e-200d-2640 woman_police_officer
1f46e-200d-2642 man_police_officer
1f46e police cop
1f46f-200d-2640 women_with_bunny_ears
1f46f-200d-2642 men_with_bunny_ears
1f46f dancers
1f470-200d-2640 woman_with_veil
1f470-200d-2642 man_with_veil
1f470 bride
1f471-200d-2640 woman_blond_hair blonde
1f471-200d-2642 man_blond_hair
1f471 person_blond_hair human
1f472 gua_pi_mao
1f473-200d-2640 woman_wearing_turban
1f473-200d-2642 man_wearing_turban
1f473 turban
1f474 older_man elderly_man
1f475 older_woman elderly_woman
1f476 baby
1f477-200d-2640 woman_construction_worker
1f477-200d-2642 man_construction_worker
1f477 construction_worker
1f478 princess
1f479 ogre
1f47a goblin
1f47b ghost boo spooky haunted
1f47c angel
1f47d alien ufo
1f47e space_invader
1f47f devil imp angry_devil
1f480 skull
1f481-200d-2640 woman_tipping_hand
1f481-200d-2642 man_tipping_hand
1f481 information_desk_person person_tipping_hand
1f482-200d-2640 woman_guard
1f482-200d-2642 man_guard
1f482 guard
1f483 dancer
1f484 lipstick
1f485 nail_polish nail_care
1f486-200d-2640 woman_getting_massage
1f486-200d-2642 man_getting_massage
1f486 massage
1f487-200d-2640 woman_getting_haircut
1f487-200d-2642 man_getting_haircut
1f487 haircut
1f488 barber striped_pole
1f489 injection syringe
1f48a medicine pill
1f48b lipstick_kiss
1f48c love_letter
1f48d ring
1f48e gem crystal
1f48f kiss
1f490 bouquet
1f491 couple_with_heart
1f492 wedding
1f493 heartbeat
1f494 broken_heart heartache
1f495 two_hearts
1f496 sparkling_heart
1f497 heart_pulse growing_heart
1f498 cupid smitten heart_arrow
1f499 blue_heart
1f49a green_heart envy
1f49b yellow_heart heart_of_gold
1f49c purple_heart bravery
1f49d gift_heart
1f49e revolving_hearts
1f49f heart_box
1f4a0 cute kawaii diamond_with_a_dot
1f4a1 light_bulb bulb idea
1f4a2 anger bam pow
1f4a3 bomb
1f4a4 zzz
1f4a5 boom explosion crash collision
1f4a6 sweat_drops
1f4a7 drop water_drop
1f4a8 dash
1f4a9 poop pile_of_poo
1f4aa muscle
1f4ab seeing_stars
1f4ac umm speech_balloon
1f4ad thought dream
1f4ae white_flower
1f4af 100 hundred
1f4b0 money
1f4b1 exchange
1f4b2 dollars
1f4b3 credit_card debit_card
1f4b4 yen_banknotes
1f4b5 dollar_bills
1f4b6 euro_banknotes
1f4b7 pound_notes
1f4b8 losing_money easy_come_easy_go money_with_wings
1f4b9 stock_market
1f4ba seat
1f4bb computer laptop
1f4bc briefcase
1f4bd gold_record minidisc
1f4be floppy_disk
1f4bf cd
1f4c0 dvd
1f4c1 organize file_folder
1f4c2 folder
1f4c3 page_with_curl curl
1f4c4 document paper file page
1f4c5 calendar
1f4c6 date
1f4c7 rolodex card_index
1f4c8 chart upwards_trend growing increasing
1f4c9 downwards_trend shrinking decreasing
1f4ca bar_chart
1f4cb clipboard
1f4cc push_pin thumb_tack
1f4cd pin sewing_pin
1f4ce paperclip attachment
1f4cf ruler straightedge
1f4d0 carpenter_square triangular_ruler
1f4d1 place_holder
1f4d2 ledger spiral_notebook
1f4d3 notebook composition_book
1f4d4 decorative_notebook
1f4d5 red_book closed_book
1f4d6 book open_book
1f4d7 green_book
1f4d8 blue_book
1f4d9 orange_book
1f4da books
1f4db name_badge
1f4dc scroll
1f4dd memo note
1f4de landline home_phone
1f4df pager
1f4e0 fax
1f4e1 satellite_antenna
1f4e2 loudspeaker bullhorn
1f4e3 megaphone shout
1f4e4 outbox
1f4e5 inbox
1f4e6 package
1f4e7 e-mail
1f4e8 mail_received
1f4e9 mail_sent sealed
1f4ea closed_mailbox
1f4eb mailbox
1f4ec unread_mail
1f4ed inbox_zero empty_mailbox no_mail
1f4ee mail_dropoff
1f4ef horn
1f4f0 headlines
1f4f1 mobile_phone smartphone iphone android
1f4f2 calling
1f4f3 vibration_mode
1f4f4 phone_off
1f4f5 no_phones
1f4f6 cell_reception signal_strength signal_bars
1f4f7 camera
1f4f8 taking_a_picture say_cheese
1f4f9 video_camera video_recorder
1f4fa tv television
1f4fb radio
1f4fc vhs videocassette
1f4fd projector movie
1f4ff prayer_beads
1f500 shuffle
1f501 repeat
1f502 repeat_one
1f503 clockwise
1f504 counterclockwise return
1f505 low_brightness dim
1f506 brightness high_brightness
1f507 mute no_sound
1f508 speaker
1f509 softer
1f50a louder sound
1f50b battery full_battery
1f50c electric_plug
1f50d search find magnifying_glass
1f50e magnifying_glass_tilted_right contact magnifying right_pointing tilted
1f50f privacy key_signing digital_security protected
1f510 secure lock_with_key safe commitment loyalty
1f511 key
1f512 locked
1f513 unlocked
1f514 notifications bell
1f515 mute_notifications
1f516 bookmark
1f517 link
1f518 radio_button
1f519 back
1f51a end
1f51b on
1f51c soon
1f51d top
1f51e underage nc17
1f51f ten
1f520 capital_abcd capital_letters
1f521 abcd alphabet
1f522 1234 numbers
1f523 symbols
1f524 abc
1f525 fire lit hot flame
1f526 flashlight
1f527 fixing wrench
1f528 hammer maintenance handyman handywoman
1f529 nut_and_bolt screw
1f52a knife hocho betrayed
1f52b gun
1f52c science microscope
1f52d telescope
1f52e crystal_ball oracle future fortune_telling
1f52f dotted_six_pointed_star six_pointed
1f530 beginner
1f531 trident
1f532 white_and_black_square
1f533 black_and_white_square
1f534 red_circle
1f535 blue_circle
1f536 large_orange_diamond
1f537 large_blue_diamond
1f538 small_orange_diamond
1f539 small_blue_diamond
1f53a red_triangle_up
1f53b red_triangle_down
1f53c upvote up_button increase
1f53d downvote down_button decrease
1f549 om hinduism
1f54a dove dove_of_peace
1f54b kaaba
1f54c mosque
1f54d synagogue
1f54e menorah
1f557 time clock
1f56f candle
1f570 mantelpiece_clock
1f573 hole
1f574 levitating hover
1f575-200d-2640 woman_detective
1f575-200d-2642 man_detective
1f575 detective spy sleuth agent sneaky
1f576 dark_sunglasses
1f577 spider
1f578 web spider_web
1f579 joystick arcade
1f57a dancing disco
1f587 office_supplies paperclip_chain linked
1f58a pen ballpoint_pen
1f58b fountain_pen
1f58c paintbrush
1f58d crayon
1f590 high_five palm
1f595 middle_finger
1f596 spock live_long_and_prosper
1f5a4 black_heart
1f5a5 desktop_computer
1f5a8 printer
1f5b1 computer_mouse
1f5b2 trackball
1f5bc picture framed_picture
1f5c2 sort
1f5c3 archive
1f5c4 file_cabinet
1f5d1 wastebasket trash_can
1f5d2 spiral_notepad
1f5d3 spiral_calendar pad
1f5dc compression vise
1f5dd secret dungeon old_key encrypted clue hint
1f5de newspaper swat
1f5e1 dagger rated_for_violence
1f5e3 speaking_head
1f5e8 speech_bubble
1f5ef anger_bubble
1f5f3 ballot_box
1f5fa map world_map road_trip
1f5fb mount_fuji
1f5fc tower tokyo_tower
1f5fd statue new_york statue_of_liberty
1f5fe japan
1f5ff rock_carving moyai
1f600 grinning happy
1f601 grinning_face_with_smiling_eyes
1f602 joy tears laughter_tears
1f603 smiley
1f604 smile
1f605 sweat_smile
1f606 laughing lol
1f607 innocent halo
1f608 smiling_devil smiling_imp smiling_face_with_horns
1f609 wink
1f60a blush
1f60b yum
1f60c relieved
1f60d heart_eyes in_love
1f60e sunglasses
1f60f smirk smug
1f610 neutral
1f611 expressionless
1f612 unamused
1f613 sweat
1f614 pensive tired
1f615 oh_no half_frown concerned confused
1f616 confounded agony
1f617 kissing_face smooch smooches
1f618 heart_kiss blow_a_kiss
1f619 kiss_smiling_eyes
1f61a kiss_with_blush
1f61b stuck_out_tongue mischievous
1f61c stuck_out_tongue_wink joking crazy
1f61d stuck_out_tongue_closed_eyes
1f61e disappointed
1f61f worried
1f620 angry
1f621 rage mad grumpy very_angry
1f622 cry
1f623 persevere helpless
1f624 triumph
1f625 exhausted disappointed_relieved stressed
1f626 frowning
1f627 anguished pained
1f628 fear scared shock
1f629 weary distraught
1f62a sleepy
1f62b anguish
1f62c grimacing nervous anxious
1f62d sob
1f62e-200d-1f4a8 face_exhaling blow blowing exhale exhaling groan relief sigh smoke whisper whistle
1f62e open_mouth surprise
1f62f hushed
1f630 cold_sweat
1f631 scream
1f632 astonished
1f633 flushed embarrassed blushing
1f634 sleeping
1f635-200d-1f4ab face_with_spiral_eyes hypnotized trouble woah
1f635 dizzy
1f636-200d-1f32b face_in_clouds absentminded clouds
1f636 speechless no_mouth blank poker_face
1f637 mask
1f638 smile_cat
1f639 joy_cat
1f63a smiley_cat
1f63b heart_eyes_cat
1f63c smirk_cat smug_cat
1f63d kissing_cat
1f63e angry_cat pouting_cat
1f63f crying_cat
1f640 scream_cat weary_cat
1f641 frown slight_frown
1f642-200d-2194 head_shaking_horizontally horizontally
1f642-200d-2195 head_shaking_vertically nod vertically
1f642 slight_smile
1f643 upside_down oops
1f644 rolling_eyes
1f645-200d-2640 woman_gesturing_no
1f645-200d-2642 man_gesturing_no
1f645 no_signal nope
1f646-200d-2640 woman_gesturing_ok
1f646-200d-2642 man_gesturing_ok
1f646 ok_signal
1f647-200d-2640 woman_bowing
1f647-200d-2642 man_bowing
1f647 bow
1f648 see_no_evil
1f649 hear_no_evil
1f64a speak_no_evil
1f64b-200d-2640 woman_raising_hand
1f64b-200d-2642 man_raising_hand
1f64b raising_hand pick_me
1f64c raised_hands praise
1f64d-200d-2640 woman_frowning
1f64d-200d-2642 man_frowning
1f64d person_frowning
1f64e-200d-2640 woman_pouting
1f64e-200d-2642 man_pouting
1f64e person_pouting
1f64f folded_hands welcome thank_you namaste pray
1f680 rocket
1f681 helicopter
1f682 train steam_locomotive
1f683 railway_car train_car
1f684 high_speed_train
1f685 bullet_train
1f686 oncoming_train
1f687 subway
1f688 light_rail
1f689 station
1f68a oncoming_tram oncoming_streetcar oncoming_trolley
1f68b tram streetcar
1f68c bus school_bus
1f68d oncoming_bus
1f68e trolley
1f68f bus_stop
1f690 minibus
1f691 ambulance
1f692 fire_truck fire_engine
1f693 police_car
1f694 oncoming_police_car
1f695 taxi rideshare
1f696 oncoming_taxi
1f697 car
1f698 oncoming_car oncoming_automobile
1f699 recreational_vehicle jeep
1f69a moving_truck
1f69b truck tractor-trailer big_rig semi_truck transport_truck
1f69c tractor
1f69d monorail elevated_train
1f69e mountain_railway
1f69f suspension_railway
1f6a0 gondola mountain_cableway
1f6a1 aerial_tramway ski_lift
1f6a2 ship
1f6a3-200d-2640 woman_rowing_boat
1f6a3-200d-2642 man_rowing_boat
1f6a3 rowboat crew sculling rowing
1f6a4 speedboat
1f6a5 horizontal_traffic_light
1f6a6 traffic_light vertical_traffic_light
1f6a7 work_in_progress construction_zone
1f6a8 siren rotating_light alert
1f6a9 triangular_flag
1f6aa door
1f6ab prohibited not_allowed
1f6ac smoking
1f6ad no_smoking
1f6ae put_litter_in_its_place
1f6af do_not_litter
1f6b0 potable_water tap_water drinking_water
1f6b1 non-potable_water
1f6b2 bike bicycle
1f6b3 no_bicycles
1f6b4-200d-2640 woman_biking
1f6b4-200d-2642 man_biking
1f6b4 cyclist
1f6b5-200d-2640 woman_mountain_biking
1f6b5-200d-2642 man_mountain_biking
1f6b5 mountain_biker
1f6b6-200d-2640 woman_walking
1f6b6-200d-2640-200d-27a1 woman_walking_facing_right
1f6b6-200d-2642 man_walking
1f6b6-200d-2642-200d-27a1 man_walking_facing_right
1f6b6-200d-27a1 person_walking_facing_right
1f6b6 walking pedestrian
1f6b7 no_pedestrians
1f6b8 children_crossing school_crossing drive_with_care
1f6b9 mens
1f6ba womens
1f6bb restroom
1f6bc baby_change_station nursery
1f6bd toilet
1f6be wc water_closet
1f6bf shower
1f6c0 bath
1f6c1 bathtub
1f6c2 passport_control immigration
1f6c3 customs
1f6c4 baggage_claim
1f6c5 locker locked_bag
1f6cb living_room furniture couch_and_lamp lifestyles
1f6cc in_bed accommodations guestrooms
1f6cd shopping_bags
1f6ce bellhop_bell reception services ding
1f6cf bed bedroom
1f6d0 place_of_worship
1f6d1 stop_sign octagonal_sign
1f6d2 shopping_cart shopping_trolley
1f6d5 hindu_temple hindu temple
1f6d6 hut roundhouse shelter yurt
1f6d7 elevator hoist
1f6dc wireless broadband connectivity hotspot internet network router wi_fi wifi wlan
1f6dd playground_slide amusement park playground slide sliding theme
1f6de wheel tire turn vehicle
1f6df ring_buoy buoy float lifesaver preserver rescue save saver
1f6e0 working_on_it hammer_and_wrench tools
1f6e1 shield
1f6e2 oil_drum commodities
1f6e3 road motorway
1f6e4 railway_track train_tracks
1f6e5 motor_boat
1f6e9 small_airplane
1f6eb take_off departure airplane_departure
1f6ec landing arrival airplane_arrival
1f6f0 satellite
1f6f3 passenger_ship yacht cruise
1f6f4 kick_scooter
1f6f5 scooter motor_bike
1f6f6 canoe
1f6f7 sled luge sledge sleigh toboggan
1f6f8 flying_saucer aliens extra saucer terrestrial
1f6f9 skateboard board skater wheels
1f6fa auto_rickshaw auto rickshaw tuk
1f6fb pickup_truck automobile flatbed pick_up pickup transportation
1f6fc roller_skate blades skates
1f7e0 orange_circle
1f7e1 yellow_circle yellow
1f7e2 green_circle
1f7e3 purple_circle
1f7e4 brown_circle
1f7e5 red_square penalty
1f7e6 blue_square
1f7e7 orange_square
1f7e8 yellow_large_square
1f7e9 green_large_square
1f7ea purple_square
1f7eb brown_square
1f7f0 heavy_equals_sign answer equal equality equals math
1f90c pinched_fingers huh interrogation patience pinched ugh zip
1f90d white_heart
1f90e brown_heart
1f90f pinching_hand amount bit little pinching
1f910 silence quiet hush zip_it lips_are_sealed
1f911 money_face kaching
1f912 sick flu face_with_thermometer ill fever
1f913 nerd geek
1f914 thinking
1f915 hurt head_bandage injured
1f916 robot
1f917 hug arms_open
1f918 rock_on sign_of_the_horns
1f919 call_me
1f91a stop
1f91b left_fist
1f91c right_fist
1f91d handshake done_deal
1f91e fingers_crossed
1f91f love_you_gesture
1f920 cowboy
1f921 clown
1f922 nauseated queasy
1f923 rolling_on_the_floor_laughing rofl
1f924 drooling
1f925 lying
1f926-200d-2640 woman_facepalming
1f926-200d-2642 man_facepalming
1f926 face_palm
1f927 sneezing
1f928 face_with_raised_eyebrow disapproval distrust emoji hmm mild raised skeptic skepticism
1f929 star_struck starry_eyed
1f92a zany_face goofy zany
1f92b shushing_face shh shush shushing
1f92c face_with_symbols_on_mouth censor cursing cussing pissed swearing
1f92d face_with_hand_over_mouth giggle giggling realization sudden whoops
1f92e face_vomiting barf ew gross puke spew vomit vomiting
1f92f exploding_head blown explode exploding mind mindblown shocked way
1f930 pregnant expecting
1f931 breast_feeding breast
1f932 palms_up_together cupped dua palms prayer
1f933 selfie
1f934 prince
1f935-200d-2640 woman_in_tuxedo
1f935-200d-2642 man_in_tuxedo
1f935 tuxedo
1f936 mother_christmas mrs_claus
1f937-200d-2640 woman_shrugging
1f937-200d-2642 man_shrugging
1f937 shrug
1f938-200d-2640 woman_cartwheeling
1f938-200d-2642 man_cartwheeling
1f938 cartwheel acrobatics gymnastics tumbling
1f939-200d-2640 woman_juggling
1f939-200d-2642 man_juggling
1f939 juggling
1f93a fencing
1f93c-200d-2640 women_wrestling
1f93c-200d-2642 men_wrestling
1f93c wrestling
1f93d-200d-2640 woman_playing_water_polo
1f93d-200d-2642 man_playing_water_polo
1f93d water_polo
1f93e-200d-2640 woman_playing_handball
1f93e-200d-2642 man_playing_handball
1f93e handball
1f93f diving_mask snorkeling
1f940 wilted_flower crushed
1f941 drum
1f942 clink toast
1f943 small_glass
1f944 spoon
1f945 gooooooooal goal
1f947 first_place gold number_one
1f948 second_place silver
1f949 third_place bronze
1f94a boxing_glove
1f94b black_belt keikogi dogi martial_arts
1f94c curling_stone curling
1f94d lacrosse
1f94e softball glove underarm
1f94f flying_disc disc ultimate
1f950 croissant
1f951 avocado
1f952 cucumber
1f953 bacon
1f954 potato
1f955 carrot
1f956 baguette
1f957 salad
1f958 paella
1f959 doner_kebab shawarma souvlaki stuffed_flatbread
1f95a egg
1f95b milk glass_of_milk
1f95c peanuts
1f95d kiwi
1f95e pancakes breakfast
1f95f dumpling empanada gyōza jiaozi pierogi potsticker gyoza
1f960 fortune_cookie prophecy
1f961 takeout_box delivery takeout
1f962 chopsticks hashi jeotgarak kuaizi
1f963 bowl_with_spoon bowl cereal congee oatmeal porridge
1f964 cup_with_straw malt soda soft
1f965 coconut colada piña pina
1f966 broccoli wild
1f967 pie filling pastry slice
1f968 pretzel convoluted twisted
1f969 cut_of_meat lambchop porkchop steak
1f96a sandwich
1f96b canned_food can canned
1f96c leafy_green bok burgers choy kale leafy lettuce
1f96d mango
1f96e moon_cake autumn festival yuèbǐng yuebing
1f96f bagel schmear
1f970 smiling_face_with_hearts 3 adore crush
1f971 yawning_face bedtime nap sleep yawn yawning
1f972 smiling_face_with_tear glad pain tear touched
1f973 partying_face bday hooray
1f974 woozy_face drunk intoxicated tipsy uneven wavy
1f975 hot_face dying feverish panting red_faced stroke sweating
1f976 cold_face blue_faced freezing frostbite icicles subzero
1f977 ninja assassin fight fighter skills stealth
1f978 disguised_face disguise incognito moustache mustache tache tash
1f979 face_holding_back_tears admiration aww feelings gratitude holding resist
1f97a pleading_face begging big mercy pleading why
1f97b sari
1f97c lab_coat clothes dr
1f97d goggles dive welding
1f97e hiking_boot backpacking hiking outdoors
1f97f flat_shoe comfy flat flats slip_on slipper
1f980 crab
1f981 lion
1f982 scorpion
1f983 turkey
1f984 unicorn
1f985 eagle
1f986 duck
1f987 bat
1f988 shark
1f989 owl
1f98a fox
1f98b butterfly
1f98c deer
1f98d gorilla
1f98e lizard gecko
1f98f rhinoceros
1f990 shrimp
1f991 squid
1f992 giraffe spots
1f993 zebra stripe
1f994 hedgehog spiny
1f995 sauropod brachiosaurus brontosaurus diplodocus
1f996 t_rex rex t tyrannosaurus
1f997 cricket grasshopper orthoptera
1f998 kangaroo joey jump marsupial
1f999 llama alpaca guanaco vicuña wool vicuna
1f99a peacock colorful ostentatious peahen
1f99b hippopotamus hippo
1f99c parrot talk
1f99d raccoon curious
1f99e lobster bisque claws seafood
1f99f mosquito malaria
1f9a0 microbe amoeba
1f9a1 badger pester
1f9a2 swan cygnet duckling ugly
1f9a3 mammoth tusk wooly
1f9a4 dodo
1f9a5 sloth lazy slow
1f9a6 otter playful
1f9a7 orangutan ape
1f9a8 skunk stink
1f9a9 flamingo flamboyant
1f9aa oyster
1f9ab beaver dam
1f9ac bison buffalo herd wisent
1f9ad seal
1f9ae guide_dog
1f9af white_cane
1f9b4 bone wishbone
1f9b5 leg knee limb
1f9b6 foot ankle stomp
1f9b7 tooth dentist pearly
1f9b8-200d-2640 woman_superhero heroine
1f9b8-200d-2642 man_superhero
1f9b8 superhero
1f9b9-200d-2640 woman_supervillain
1f9b9-200d-2642 man_supervillain
1f9b9 supervillain
1f9ba safety_vest emergency vest
1f9bb ear_with_hearing_aid hard hearing
1f9bc motorized_wheelchair
1f9bd manual_wheelchair
1f9be mechanical_arm arm
1f9bf mechanical_leg
1f9c0 cheese
1f9c1 cupcake dessert sprinkles sugar treat
1f9c2 salt flavor salty taste
1f9c3 beverage_box beverage
1f9c4 garlic
1f9c5 onion
1f9c6 falafel chickpea meatball
1f9c7 waffle indecisive iron
1f9c8 butter dairy
1f9c9 mate
1f9ca ice cube iceberg
1f9cb bubble_tea boba
1f9cc troll monster trolling
1f9cd-200d-2640 woman_standing
1f9cd-200d-2642 man_standing
1f9cd person_standing
1f9ce-200d-2640 woman_kneeling
1f9ce-200d-2640-200d-27a1 woman_kneeling_facing_right
1f9ce-200d-2642 man_kneeling
1f9ce-200d-2642-200d-27a1 man_kneeling_facing_right
1f9ce-200d-27a1 person_kneeling_facing_right
1f9ce person_kneeling
1f9cf-200d-2640 deaf_woman
1f9cf-200d-2642 deaf_man
1f9cf deaf_person
1f9d0 face_with_monocle classy fancy monocle stuffy wealthy
1f9d1-200d-1f33e farmer
1f9d1-200d-1f373 cook
1f9d1-200d-1f37c person_feeding_baby parent
1f9d1-200d-1f384 mx_claus christmas claus holiday merry mx xmas
1f9d1-200d-1f393 student
1f9d1-200d-1f3a4 singer
1f9d1-200d-1f3a8 artist
1f9d1-200d-1f3eb teacher
1f9d1-200d-1f3ed factory_worker
1f9d1-200d-1f4bb technologist
1f9d1-200d-1f4bc office_worker
1f9d1-200d-1f527 mechanic
1f9d1-200d-1f52c scientist
1f9d1-200d-1f680 astronaut
1f9d1-200d-1f692 firefighter
1f9d1-200d-1f91d-200d-1f9d1 people_holding_hands friends twins
1f9d1-200d-1f9af-200d-27a1 person_with_white_cane_facing_right
1f9d1-200d-1f9af person_with_white_cane
1f9d1-200d-1f9b0 person_red_hair
1f9d1-200d-1f9b1 person_curly_hair
1f9d1-200d-1f9b2 person_bald
1f9d1-200d-1f9b3 person_white_hair
1f9d1-200d-1f9bc-200d-27a1 person_in_motorized_wheelchair_facing_right
1f9d1-200d-1f9bc person_in_motorized_wheelchair
1f9d1-200d-1f9bd-200d-27a1 person_in_manual_wheelchair_facing_right
1f9d1-200d-1f9bd person_in_manual_wheelchair
1f9d1-200d-1f9d1-200d-1f9d2 family_adult_adult_child
1f9d1-200d-1f9d1-200d-1f9d2-200d-1f9d2 family_adult_adult_child_child
1f9d1-200d-1f9d2-200d-1f9d2 family_adult_child_child
1f9d1-200d-1f9d2 family_adult_child
1f9d1-200d-2695 health_worker
1f9d1-200d-2696 judge
1f9d1-200d-2708 pilot
1f9d1 person
1f9d2 child bright_eyed grandchild kid young younger
1f9d3 older_person elderly grandparent old wise
1f9d4-200d-2640 woman_beard
1f9d4-200d-2642 man_beard
1f9d4 person_beard
1f9d5 woman_with_headscarf bandana headscarf hijab kerchief mantilla tichel
1f9d6-200d-2640 woman_in_steamy_room
1f9d6-200d-2642 man_in_steamy_room
1f9d6 person_in_steamy_room
1f9d7-200d-2640 woman_climbing
1f9d7-200d-2642 man_climbing
1f9d7 person_climbing
1f9d8-200d-2640 woman_in_lotus_position
1f9d8-200d-2642 man_in_lotus_position
1f9d8 person_in_lotus_position
1f9d9-200d-2640 woman_mage
1f9d9-200d-2642 man_mage
1f9d9 mage
1f9da-200d-2640 woman_fairy titania
1f9da-200d-2642 man_fairy oberon puck
1f9da fairy
1f9db-200d-2640 woman_vampire
1f9db-200d-2642 man_vampire
1f9db vampire dracula
1f9dc-200d-2640 mermaid merwoman
1f9dc-200d-2642 merman neptune poseidon triton
1f9dc merperson
1f9dd-200d-2640 woman_elf
1f9dd-200d-2642 man_elf
1f9dd elf
1f9de-200d-2640 woman_genie
1f9de-200d-2642 man_genie
1f9de genie
1f9df-200d-2640 woman_zombie
1f9df-200d-2642 man_zombie
1f9df zombie
1f9e0 brain intelligent smart
1f9e1 orange_heart
1f9e2 billed_cap billed cap
1f9e3 scarf neck
1f9e4 gloves
1f9e5 coat brr
1f9e6 socks stocking
1f9e7 red_envelope hóngbāo lai see hongbao
1f9e8 firecracker dynamite explosive pop popping spark
1f9e9 puzzle_piece interlocking jigsaw piece puzzle
1f9ea test_tube chemistry test tube
1f9eb petri_dish biology culture dish petri
1f9ec dna evolution gene genetics
1f9ed compass direction navigation orienteering
1f9ee abacus calculation calculator
1f9ef fire_extinguisher extinguish extinguisher quench
1f9f0 toolbox chest
1f9f1 brick bricks clay mortar wall
1f9f2 magnet attraction horseshoe negative positive shape u
1f9f3 luggage bag packing suitcase travel
1f9f4 lotion_bottle bottle lotion moisturizer shampoo sunscreen
1f9f5 thread spool string
1f9f6 yarn crochet knit
1f9f7 safety_pin diaper punk
1f9f8 teddy_bear plaything plush teddy
1f9f9 broom sweeping
1f9fa basket farming laundry picnic
1f9fb roll_of_paper roll towels
1f9fc soap bar lather soapdish
1f9fd sponge absorbing porous soak
1f9fe receipt accounting bookkeeping evidence invoice proof
1f9ff nazar_amulet bead charm evil_eye nazar talisman
1fa70 ballet_shoes shoes
1fa71 one_piece_swimsuit
1fa72 briefs
1fa73 shorts pants
1fa74 thong_sandal flop sandals thong thongs zōri zori
1fa75 light_blue_heart cyan sky teal
1fa76 grey_heart gray grey slate
1fa77 pink_heart adorable
1fa78 drop_of_blood bleed donation injury menstruation
1fa79 adhesive_bandage adhesive bandage
1fa7a stethoscope
1fa7b x_ray xray
1fa7c crutch disability help mobility
1fa80 yo_yo fluctuate
1fa81 kite
1fa82 parachute hang_glide parasail skydive
1fa83 boomerang rebound repercussion weapon
1fa84 magic_wand magician wand
1fa85 piñata cinco de festive mayo pinada pinata
1fa86 nesting_dolls babooshka baboushka babushka doll matryoshka russia
1fa87 maracas cha percussion rattle
1fa88 flute band fife flautist marching piccolo pipe recorder woodwind
1fa89 harp
1fa8f shovel bury dig scoop spade
1fa90 ringed_planet planet ringed saturn saturnine
1fa91 chair sit
1fa92 razor sharp shave
1fa93 axe ax hatchet split
1fa94 diya_lamp diya oil
1fa95 banjo stringed
1fa96 military_helmet army military warrior
1fa97 accordion concertina squeeze squeezebox
1fa98 long_drum conga long rhythm
1fa99 coin dollar euro metal
1fa9a carpentry_saw carpenter carpentry saw trim
1fa9b screwdriver flathead handy
1fa9c ladder rung step
1fa9d hook crook curve ensnare point selling
1fa9e mirror makeup reflection reflector speculum
1fa9f window air frame fresh opening transparent view
1faa0 plunger force suction
1faa1 sewing_needle embroidery sew stitches sutures tailoring
1faa2 knot cord rope tangled twine twist
1faa3 bucket cask vat
1faa4 mouse_trap bait lure mousetrap snare trap
1faa5 toothbrush bathroom brush dental hygiene toiletry
1faa6 headstone cemetery graveyard memorial rip tomb tombstone
1faa7 placard demonstration notice picket plaque protest
1faa8 rock boulder solid tough
1faa9 mirror_ball glitter
1faaa identification_card credentials identification license security
1faab low_battery drained electronic energy low
1faac hamsa fatima mary miriam protect
1faad folding_hand_fan clack cooling fan flutter folding
1faae hair_pick afro comb
1faaf khanda deg fateh khalsa religion sikh sikhism tegh
1fab0 fly maggot rotting
1fab1 worm annelid earthworm parasite
1fab2 beetle
1fab3 cockroach roach
1fab4 potted_plant decor grow nurturing potted
1fab5 wood log timber
1fab6 feather flight plumage
1fab7 lotus calm purity
1fab8 coral change climate reef
1fab9 empty_nest
1faba nest_with_eggs eggs
1fabb hyacinth bloom bluebonnet indigo lavender lilac lupine shrub snapdragon spring violet
1fabc jellyfish aquarium invertebrate jelly marine ouch plankton sting stinger tentacles
1fabd wing angelic aviation heavenly mythology
1fabe leafless_tree bare barren branches drought leafless trunk winter
1fabf goose flock fowl gaggle gander geese honk silly
1fac0 anatomical_heart anatomical cardiology pulse real
1fac1 lungs breath breathe exhalation inhalation lung respiration
1fac2 people_hugging comfort embrace farewell friendship goodbye hugging thanks
1fac3 pregnant_man
1fac4 pregnant_person
1fac5 person_with_crown monarch noble regal royal royalty
1fac6 fingerprint crime forensics identity mystery print trace
1face moose alces antlers elk
1facf donkey ass burro hinny mule stubborn
1fad0 blueberries berries berry bilberry blueberry
1fad1 bell_pepper capsicum pepper
1fad2 olive
1fad3 flatbread arepa gordita lavash naan pita
1fad4 tamale mexican pamonha wrapped
1fad5 fondue melted
1fad6 teapot brew
1fad7 pouring_liquid accident pour pouring
1fad8 beans kidney
1fad9 jar container nothing sauce store
1fada ginger_root ginger natural spice
1fadb pea_pod beanstalk edamame pea pod soybean
1fadc root_vegetable beet radish turnip
1fadf splatter drip holi ink mess paint stain
1fae0 melting_face dissolve haha melt melting
1fae1 saluting_face maam respect salute saluting sir troops
1fae2 face_with_open_eyes_and_hand_over_mouth amazement awe open
1fae3 face_with_peeking_eye captivated hiding peek peeking peep stare
1fae4 face_with_diagonal_mouth confusion diagonal doubtful frustration unsure
1fae5 dotted_line_face depressed dotted introvert invisible line
1fae6 biting_lip biting flirting lip sexy uncomfortable worry
1fae7 bubbles burp floating underwater
1fae8 shaking_face daze earthquake panic vibrate
1fae9 face_with_bags_under_eyes bags fatigued late
1faf0 hand_with_index_finger_and_thumb_crossed crossed expensive snap thumb
1faf1 rightwards_hand
1faf2 leftwards_hand
1faf3 palm_down_hand dismiss dropped shoo
1faf4 palm_up_hand beckon come offer tell
1faf5 index_pointing_at_the_viewer at pointing poke viewer
1faf6 heart_hands
1faf7 leftwards_pushing_hand
1faf8 rightwards_pushing_hand
203c bangbang double_exclamation
2049 interrobang
2122 tm trademark
2139 info
2194 left_right swap
2195 up_down
2196 upper_left north_west
2197 upper_right north_east
2198 lower_right south_east
2199 lower_left south_west
21a9 reply left_hook
21aa forward right_hook
231a watch
231b times_up hourglass_done
2328 keyboard
23cf eject_button eject
23e9 fast_forward
23ea rewind fast_reverse
23eb double_up fast_up
23ec double_down fast_down
23ed next_track skip_forward
23ee previous_track skip_back
23ef play_pause
23f0 alarm_clock
23f1 stopwatch
23f2 timer
23f3 time_ticking hourglass
23f8 pause
23f9 stop_button
23fa record
24c2 metro m
25aa black_small_square
25ab white_small_square
25b6 play
25c0 play_reverse
25fb white_medium_square
25fc black_medium_square
25fd white_medium_small_square
25fe black_medium_small_square
2600 sunny
2601 cloud overcast
2602 umbrella
2603 snowman
2604 comet meteor
260e phone telephone
2611 checkbox
2614 umbrella_with_rain
2615 coffee
2618 shamrock clover
261d wait_one_second point_of_information asking_a_question
2620 skull_and_crossbones pirate death hazard toxic poison
2622 radioactive nuclear
2623 biohazard
2626 orthodox_cross
262a star_and_crescent islam
262e peace
262f yin_yang
2638 wheel_of_dharma buddhism
2639 sad big_frown
263a smiling_face relaxed
2640 female_sign female
2642 male_sign male
2648 aries
2649 taurus
264a gemini
264b cancer
264c leo
264d virgo
264e libra
264f scorpius
2650 sagittarius
2651 capricorn
2652 aquarius
2653 pisces
265f chess_pawn chess dupe expendable pawn
2660 spades
2663 clubs
2665 hearts
2666 diamonds
2668 hot_springs
267b recycle
267e infinity forever unbounded universal
267f accessible wheelchair disabled
2692 at_work hammer_and_pick
2693 anchor
2694 duel swords
2695 medical_symbol aesculapius staff
2696 justice scales balance
2697 alchemy alembic
2699 gear settings mechanical engineer
269b atom physics
269c fleur_de_lis
26a0 warning caution danger
26a1 high_voltage zap
26a7 transgender_symbol
26aa white_circle
26ab black_circle
26b0 coffin burial grave
26b1 funeral_urn cremation
26bd football soccer
26be baseball
26c4 frosty
26c5 partly_sunny partly_cloudy
26c8 thunderstorm thunder_and_rain
26ce ophiuchus
26cf mine pick
26d1 helmet hard_hat rescue_worker safety_first invincible
26d3-200d-1f4a5 broken_chain break breaking broken chain cuffs freedom
26d3 chains
26d4 no_entry wrong_way
26e9 shinto_shrine
26ea church
26f0 mountain
26f1 beach_umbrella
26f2 fountain
26f3 hole_in_one
26f4 ferry
26f5 boat sailboat
26f7 skier
26f8 ice_skate
26f9-200d-2640 woman_bouncing_ball
26f9-200d-2642 man_bouncing_ball
26f9 ball sports
26fa tent camping
26fd fuel_pump gas_pump petrol_pump
2702 scissors
2705 check all_good approved
2708 airplane
2709 email envelope mail
270a fist power
270b hand raised_hand
270c peace_sign victory
270d writing
270f pencil
2712 black_nib nib
2714 check_mark
2716 multiplication multiply
271d cross christianity
2721 star_of_david judaism jewish
2728 sparkles glamour
2733 eight_spoked_asterisk
2734 eight_pointed_star
2744 snowflake
2747 sparkle
274c cross_mark incorrect wrong
274e x
2753 question
2754 grey_question
2755 grey_exclamation
2757 exclamation
2763 heart_exclamation
2764-200d-1f525 heart_on_fire lust sacred
2764-200d-1fa79 mending_heart healthier improving mending recovering recuperating well
2764 heart love love_you
2795 plus add
2796 minus subtract
2797 division divide
27a1 right east
27b0 loop
27bf double_loop voicemail
2934 heading_up
2935 heading_down
2b05 left west
2b06 up north
2b07 down south
2b1b black_large_square
2b1c white_large_square
2b50 star
2b55 circle
3030 wavy_dash
303d part_alternation
3297 japanese_congratulations_button congratulations
3299 japanese_secret_button
`;

main(process.argv.slice(2));
