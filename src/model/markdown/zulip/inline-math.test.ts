import katex from 'katex';
import { describe, expect, it } from 'vitest';

import { renderInlineTex } from './inline-math.js';
import { renderPlain } from './test-context.js';

const tex = (body: string): string => katex.renderToString(body, { displayMode: false }).trim();
const error = (escapedBody: string): string => `<span class="tex-error">$$${escapedBody}$$</span>`;

// [source, expected HTML inside the paragraph]
const cases: [string, string][] = [
  ['$$x^2$$', tex('x^2')],
  ['a $$x$$ b', `a ${tex('x')} b`],
  ['($$x$$)', `(${tex('x')})`],
  ['$$x\\$5$$', tex('x\\$5')],
  ['$$a < b$$', tex('a < b')],
  ['$$x*y*z$$', tex('x*y*z')],
  ['$$\\frac{$$', error('\\frac{')],
  ['$$\\notacommand$$', error('\\notacommand')],
  ['$$<b>\\frac{$$', error('&lt;b&gt;\\frac{')],
  // Not math: word characters or `$` around, a body starting with `_`, `$` or a newline, single dollars.
  ['a$$x$$', 'a$$x$$'],
  ['$$x$$a', '$$x$$a'],
  ['$$$x$$', '$$$x$$'],
  ['$$x$$$', '$$x$$$'],
  ['$$_x$$', '$$_x$$'],
  ['$$ x$$', tex(' x')],
  ['$$a\nb$$', '$$a\nb$$'],
  ['$x$', '$x$'],
  ['$$$$', '$$$$'],
  ['`$$x$$`', '<code>$$x$$</code>'],
  ['[$$x$$](https://zulip.com)', `<a href="https://zulip.com">${tex('x')}</a>`],
];

describe('inline math', () => {
  it.each(cases)('%j', (source, html) => {
    expect(renderPlain(source).html).toBe(html);
  });

  it.each(['$$\\$5$$', 'a$$x$$', '$$x$$b'])('leaves %j alone', (source) => {
    expect(renderPlain(source).html).not.toContain('katex');
  });

  it('renders KaTeX HTML with MathML and the source annotation', () => {
    const html = renderInlineTex('x')!;
    expect(html.startsWith('<span class="katex"><span class="katex-mathml"><math')).toBe(true);
    expect(html).toContain('<annotation encoding="application/x-tex">x</annotation>');
    expect(html).not.toContain('katex-display');
  });
});
