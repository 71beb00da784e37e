import { describe, expect, it } from 'vitest';

import { topicLinks } from './topic-links.js';

// [topic, links]
const cases: [string, { text: string; url: string }[]][] = [
  ['no links here', []],
  ['see https://zulip.com/x', [{ text: 'https://zulip.com/x', url: 'https://zulip.com/x' }]],
  ['http://a.io', [{ text: 'http://a.io', url: 'http://a.io' }]],
  ['zulip.com', [{ text: 'zulip.com', url: 'https://zulip.com' }]],
  ['zulip.com/a/b?c=d#e', [{ text: 'zulip.com/a/b?c=d#e', url: 'https://zulip.com/a/b?c=d#e' }]],
  ['zulip.com/a?#', [{ text: 'zulip.com/a?#', url: 'https://zulip.com/a' }]],
  ['visit zulip.com.', [{ text: 'zulip.com', url: 'https://zulip.com' }]],
  ['(zulip.com)', [{ text: 'zulip.com', url: 'https://zulip.com' }]],
  [
    'a zulip.com, b.org',
    [
      { text: 'zulip.com', url: 'https://zulip.com' },
      { text: 'b.org', url: 'https://b.org' },
    ],
  ],
  ['https://en.wikipedia.org/wiki/(bar', []],
  // The topic is split at `)` before URLs are looked for, so a balanced parenthesis cannot close.
  ['https://en.wikipedia.org/wiki/Foo_(bar)', []],
  ['https://a.io/(x)y z', []],
  ['https://a.io/x(y z', []],
  ['mail a@b.io', [{ text: 'a@b.io', url: 'https://a@b.io' }]],
  ['foo.py and foo.md', []],
  ['ZULIP.COM', []],
  ['=zulip.com', []],
  ['zulip.comx', []],
  ['a.com a.com', [{ text: 'a.com', url: 'https://a.com' }]],
  ['', []],
];

describe('topicLinks', () => {
  it.each(cases)('%j', (topic, links) => {
    expect(topicLinks(topic)).toEqual(links);
  });
});
