import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { renderMessage } from '../render.js';
import { findAlertWords } from './alert-words.js';
import { encodeHashComponent } from './hash-encoding.js';
import { makeContext, renderPlain } from './test-context.js';
import { parseGlobalTime } from './time.js';
import { topicLinks } from './topic-links.js';

const pieces = [
  '@',
  '_',
  '*',
  '**',
  '#',
  '>',
  '<',
  'time:',
  '$$',
  ':',
  ')',
  '(',
  '|',
  '1',
  'Iago',
  'all',
  'design',
  'cat',
  'support',
  '👍',
  '\ufe0f',
  '\u200d',
  '🏽',
  '`',
  '[',
  '](http://x.io)',
  '\n',
  '> ',
  ' ',
  'PM',
  'May 28 2020',
  '\ud800',
  '\\',
];
const markdownish = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));
const anyText = fc.oneof(markdownish, fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }));

describe('never throws', () => {
  const context = makeContext({ translateEmoticons: true });

  it('renders any input', () => {
    fc.assert(
      fc.property(anyText, (source) => {
        expect(typeof renderPlain(source, context).html).toBe('string');
      }),
      { numRuns: 1500 },
    );
  });

  it('renders any input in the dialect', () => {
    fc.assert(
      fc.property(anyText, (source) => {
        expect(typeof renderMessage(source, context).html).toBe('string');
      }),
      { numRuns: 1500 },
    );
  });

  it('parses any time, topic, alert word and hash component', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        parseGlobalTime(a);
        topicLinks(a);
        findAlertWords(a, [b]);
        encodeHashComponent(a);
      }),
      { numRuns: 1500 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(markdownish, (source) => {
        expect(renderPlain(source, context)).toEqual(renderPlain(source, context));
      }),
      { numRuns: 300 },
    );
  });
});

describe('renders pathological input', () => {
  it.each([
    ['<time:', 20000],
    ['@**a ', 20000],
    ['@*a ', 20000],
    ['#**a>b ', 15000],
    ['$$a ', 20000],
    [':a', 40000],
    [':) ', 30000],
    ['👍🏽', 30000],
    ['> @**a ', 10000],
    ['<time:', 20000, '`x`>'],
    ['$$a', 20000, '`x`$$'],
  ] as [string, number, string?][])('%j × %d', (unit, count, tail = '') => {
    const context = makeContext({ translateEmoticons: true });
    // How long these take is measured by `npm run bench` (pathological inputs), not here.
    expect(typeof renderPlain(unit.repeat(count) + tail, context).html).toBe('string');
    expect(typeof renderMessage(unit.repeat(count / 4) + tail, context).html).toBe('string');
  });

  it('finds alert words in a long text', () => {
    // Inside a run of letters a word has no boundary; at the end of the text it does.
    expect(findAlertWords('a'.repeat(100000), ['aaa', 'b'])).toBe(false);
    expect(findAlertWords(`${'x '.repeat(50000)}aaa`, ['aaa'])).toBe(true);
  });
});
