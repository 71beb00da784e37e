import { describe, expect, it } from 'vitest';

import { findAlertWords } from './alert-words.js';

// [content, alert words, found]
const cases: [string, string[], boolean][] = [
  ['hello world', ['world'], true],
  ['hello WORLD', ['world'], true],
  ['hello world', ['WoRlD'], true],
  ['worldly', ['world'], false],
  ['the world.', ['world'], true],
  ['(world)', ['world'], true],
  ['"world"', ['world'], true],
  ['[world]', ['world'], true],
  ['*world*', ['world'], true],
  ['`world`', ['world'], true],
  ['> world', ['world'], true],
  ['world? yes', ['world'], true],
  ['world! yes', ['world'], true],
  ['world: yes', ['world'], true],
  ["world's", ['world'], true],
  ['world;', ['world'], true],
  ['a\nworld\nb', ['world'], true],
  ['helloworld', ['world'], false],
  ['-world', ['world'], true],
  ['x-world', ['world'], false],
  ['world-x', ['world'], false],
  ['world>', ['world'], false],
  ['x<world', ['world'], false],
  // The real server checks the character before only from index 2 on.
  ['<world', ['world'], true],
  ['xworld', ['world'], true],
  ['xxworld', ['world'], false],
  ['worldx world', ['world'], true],
  ['multi word phrase here', ['word phrase'], true],
  ['code: `release`', ['release'], true],
  ['nothing', [], false],
  ['anything', [''], false],
  ['', ['x'], false],
  ['x', ['x'], true],
];

describe('findAlertWords', () => {
  it.each(cases)('%j with %j', (content, words, found) => {
    expect(findAlertWords(content, words)).toBe(found);
  });
});
