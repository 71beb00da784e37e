/**
 * docs/feature-levels.md, generated from the feature-level table: each
 * level chatref serves, what the real server changed there, and what chatref
 * does about it. `npm run docs:feature-levels` writes it; a test keeps it current.
 */
import type { LevelChange } from '../model/feature-levels/change.js';
import { OLDEST_FEATURE_LEVEL, RELEASES, serverVersionAt } from '../model/feature-levels/releases.js';
import { FEATURE_LEVEL_CHANGES } from '../model/feature-levels/table.js';
import { FEATURE_LEVEL } from '../model/version.js';

const STATUS_WORDS: Readonly<Record<LevelChange['status'], string>> = {
  implemented: 'implemented',
  'nothing-to-do': 'nothing to do',
  approximate: 'approximate',
};

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function featureLevelReference(changes: readonly LevelChange[] = FEATURE_LEVEL_CHANGES): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.status, (counts.get(change.status) ?? 0) + 1);
  const lines = [
    '# Feature levels',
    '',
    '<!-- Generated from src/model/feature-levels/ by `npm run docs:feature-levels`; edit the table, not this file. -->',
    '',
    `chatref answers as a Zulip server of any API feature level from ${OLDEST_FEATURE_LEVEL} (Zulip 7.0) to ${FEATURE_LEVEL}:`,
    '`chatref serve --feature-level N`, `createServer({ featureLevel: N })`, `createModel({ featureLevel: N })`, or a',
    "fixture's `feature_level`. Answers and events are built in the newest form and walked back, change by change, to",
    "the level's form; requests walk forward. `chatref conform` judges a server as of the level it reports.",
    '',
    '| release | feature level | `zulip_version` |',
    '| --- | --- | --- |',
    ...RELEASES.map((release) => `| Zulip ${release.version} | ${release.featureLevel} | \`${serverVersionAt(release.featureLevel).zulipVersion}\` |`),
    `| (newest) | ${FEATURE_LEVEL} | \`${serverVersionAt(FEATURE_LEVEL).zulipVersion}\` |`,
    '',
    `${changes.length} changes: ${[...counts].map(([status, count]) => `${count} ${STATUS_WORDS[status as LevelChange['status']]}`).join(', ')}.`,
    '*Approximate* rows say where chatref differs from the real server; *nothing to do* rows say why the change needs nothing here.',
    '',
    '| level | endpoints | change | chatref |',
    '| --- | --- | --- | --- |',
  ];
  for (const change of changes) {
    const endpoints = change.endpoints.map((endpoint) => `\`${endpoint}\``).join(', ');
    lines.push(`| ${change.level} | ${cell(endpoints)} | ${cell(change.change)} | **${STATUS_WORDS[change.status]}**: ${cell(change.note)} |`);
  }
  return `${lines.join('\n')}\n`;
}
