/** The renderer's entry points: what they return, and that no input makes them throw or hang. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { EMPTY_RENDER_CONTEXT, renderMessage, renderPlain } from './render.js';
import type { RenderContext } from './types.js';

const context: RenderContext = { ...EMPTY_RENDER_CONTEXT, realmUrl: 'http://localhost:9991' };

describe('renderMessage', () => {
  it('returns the stripped HTML and no mentions for plain text', () => {
    expect(renderMessage('  hello\n\n', context)).toEqual({
      html: '<p>hello</p>',
      mentionedUserIds: [],
      mentionedGroupIds: [],
      streamWildcard: false,
      topicWildcard: false,
    });
  });

  it('is deterministic and keeps no state between renders', () => {
    const source = '```\ncode\n```\n\n```math\nx\n```\n\n* a\n\n* b\n> q';
    const first = renderMessage(source, context).html;
    renderMessage('```spoiler\nother\n```', context);
    expect(renderMessage(source, context).html).toBe(first);
  });

  it('renders a /me message as text', () => {
    expect(renderMessage('/me waves', context).html).toBe('<p>/me waves</p>');
  });
});

describe('renderPlain', () => {
  it('renders the dialect without a realm', () => {
    expect(renderPlain('**Welcome** to [the docs](https://zulip.com/help)')).toBe(
      '<p><strong>Welcome</strong> to <a href="https://zulip.com/help">the docs</a></p>',
    );
  });

  it('leaves mentions of unknown users as text', () => {
    expect(renderPlain('@**Iago**')).toBe('<p>@<strong>Iago</strong></p>');
  });

  it('does not make realm links relative', () => {
    expect(renderPlain('[x](http://localhost:9991/#narrow/x)')).toBe('<p><a href="http://localhost:9991/#narrow/x">x</a></p>');
  });
});

describe('robustness', () => {
  const pieces = ['*', '**', '***', '_', '~~', '`', '``', '\\', '[', ']', '(', ')', '<', '>', '&', '#', '-', '+', '1.', '|', ':', '@', '$$', '"', "'", '!'];
  const markdownish = fc
    .array(
      fc.oneof(
        fc.constantFrom(...pieces, '\n', '\n\n', '  ', '    ', '\t', '```', '~~~', '```quote', '```math', '```spoiler', 'https://', '.com', 'a@b'),
        fc.string(),
      ),
      {
        maxLength: 40,
      },
    )
    .map((parts) => parts.join(''));

  it('returns a string for any input', () => {
    fc.assert(
      fc.property(fc.oneof(markdownish, fc.string({ unit: 'binary', maxLength: 200 })), (source) => {
        expect(typeof renderMessage(source, context).html).toBe('string');
      }),
      { seed: 20260401, numRuns: 1500 },
    );
  });

  it.each([
    ['deeply nested quotes', '> '.repeat(5000)],
    ['deeply nested lists', Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}* x`).join('\n')],
    ['bullets on one line', `${'* '.repeat(5000)}x`],
    ['many colons', ':a'.repeat(10000)],
    ['many tildes', '~~a '.repeat(5000)],
    ['many strong markers', '@**a '.repeat(5000)],
    ['a long run of backticks', '`'.repeat(20000)],
    ['many unmatched stars', '*a '.repeat(5000)],
    ['many brackets', '['.repeat(5000) + ']('.repeat(5000)],
    ['a long dotted name', `${'a.'.repeat(5000)}x`],
    ['many parentheses in a URL', `https://a.io/${'('.repeat(3000)}`],
    ['many empty quote lines', '>\n'.repeat(5000)],
    ['a long host', `https://${'a.'.repeat(5000)}`],
  ])('renders %s', (_title, source) => {
    // How long these take is measured by `npm run bench` (pathological inputs), not here.
    expect(typeof renderPlain(source)).toBe('string');
  });
});
