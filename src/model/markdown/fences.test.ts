/** Fenced blocks (server-markdown §2.4): code, quote, spoiler and math fences; input → HTML. */
import katex from 'katex';
import { describe, expect, it, vi } from 'vitest';

import { renderPlain } from './render.js';

type Case = readonly [title: string, input: string, html: string];

function table(cases: readonly Case[]) {
  it.each(cases)('%s', (_title, input, html) => {
    expect(renderPlain(input)).toBe(html);
  });
}

const code = (body: string, language?: string) =>
  `<div class="codehilite"${language ? ` data-code-language="${language}"` : ''}><pre><span></span><code>${body}</code></pre></div>`;

describe('code fences', () => {
  table([
    ['no language', '```\na < b\n```', code('a &lt; b\n')],
    ['tildes', '~~~\nx\n~~~', code('x\n')],
    ['an alias gets the lexer name', '```py\nx = 1\n```', code('x = 1\n', 'Python')],
    ['js', '```js\nx\n```', code('x\n', 'JavaScript')],
    ['the language is lowercased', '```Py\nx\n```', code('x\n', 'Python')],
    ['a language without a lexer is kept as typed, lowercased', '```Foo\nhi\n```', code('hi\n', 'foo')],
    ['yml has no lexer', '```yml\nx\n```', code('x\n', 'yml')],
    ['console is a Bash session', '```console\n$ ls\n```', code('$ ls\n', 'Bash Session')],
    ['r is the S lexer', '```r\nx\n```', code('x\n', 'S')],
    ['a dotted language', '```.py\nx\n```', code('x\n', 'Python')],
    ['a braced language', '```{.python}\nx\n```', code('x\n', 'Python')],
    ['a space before the language', '``` py\nx\n```', code('x\n', 'Python')],
    ['quotes are entities without a language', '```\n"a" \'b\'\n```', code('&quot;a&quot; &#39;b&#39;\n')],
    ['quotes are literal with a language', '```text\n"a" \'b\'\n```', code('"a" \'b\'\n', 'Text only')],
    ['& < > always escaped', '```js\na && b < c > d\n```', code('a &amp;&amp; b &lt; c &gt; d\n', 'JavaScript')],
    ['trailing spaces are stripped', '```\na   \n  b  \n```', code('a\n  b\n')],
    ['leading and trailing blank lines go', '```\n\n\na\n\n\n```', code('a\n')],
    ['no Markdown inside', '```\n*a* `b` [c](d) https://e.io\n```', code('*a* `b` [c](d) https://e.io\n')],
    ['an empty block produces nothing', '```\n```', ''],
    ['an empty block with a language produces nothing', '```js\n```', ''],
    ['a blank line only gives an empty code block', '```\n\n```', code('\n')],
    ['an unclosed fence runs to the end', '```\ncode\nmore', code('code\nmore\n')],
    ['a longer run does not close', '```\nx\n````\n```', code('x\n````\n')],
    ['a fence of four closes with four', '````\n```\nx\n```\n````', code('```\nx\n```\n')],
    ['tildes do not close backticks', '```\nx\n~~~\n```', code('x\n~~~\n')],
    ['trailing spaces after the closing fence', '```\nx\n```   \nafter', `${code('x\n')}\n<p>after</p>`],
    ['text after the closing fence on its line: not a fence', '```\nx\n``` y\n```', code('x\n``` y\n')],
    ['around paragraphs', 'a\n```\nx\n```\nb', `<p>a</p>\n${code('x\n')}\n<p>b</p>`],
    ['after a list', '* a\n```\nx\n```\n* b', `<ul>\n<li>a</li>\n</ul>\n${code('x\n')}\n<ul>\n<li>b</li>\n</ul>`],
    ['an indented fence is not a fence', '  ```\n  x\n  ```', '<p><code>\n  x\n  </code></p>'],
    ['a fence inside a line is a code span', 'a ```b``` c', '<p>a <code>b</code> c</p>'],
    ['a header with a backtick is not a fence line', '```spoiler `x`\ny', '<p><code>``spoiler </code>x`<br>\ny</p>'],
  ]);
});

