import { describe, expect, it } from 'vitest';

import { renderMessage } from '../render.js';
import type { RenderLinkifier } from '../types.js';
import { compileRe2, expandUrlTemplate, linkifierTopicMatches, urlTemplateVariables } from './linkifiers.js';
import { makeContext } from './test-context.js';
import { topicLinks } from './topic-links.js';

const ISSUE: RenderLinkifier = { pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://trac.example/ticket/{id}' };

function render(content: string, linkifiers: readonly RenderLinkifier[] = [ISSUE]): string {
  return renderMessage(content, makeContext({ linkifiers })).html;
}

const link = (id: string) => `<a href="https://trac.example/ticket/${id}">#${id}</a>`;

describe('compileRe2', () => {
  it('reports C++ RE2’s error texts, as the real server does', () => {
    const error = (source: string) => {
      const compiled = compileRe2(source);
      return compiled.ok ? 'compiled' : compiled.error;
    };
    expect(error('(foo')).toBe('missing ): (foo');
    expect(error('ZUL-(?P<id>\\d????)')).toBe('bad repetition operator: ????');
    expect(error('????')).toBe('no argument for repetition operator: ??');
    expect(error('a)')).toBe('unexpected ): a)');
    expect(error('[a')).toBe('missing ]: [a');
    expect(error('a\\')).toBe('trailing \\');
    expect(error('(?=x)')).toBe('invalid perl operator: (?=');
    expect(error('\\1')).toBe('invalid escape sequence: \\1');
    expect(error('x{1001}')).toBe('invalid repetition size: {1001}');
    expect(error('[z-a]')).toBe('invalid character class range: z-a');
    expect(error('(?P<a>x)(?P<a>y)')).toBe('invalid named capture group: (?P<a>');
    expect(error('(?P<id>[0-9]+)\\pL')).toBe('compiled');
  });

  it('accepts backtracking-prone patterns, which RE2 matches in linear time', () => {
    expect(compileRe2('(a+)+$').ok).toBe(true);
    expect(compileRe2('(a|aa)+b').ok).toBe(true);
  });
});

describe('URL templates', () => {
  it('lists the variables of valid RFC 6570 templates and refuses invalid ones as the Python library does', () => {
    expect(urlTemplateVariables('https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}')).toEqual([
      'zone',
      'domain',
      'location',
      'id',
      'name',
      'chapter',
      'fragment',
    ]);
    for (const valid of ['$not_a_url$', 'https://example.com/%%(foo)s', 'https://example.com/foo[bar]', 'https://example.com{/foo,bar,baz}', '']) {
      expect(urlTemplateVariables(valid), valid).toBeDefined();
    }
    for (const invalid of [
      'https://example.com/{foo',
      'https://example.com/{{}',
      'https://example.com/{//foo}',
      'https://example.com/{bar++}',
      'a}b',
      '{a(b)}',
      '{ab:0}',
    ]) {
      expect(urlTemplateVariables(invalid), invalid).toBeUndefined();
    }
  });

  it('expands with the Python library’s encoding; an unmatched group is undefined', () => {
    expect(expandUrlTemplate('https://x.example/{id}', { id: 'a b/c' })).toBe('https://x.example/a%20b%2Fc');
    expect(expandUrlTemplate('https://x.example/{+id}', { id: 'a b/c' })).toBe('https://x.example/a%20b/c');
    expect(expandUrlTemplate('https://x.example/search{?q}', { q: null })).toBe('https://x.example/search');
    expect(expandUrlTemplate('https://x.example/%%/{id}', { id: '1' })).toBe('https://x.example/%25%25/1');
  });
});

describe('linkifiers in message bodies', () => {
  it('links a match with the template expanded from its named groups', () => {
    expect(render('fix #123 now')).toBe(`<p>fix ${link('123')} now</p>`);
  });

  it('needs the start, whitespace (NEL and Unicode separators too) or one of \'"(,:< before a match', () => {
    expect(render('#1')).toBe(`<p>${link('1')}</p>`);
    for (const before of ['(', '"', "'", ',', ':', '\u0085', '\u2003', '\u3000']) {
      expect(render(`x${before}#4`), JSON.stringify(before)).toContain(link('4'));
    }
    expect(render('issue#124')).toBe('<p>issue#124</p>');
    expect(render('x/#5 x-#6 x=#7')).toBe('<p>x/#5 x-#6 x=#7</p>');
  });

  it('needs the end or a character that is neither a letter nor a digit after a match', () => {
    expect(render('#1124z')).toBe('<p>#1124z</p>');
    expect(render('#12é')).toBe('<p>#12é</p>');
    expect(render('see #12, #13. (#14)')).toBe(`<p>see ${link('12')}, ${link('13')}. (${link('14')})</p>`);
    expect(render('#1 #2')).toBe(`<p>${link('1')} ${link('2')}</p>`);
    // The first link now stands where the second's start would be.
    expect(render('#1#2')).toBe(`<p>${link('1')}#2</p>`);
  });

  it('leaves code, Markdown links and bare URLs alone, and links before emphasis and emoji apply', () => {
    expect(render('`#1` and #2')).toBe(`<p><code>#1</code> and ${link('2')}</p>`);
    expect(render('```\n#1\n```')).toBe('<div class="codehilite"><pre><span></span><code>#1\n</code></pre></div>');
    expect(render('[see #1](https://a.example)')).toBe('<p><a href="https://a.example">see #1</a></p>');
    expect(render('https://a.example/#1')).toBe('<p><a href="https://a.example/#1">https://a.example/#1</a></p>');
    // Emphasis comes later, so the linkifier sees the asterisks: `*` is no allowed start.
    expect(render('**#1**')).toBe('<p><strong>#1</strong></p>');
    expect(render('** #1 **')).toBe(`<p><strong> ${link('1')} </strong></p>`);
    // ***x*** comes earlier: its text is processed on its own, from its start.
    expect(render('***#1***')).toContain(link('1'));
    expect(render('#1 :octopus:')).toMatch(new RegExp(`^<p>${link('1')} <span aria-label="octopus"`));
  });

  it('applies linkifiers in their order: a later one cannot see into an earlier one’s links', () => {
    const specific: RenderLinkifier = { pattern: '#(?P<id>1[0-9]*)', urlTemplate: 'https://one.example/{id}' };
    expect(render('#15 #25', [specific, ISSUE])).toBe(`<p><a href="https://one.example/15">#15</a> ${link('25')}</p>`);
    expect(render('#15 #25', [ISSUE, specific])).toBe(`<p>${link('15')} ${link('25')}</p>`);
  });

  it('keeps text whose URL the sanitiser refuses, and makes links into the realm relative', () => {
    expect(render('js:alert', [{ pattern: 'js:(?P<code>\\w+)', urlTemplate: 'javascript:{code}' }])).toBe('<p>js:alert</p>');
    expect(render('T1', [{ pattern: 'T(?P<id>\\d)', urlTemplate: 'http://localhost:9991/#narrow/id/{id}' }])).toBe('<p><a href="#narrow/id/1">T1</a></p>');
  });

  it('never links an empty match, and a pattern that does not compile links nothing', () => {
    expect(render('a b', [{ pattern: '(?P<x>z*)', urlTemplate: 'https://x.example/{x}' }])).toBe('<p>a b</p>');
    expect(render('#1', [{ pattern: '(', urlTemplate: 'https://x.example' }, ISSUE])).toBe(`<p>${link('1')}</p>`);
  });

  it('stays linear on adversarial text for backtracking-prone patterns', () => {
    const adversarial = `${'a'.repeat(5000)}!`;
    const started = performance.now();
    const html = render(adversarial, [
      { pattern: '(?P<x>(a+)+$)', urlTemplate: 'https://x.example/{x}' },
      { pattern: '(?P<y>(a|aa)+b)', urlTemplate: 'https://y.example/{y}' },
    ]);
    expect(html).toBe(`<p>${adversarial}</p>`);
    // Generous: a backtracking engine would not finish at all.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('linkifiers in topics', () => {
  it('finds each linkifier’s matches, resuming at the character after each', () => {
    expect(linkifierTopicMatches('#1 #2', [ISSUE]).map(({ text, index }) => [text, index])).toEqual([
      ['#1', 0],
      ['#2', 2],
    ]);
  });

  it('ranks matches by linkifier order, then position, before raw URLs; overlapping ones are dropped', () => {
    const wide: RenderLinkifier = { pattern: '(?P<a>[A-Z]+)-(?P<b>[0-9]+)', urlTemplate: 'https://wide.example/{a}/{b}' };
    const narrow: RenderLinkifier = { pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://narrow.example/{id}' };
    expect(topicLinks('ABC-12 #4 zulip.com', [wide, narrow])).toEqual([
      { text: 'ABC-12', url: 'https://wide.example/ABC/12' },
      { text: '#4', url: 'https://narrow.example/4' },
      { text: 'zulip.com', url: 'https://zulip.com' },
    ]);
    const one: RenderLinkifier = { pattern: '#1(?P<rest>[0-9]*)', urlTemplate: 'https://one.example/{rest}' };
    expect(topicLinks('x #12', [one, narrow])).toEqual([{ text: '#12', url: 'https://one.example/2' }]);
    expect(topicLinks('x #12', [narrow, one])).toEqual([{ text: '#12', url: 'https://narrow.example/12' }]);
    // A preceding character outside the allowed set is no start, in topics as in messages.
    expect(topicLinks('ABC-#12', [narrow])).toEqual([]);
  });

  it('does not sanitise topic link URLs (clients escape them)', () => {
    expect(topicLinks('js:x', [{ pattern: 'js:(?P<c>\\w+)', urlTemplate: 'javascript:{c}' }])).toEqual([{ text: 'js:x', url: 'javascript:x' }]);
  });

  it('moves on after an empty match at the start of a topic, where the real server would loop', () => {
    expect(topicLinks(' x', [{ pattern: '(?P<n>[0-9]*)', urlTemplate: 'https://n.example/{n}' }])).toEqual([{ text: '', url: 'https://n.example/' }]);
  });
});
