import { describe, expect, it } from 'vitest';

import { renderPlain } from './test-context.js';
import { globalTimeHtml, parseGlobalTime } from './time.js';
import { formatInstant } from './time-civil.js';

const iso = (input: string): string | undefined => {
  const instant = parseGlobalTime(input);
  return instant && formatInstant(instant);
};

// [body of <time:…>, datetime attribute or undefined for an error]
const cases: [string, string | undefined][] = [
  ['2020-05-28T13:30:00+05:30', '2020-05-28T08:00:00Z'],
  ['2020-05-28T13:30:00Z', '2020-05-28T13:30:00Z'],
  ['2020-05-28T13:30:00', '2020-05-28T13:30:00Z'],
  ['2020-05-28 13:30', '2020-05-28T13:30:00Z'],
  ['2020-05-28', '2020-05-28T00:00:00Z'],
  ['2020-05-28T13:30:00-08:00', '2020-05-28T21:30:00Z'],
  ['2020-05-28T13:30:00-0800', '2020-05-28T21:30:00Z'],
  ['2020-05-28T13:30:00+05', '2020-05-28T08:30:00Z'],
  ['2020-05-28T13:30:00.5Z', '2020-05-28T13:30:00.500000Z'],
  ['2020-05-28T13:30:00.1234567Z', '2020-05-28T13:30:00.123456Z'],
  ['2020-05-28T00:30:00+01:00', '2020-05-27T23:30:00Z'],
  ['2020-12-31T23:30:00-01:00', '2021-01-01T00:30:00Z'],
  ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00Z'],
  ['20200528', '2020-05-28T00:00:00Z'],
  ['20200528T133000', '2020-05-28T13:30:00Z'],
  // Human forms and abbreviations.
  ['May 28 2020, 1:30 PM IST', '2020-05-28T08:00:00Z'],
  ['May 28, 2020 1:30 PM PST', '2020-05-28T21:30:00Z'],
  ['May 28 2020 1:30 PM PDT', '2020-05-28T20:30:00Z'],
  ['28 May 2020 13:30 CET', '2020-05-28T12:30:00Z'],
  ['28 May 2020 13:30 CEST', '2020-05-28T11:30:00Z'],
  ['Thursday, May 28, 2020 at 9:00 am EDT', '2020-05-28T13:00:00Z'],
  ['Jan 1 2021 12:00 AM EST', '2021-01-01T05:00:00Z'],
  ['Jan 1 2021 12:00 PM CST', '2021-01-01T18:00:00Z'],
  ['December 31st 1999 11:59:59 pm GMT', '1999-12-31T23:59:59Z'],
  ['1 PM May 28 2020 UTC', '2020-05-28T13:00:00Z'],
  ['May 28 2020 1:30 PM GMT+3', '2020-05-28T16:30:00Z'],
  ['May 28 2020 1:30 PM XYZ', '2020-05-28T13:30:00Z'],
  ['5/28/2020 13:30', '2020-05-28T13:30:00Z'],
  ['28/5/2020 13:30', '2020-05-28T13:30:00Z'],
  ['28.05.2020 13:30', '2020-05-28T13:30:00Z'],
  ['28-May-2020', '2020-05-28T00:00:00Z'],
  ['2020/05/28', '2020-05-28T00:00:00Z'],
  // Unix timestamps in seconds, as Python's float().
  ['1590672600', '2020-05-28T13:30:00Z'],
  ['1590672600.5', '2020-05-28T13:30:00.500000Z'],
  ['  1590672600  ', '2020-05-28T13:30:00Z'],
  ['1_590_672_600', '2020-05-28T13:30:00Z'],
  ['1e9', '2001-09-09T01:46:40Z'],
  ['-86400', '1969-12-31T00:00:00Z'],
  ['0', '1970-01-01T00:00:00Z'],
  ['99999', '1970-01-02T03:46:39Z'],
  ['0.0000005', '1970-01-01T00:00:00Z'],
  ['0.0000015', '1970-01-01T00:00:00.000002Z'],
  // Invalid.
  ['garbage', undefined],
  ['', undefined],
  ['2020-13-01', undefined],
  ['2021-02-29', undefined],
  ['2020-05-28T25:00', undefined],
  ['May 28 2020 13:30 PM', undefined],
  ['May 28 2020 IST', undefined],
  ['May 28 2020 1:30 pm ist', undefined],
  ['inf', undefined],
  ['nan', undefined],
  ['1e20', undefined],
  ['1590672600000', undefined],
  ['0000-01-01', undefined],
  // Forms the real server completes from today's date: no clock here, so invalid.
  ['13:30', undefined],
  ['1:30 PM IST', undefined],
  ['May 28', undefined],
  ['May 2020', undefined],
  ['Monday', undefined],
  ['2020', undefined],
  ['28', undefined],
  ['5/28/20', undefined],
];

describe('parseGlobalTime', () => {
  it.each(cases)('%j → %j', (input, expected) => {
    expect(iso(input)).toBe(expected);
  });
});

describe('<time:…>', () => {
  it.each([
    ['<time:2020-05-28T13:30:00+05:30>', '<time datetime="2020-05-28T08:00:00Z">2020-05-28T13:30:00+05:30</time>'],
    ['at <time:1590672600>!', 'at <time datetime="2020-05-28T13:30:00Z">1590672600</time>!'],
    ['<time:garbage>', '<span class="timestamp-error">Invalid time format: garbage</span>'],
    ['<time:<b>', '<span class="timestamp-error">Invalid time format: &lt;b</span>'],
    ['<time:>', '<span class="timestamp-error">Invalid time format: </span>'],
    ['<time:2020-05-28', '&lt;time:2020-05-28'],
    ['`<time:2020-05-28>`', '<code>&lt;time:2020-05-28&gt;</code>'],
    ['[<time:1590672600>](https://zulip.com)', '<a href="https://zulip.com"><time datetime="2020-05-28T13:30:00Z">1590672600</time></a>'],
    ['<time:1590672600><time:0>', '<time datetime="2020-05-28T13:30:00Z">1590672600</time><time datetime="1970-01-01T00:00:00Z">0</time>'],
  ])('%j', (source, html) => {
    expect(renderPlain(source).html).toBe(html);
  });

  it('escapes the typed text', () => {
    expect(globalTimeHtml('a & b')).toBe('<span class="timestamp-error">Invalid time format: a &amp; b</span>');
  });
});
