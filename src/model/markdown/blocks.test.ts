/** Block structure of the server's dialect (server-markdown §1.2, §1.3, §1.6–§1.8): input → HTML. */
import { describe, expect, it } from 'vitest';

import { renderPlain } from './render.js';

type Case = readonly [title: string, input: string, html: string];

function table(cases: readonly Case[]) {
  it.each(cases)('%s', (_title, input, html) => {
    expect(renderPlain(input)).toBe(html);
  });
}

describe('paragraphs, line breaks and source normalisation', () => {
  table([
    ['one paragraph', 'hi', '<p>hi</p>'],
    ['a newline is a <br> and a newline', 'a\nb', '<p>a<br>\nb</p>'],
    ['a blank line separates paragraphs', 'a\n\nb', '<p>a</p>\n<p>b</p>'],
    ['several blank lines are one separator', 'a\n\n\n\nb', '<p>a</p>\n<p>b</p>'],
    ['spaces before a newline stay', 'a  \nb', '<p>a  <br>\nb</p>'],
    ['indentation of a continuation line stays', 'a\n  b', '<p>a<br>\n  b</p>'],
    ['blank text between a <br> and an element is dropped', 'a\n  `x`', '<p>a<br>\n<code>x</code></p>'],
    ['empty input', '', ''],
    ['whitespace-only input', '  \n\t\n ', ''],
    ['CRLF and CR are newlines', 'a\r\nb\rc', '<p>a<br>\nb<br>\nc</p>'],
    ['STX and ETX are deleted', 'a\u0002b\u0003c', '<p>abc</p>'],
    ['a line of spaces separates blocks', 'a\n   \nb', '<p>a</p>\n<p>b</p>'],
    ['leading whitespace of the first block is dropped', '  \na', '<p>a</p>'],
    ['the output is stripped', '\n\na\n\n', '<p>a</p>'],
    ['non-ASCII passes through', 'héllo wörld ✓', '<p>héllo wörld ✓</p>'],
    ['trailing spaces of a paragraph stay', 'a  ', '<p>a  </p>'],
  ]);
});

describe('headings', () => {
  table([
    ['# heading', '# Hi', '<h1>Hi</h1>'],
    ['six levels', '###### Six', '<h6>Six</h6>'],
    ['seven hashes are text', '####### x', '<p>####### x</p>'],
    ['a space is required', '#Hi', '<p>#Hi</p>'],
    ['trailing hashes are dropped', '## Hi ##', '<h2>Hi</h2>'],
    ['hashes inside stay', '# a#b', '<h1>a#b</h1>'],
    ['a heading splits a paragraph', 'para\n# H\nmore', '<p>para</p>\n<h1>H</h1>\n<p>more</p>'],
    ['indented hashes are text', '  # Hi', '<p># Hi</p>'],
    ['the whitespace after the hashes may be the newline', '#\nfoo', '<h1>foo</h1>'],
    ['inline markup in a heading', '# *a* `b`', '<h1><em>a</em> <code>b</code></h1>'],
    ['no setext headings: the underline is a rule', 'Title\n=====', '<p>Title<br>\n=====</p>'],
    ['a dash underline is a rule under a paragraph', 'Title\n---', '<p>Title</p>\n<hr>'],
  ]);
});

describe('horizontal rules', () => {
  table([
    ['three dashes', '---', '<hr>'],
    ['stars', '***', '<hr>'],
    ['underscores', '___', '<hr>'],
    ['spaced stars', '* * *', '<hr>'],
    ['spaced dashes', '- - -', '<hr>'],
    ['up to three leading spaces', '   ---', '<hr>'],
    ['a rule between lines of one block', 'a\n---\nb', '<p>a</p>\n<hr>\n<p>b</p>'],
    ['two marks are text', '--', '<p>--</p>'],
    ['text after the marks is not a rule', '--- x', '<p>--- x</p>'],
  ]);
});

