/**
 * The real server's bare-URL regex (`get_web_link_regex`, server-markdown.md §2.8) for topic links, where it is applied
 * to short pieces of a topic. Message bodies use the dialect's scanner (dialect/autolink.ts); this shares its TLD set.
 */
import { PY_SPACE, PY_WORD } from '../dialect/python.js';
import { TLDS } from '../dialect/tlds.js';

function nestedParens(): string {
  const group = `[^${PY_SPACE}()"]*?(?:\\(%s\\)[^${PY_SPACE}()"]*?)*`;
  let chunk = group;
  for (let i = 0; i < 6; i++) chunk = chunk.replace('%s', group);
  return chunk.replace('%s', `[^${PY_SPACE}()"]*`);
}

let compiled: RegExp | undefined;

/** Finds the leftmost bare URL; group `url` is the link text. Built on first use (the TLD alternation is large). */
export function webLinkRegex(): RegExp {
  compiled ??= new RegExp(
    `(?<![^${PY_SPACE}'"(,:<])` +
      '(?<url>' +
      `(?:(?:https?://[${PY_WORD}.:@-]+?|(?:[${PY_WORD}-]+\\.)+(?:${[...TLDS].sort((a, b) => b.length - a.length).join('|')}))(?:/${nestedParens()})?)` +
      `|(?:[${PY_WORD}.-]+@[${PY_WORD}.-]+\\.[${PY_WORD}]+)` +
      '|(?:bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34})' +
      ')' +
      `(?=[!:;?),.'">]*(?:$|[${PY_SPACE}]))`,
    'u',
  );
  return compiled;
}