describe('quote fences', () => {
  table([
    ['quote', '```quote\nhello\n```', '<blockquote>\n<p>hello</p>\n</blockquote>'],
    ['quoted', '```quoted\nhello\n```', '<blockquote>\n<p>hello</p>\n</blockquote>'],
    ['a blank line stays inside', '```quote\na\n\nb\n```', '<blockquote>\n<p>a</p>\n<p>b</p>\n</blockquote>'],
    ['Markdown inside', '```quote\n# H\n* *a*\n```', '<blockquote>\n<h1>H</h1>\n<ul>\n<li><em>a</em></li>\n</ul>\n</blockquote>'],
    ['a nested fence of another length', '````quote\n```\ncode\n```\nafter\n````', `<blockquote>\n${code('code\n')}\n<p>after</p>\n</blockquote>`],
    [
      'a nested quote fence',
      '````quote\n```quote\ninner\n```\nouter\n````',
      '<blockquote>\n<blockquote>\n<p>inner</p>\n</blockquote>\n<p>outer</p>\n</blockquote>',
    ],
    [
      'code at the very end of a quote fence leaves a line break (derived from the quote handler)',
      '````quote\n```\ncode\n```\n````',
      `<blockquote>\n<p>${code('code\n')}<br>\n</p>\n</blockquote>`,
    ],
    ['the same fence closes the quote', '```quote\n```\nx\n```\n```', '<p>&gt; </p>\n<p>x</p>'],
    [
      'mentions inside are made silent',
      '```quote\n@**Nobody** and @*team*\n```',
      '<blockquote>\n<p>@_<strong>Nobody</strong> and @_<em>team</em></p>\n</blockquote>',
    ],
    ['an unclosed quote runs to the end', '```quote\na', '<blockquote>\n<p>a</p>\n</blockquote>'],
    ['lists may follow text inside', '```quote\na\n* b\n```', '<blockquote>\n<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n</blockquote>'],
  ]);
});

describe('spoiler fences', () => {
  const open = '<div class="spoiler-block"><div class="spoiler-header">';
  const between = '</div><div class="spoiler-content" aria-hidden="true">';
  const close = '</div></div>';
  table([
    ['with a header', '```spoiler Optional header\ncontent\n```', `${open}\n<p>Optional header</p>\n${between}\n<p>content</p>\n${close}`],
    ['without a header', '```spoiler\ncontent\n```', `${open}\n${between}\n<p>content</p>\n${close}`],
    ['the header is Markdown', '```spoiler **Bold** header\nx\n```', `${open}\n<p><strong>Bold</strong> header</p>\n${between}\n<p>x</p>\n${close}`],
    ['several blocks of content', '```spoiler\na\n\n* b\n```', `${open}\n${between}\n<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n${close}`],
    ['a code fence inside', '````spoiler\n```\nx\n```\n````', `${open}\n${between}\n${code('x\n')}\n${close}`],
    [
      'a nested spoiler',
      '````spoiler outer\n```spoiler inner\nx\n```\n````',
      `${open}\n<p>outer</p>\n${between}\n${open}\n<p>inner</p>\n${between}\n<p>x</p>\n${close}\n${close}`,
    ],
    ['an empty spoiler produces nothing', '```spoiler\n```', ''],
    ['after a paragraph', 'a\n```spoiler\nb\n```', `<p>a</p>\n${open}\n${between}\n<p>b</p>\n${close}`],
  ]);
});

describe('math fences', () => {
  const display = (tex: string) => katex.renderToString(tex, { displayMode: true });
  table([
    ['display math in a paragraph', '```math\nx^2\n```', `<p>${display('x^2')}</p>`],
    ['pieces split on blank lines', '```math\na\n\nb\n```', `<p>${display('a')}\n\n${display('b')}</p>`],
    ['a failing piece is a tex-error', '```math\n\\frac{a}{b\n```', '<p><span class="tex-error">\\frac{a}{b</span></p>'],
    ['the tex-error text is escaped', '```math\n\\foo{<"\'>}\n```', '<p><span class="tex-error">\\foo{&lt;&quot;&#x27;&gt;}</span></p>'],
    ['a good and a bad piece', '```math\na\n\n\\b{\n```', `<p>${display('a')}\n\n<span class="tex-error">\\b{</span></p>`],
    ['an empty math fence renders empty math', '```math\n```', `<p>${display('')}</p>`],
  ]);

  it('writes nothing to the console (\\message)', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const html = renderPlain('```math\n\\message{hi}x\n```');
      expect(html).toContain('<annotation encoding="application/x-tex">\\message{hi}x</annotation>');
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