describe('indented code', () => {
  table([
    ['four spaces', '    code\n    more', '<div class="codehilite"><pre><span></span><code>code\nmore\n</code></pre></div>'],
    ['a tab is four columns', '\tcode', '<div class="codehilite"><pre><span></span><code>code\n</code></pre></div>'],
    [
      'escaped, quotes as entities',
      '    a < "b" & \'c\'',
      '<div class="codehilite"><pre><span></span><code>a &lt; &quot;b&quot; &amp; &#39;c&#39;\n</code></pre></div>',
    ],
    ['a blank line does not end it', '    a\n\n    b', '<div class="codehilite"><pre><span></span><code>a\n\nb\n</code></pre></div>'],
    [
      'an unindented line ends it (Pygments output keeps its own newline)',
      '    a\nb',
      '<div class="codehilite"><pre><span></span><code>a\n</code></pre></div>\n\n<p>b</p>',
    ],
    ['a :::lang first line is dropped', '    :::python\n    x = 1', '<div class="codehilite"><pre><span></span><code>x = 1\n</code></pre></div>'],
    ['a #!lang first line is dropped', '    #!js\n    x', '<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>'],
    [
      'a #!/path/lang first line is kept',
      '    #!/usr/bin/env python\n    x',
      '<div class="codehilite"><pre><span></span><code>#!/usr/bin/env python\nx\n</code></pre></div>',
    ],
    ['no Markdown inside', '    *a* `b`', '<div class="codehilite"><pre><span></span><code>*a* `b`\n</code></pre></div>'],
  ]);
});

describe('tables', () => {
  table([
    [
      'header, separator, body',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>',
    ],
    [
      'alignment becomes a style',
      '| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |',
      '<table>\n<thead>\n<tr>\n<th style="text-align: left;">a</th>\n<th style="text-align: center;">b</th>\n<th style="text-align: right;">c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align: left;">1</td>\n<td style="text-align: center;">2</td>\n<td style="text-align: right;">3</td>\n</tr>\n</tbody>\n</table>',
    ],
    [
      'outer pipes are optional; extra cells dropped, missing ones empty',
      'a | b\n--- | ---\n1 | 2 | 3\n4',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n<tr>\n<td>4</td>\n<td></td>\n</tr>\n</tbody>\n</table>',
    ],
    ['no body rows: one empty row', '| a |\n|---|', '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n</tr>\n</tbody>\n</table>'],
    [
      'a pipe inside a code span does not split',
      '| `a|b` | c |\n|---|---|\n| x | y |',
      '<table>\n<thead>\n<tr>\n<th><code>a|b</code></th>\n<th>c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>x</td>\n<td>y</td>\n</tr>\n</tbody>\n</table>',
    ],
    [
      'cells get inline formatting',
      '| *a* | [b](https://b.io) |\n|---|---|',
      '<table>\n<thead>\n<tr>\n<th><em>a</em></th>\n<th><a href="https://b.io">b</a></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>',
    ],
    ['a bad separator row is no table', '| a | b |\n|---|-x-|', '<p>| a | b |<br>\n|---|-x-|</p>'],
    ['the header must be the first line of the block', 'a\n| b | c |\n|---|---|', '<p>a<br>\n| b | c |<br>\n|---|---|</p>'],
    ['a column count mismatch is no table', '| a | b |\n|---|', '<p>| a | b |<br>\n|---|</p>'],
  ]);
});

describe('lists', () => {
  table([
    ['bullets', '* a\n* b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    ['*, - and + make one list', '- a\n+ b\n* c', '<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n</ul>'],
    ['numbers', '1. a\n2. b', '<ol>\n<li>a</li>\n<li>b</li>\n</ol>'],
    ['the first number is the start', '3. x\n7. y', '<ol start="3">\n<li>x</li>\n<li>y</li>\n</ol>'],
    ['the start is the digits as typed', '01. a', '<ol start="01">\n<li>a</li>\n</ol>'],
    ['1) is not a list', '1) a', '<p>1) a</p>'],
    ['a space after the marker is required', '*a', '<p>*a</p>'],
    ['one leading space is allowed', ' * a', '<ul>\n<li>a</li>\n</ul>'],
    ['two leading spaces are not a list', '  * a', '<p>* a</p>'],
    ['an empty item', '* ', '<ul>\n<li></li>\n</ul>'],
    ['a list right after a paragraph line', 'text\n* a', '<p>text</p>\n<ul>\n<li>a</li>\n</ul>'],
    ['only a single-digit number hangs off a paragraph', 'a\n10. b', '<p>a<br>\n10. b</p>'],
    ['bullets and numbers do not merge', '* a\n1. b', '<ul>\n<li>a</li>\n</ul>\n<ol>\n<li>b</li>\n</ol>'],
    ['numbers then bullets do not merge', '1. a\n* b', '<ol>\n<li>a</li>\n</ol>\n<ul>\n<li>b</li>\n</ul>'],
    ['a continuation line joins the item', '* a\nb', '<ul>\n<li>a<br>\nb</li>\n</ul>'],
    ['items separated by a blank line are loose', '* a\n\n* b', '<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>'],
    ['only the items around the blank line get paragraphs', '1. a\n\n2. b\n3. c', '<ol>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n<li>c</li>\n</ol>'],
    ['nesting by two spaces, right after the item text', '* a\n  * b', '<ul>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>'],
    ['three levels', '* a\n  * b\n    * c', '<ul>\n<li>a<ul>\n<li>b<ul>\n<li>c</li>\n</ul>\n</li>\n</ul>\n</li>\n</ul>'],
    ['four spaces at once do not nest', '* a\n    * b', '<ul>\n<li>a<br>\n    * b</li>\n</ul>'],
    ['a nested list of the other kind is loosened by the inserted blank line', '* a\n  1. b', '<ul>\n<li>\n<p>a</p>\n<ol>\n<li>b</li>\n</ol>\n</li>\n</ul>'],
    ['an indented paragraph after a blank line', '* a\n\n  b', '<ul>\n<li>\n<p>a</p>\n<p>b</p>\n</li>\n</ul>'],
    ['a nested list after a blank line', '* a\n\n  * b', '<ul>\n<li>\n<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>'],
    ['a quote line inside an item', '* a\n> q', '<ul>\n<li>a<blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>'],
    ['a heading in a tight item, then text', '* # H\ntext', '<ul>\n<li>\n<h1>H</h1>\n<br>\ntext</li>\n</ul>'],
    ['inline markup in items', '* *a*\n* `b`', '<ul>\n<li><em>a</em></li>\n<li><code>b</code></li>\n</ul>'],
    ['a rule in a tight item, then text', '* ---\nx', '<ul>\n<li>\n<hr>\n<br>\nx</li>\n</ul>'],
    [
      'indented code under a loose item keeps the item text bare',
      '* a\n\n        code',
      '<ul>\n<li>a<div class="codehilite"><pre><span></span><code>  code\n</code></pre></div>\n\n</li>\n</ul>',
    ],
  ]);
});

describe('block quotes', () => {
  table([
    ['a quote', '> quote', '<blockquote>\n<p>quote</p>\n</blockquote>'],
    ['the space after > is optional', '>quote', '<blockquote>\n<p>quote</p>\n</blockquote>'],
    ['two lines', '> a\n> b', '<blockquote>\n<p>a<br>\nb</p>\n</blockquote>'],
    ['a lazy line joins the quote', '> a\nb', '<blockquote>\n<p>a<br>\nb</p>\n</blockquote>'],
    ['a blank line ends the quote', '> a\n\n> b', '<blockquote>\n<p>a</p>\n</blockquote>\n<blockquote>\n<p>b</p>\n</blockquote>'],
    ['an empty > line separates paragraphs inside', '> a\n>\n> b', '<blockquote>\n<p>a</p>\n<p>b</p>\n</blockquote>'],
    ['a leading empty > line', '>\n> a', '<blockquote>\n<p>a</p>\n</blockquote>'],
    ['only empty > lines is no quote', '>', '<p>&gt;</p>'],
    ['lines before the quote are a paragraph', 'a\n> b', '<p>a</p>\n<blockquote>\n<p>b</p>\n</blockquote>'],
    ['nested quotes', '> > a', '<blockquote>\n<blockquote>\n<p>a</p>\n</blockquote>\n</blockquote>'],
    ['a list in a quote', '> * a\n> * b', '<blockquote>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n</blockquote>'],
    ['no hanging list inside a quote', '> a\n> * b', '<blockquote>\n<p>a<br>\n* b</p>\n</blockquote>'],
    ['a heading in a quote', '> # H', '<blockquote>\n<h1>H</h1>\n</blockquote>'],
    ['fences are not recognised inside > quotes', '> ```\n> x\n> ```', '<blockquote>\n<p><code>\nx\n</code></p>\n</blockquote>'],
    ['an unknown quoted mention is made silent before it falls through', '> @**Nobody**', '<blockquote>\n<p>@_<strong>Nobody</strong></p>\n</blockquote>'],
    ['a group mention too', '> @*team*', '<blockquote>\n<p>@_<em>team</em></p>\n</blockquote>'],
    ['not when > is directly before the @', '>@**Nobody**', '<blockquote>\n<p>@<strong>Nobody</strong></p>\n</blockquote>'],
  ]);
});
