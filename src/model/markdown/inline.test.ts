/** Inline syntax of the server's dialect (server-markdown §1.3–§1.5, §1.9, §2.7, §2.8): input → HTML. */
import { describe, expect, it } from 'vitest';

import { EMPTY_RENDER_CONTEXT, renderMessage, renderPlain } from './render.js';
import type { RenderContext } from './types.js';

type Case = readonly [title: string, input: string, html: string];

function table(cases: readonly Case[]) {
  it.each(cases)('%s', (_title, input, html) => {
    expect(renderPlain(input)).toBe(html);
  });
}

describe('escaping', () => {
  table([
    ['raw HTML is escaped', '<b>hi</b>', '<p>&lt;b&gt;hi&lt;/b&gt;</p>'],
    ['entities pass through verbatim', '&copy; &#169; &#xA9; &AMP;', '<p>&copy; &#169; &#xA9; &AMP;</p>'],
    ['a lone & is escaped', 'a & b &c d', '<p>a &amp; b &amp;c d</p>'],
    ['quotes are not escaped in text', `"a" 'b'`, `<p>"a" 'b'</p>`],
    ['no backslash escapes', '\\*x\\*', '<p>\\<em>x\\</em></p>'],
    ['a backslash stays', 'a\\b \\_c', '<p>a\\b \\_c</p>'],
    ['an HTML comment is text', '<!-- x -->', '<p>&lt;!-- x --&gt;</p>'],
    ['an image is not supported; its URL is autolinked', '![alt](https://x.io/a.png)', '<p>![alt](<a href="https://x.io/a.png">https://x.io/a.png</a>)</p>'],
    ['<url> is not an autolink; the URL inside is', '<https://x.io>', '<p>&lt;<a href="https://x.io">https://x.io</a>&gt;</p>'],
    ['reference links are text', '[a][1]\n\n[1]: https://x.io', '<p>[a][1]</p>\n<p>[1]: <a href="https://x.io">https://x.io</a></p>'],
    ['task list boxes are text', '* [ ] a', '<ul>\n<li>[ ] a</li>\n</ul>'],
  ]);
});

describe('emphasis', () => {
  table([
    ['em', '*x*', '<p><em>x</em></p>'],
    ['strong', '**x**', '<p><strong>x</strong></p>'],
    ['strong em', '***x***', '<p><strong><em>x</em></strong></p>'],
    ['del', '~~x~~', '<p><del>x</del></p>'],
    ['em inside strong', '**a *b* c**', '<p><strong>a <em>b</em> c</strong></p>'],
    ['strong inside em', '*a **b** c*', '<p><em>a <strong>b</strong> c</em></p>'],
    ['del inside strong', '**a ~~b~~**', '<p><strong>a <del>b</del></strong></p>'],
    ['strong takes the shortest text', '**a**b**', '<p><strong>a</strong>b**</p>'],
    ['strong may have spaces inside its markers', '** a **', '<p><strong> a </strong></p>'],
    ['strong may contain a star', '**a*b**', '<p><strong>a*b</strong></p>'],
    ['strong does not cross a line', '**a\nb**', '<p>**a<br>\nb**</p>'],
    ['em inside a word', 'x*a*y', '<p>x<em>a</em>y</p>'],
    ['em takes the leftmost match', '*a*b*', '<p><em>a</em>b*</p>'],
    ['em around an em after an inner match', '**a*x*', '<p><em><em>a</em>x</em></p>'],
    ['em does not start with whitespace', '* a*', '<ul>\n<li>a*</li>\n</ul>'],
    ['em does not end with whitespace', '*a *', '<p>*a *</p>'],
    ['spaced stars are text', 'a * b * c', '<p>a * b * c</p>'],
    ['a caret prevents em', '*a^b*', '<p>*a^b*</p>'],
    ['a caret prevents strong em (strong takes it)', '***a^b***', '<p><strong>*a^b</strong>*</p>'],
    ['a caret is fine in strong', '**a^b**', '<p><strong>a^b</strong></p>'],
    ['em does not cross a line', '*a\nb*', '<p>*a<br>\nb*</p>'],
    ['strong em inside more stars', '****x****', '<p><em><strong><em>x</em></strong></em></p>'],
    ['strong em with a code span containing a star', '***a `*` b***', '<p><strong><em>a <code>*</code> b</em></strong></p>'],
    ['lone markers stay', 'a * b ** c', '<p>a * b ** c</p>'],
    ['lone underscores stay', 'a _ b __ c ___', '<p>a _ b __ c ___</p>'],
    ['spaced double stars pair up as strong', 'a ** b *** c', '<p>a <strong> b </strong>* c</p>'],
    ['underscores never emphasise', '_x_ __y__ ___z___', '<p>_x_ __y__ ___z___</p>'],
    ['del allows spaces inside', '~~ a ~~', '<p><del> a </del></p>'],
    ['no del in a longer run of tildes', '~~~a~~', '<p>~~~a~~</p>'],
    ['no del before a third tilde', '~~a~~~', '<p>~~a~~~</p>'],
    ['del ends at the first pair', '~~a ~~ b~~', '<p><del>a </del> b~~</p>'],
    ['a single tilde is text', '~a~', '<p>~a~</p>'],
    ['emphasis around a link', '*[a](https://a.io)*', '<p><em><a href="https://a.io">a</a></em></p>'],
  ]);
});

describe('code spans', () => {
  table([
    ['a code span', '`x`', '<p><code>x</code></p>'],
    ['padding is kept', '` a `', '<p><code> a </code></p>'],
    ['content is escaped', '`<a> & &amp;`', '<p><code>&lt;a&gt; &amp; &amp;amp;</code></p>'],
    ['quotes are not escaped', '`"a"`', '<p><code>"a"</code></p>'],
    ['double backticks around a backtick', '``a ` b``', '<p><code>a ` b</code></p>'],
    ['the closing run must have the same length', '`a``b`', '<p><code>a``b</code></p>'],
    ['a longer opening run may use fewer backticks', '``a`', '<p><code>`a</code></p>'],
    ['across lines of a paragraph', '`a\nb`', '<p><code>a\nb</code></p>'],
    ['no Markdown inside', '`*a* [b](c)`', '<p><code>*a* [b](c)</code></p>'],
    ['code beats strong', '**a `b** c`', '<p>**a <code>b** c</code></p>'],
    ['an unclosed backtick is text', 'a ` b', '<p>a ` b</p>'],
    ['a backslash before the backtick keeps it literal', '\\`a`', '<p>\\`a`</p>'],
    ['two backslashes before a backtick become one', '\\\\`a`', '<p>\\<code>a</code></p>'],
    ['four backslashes become two', '\\\\\\\\`a`', '<p>\\\\<code>a</code></p>'],
    ['no URL inside code', '`zulip.com`', '<p><code>zulip.com</code></p>'],
  ]);
});

describe('links', () => {
  table([
    ['a link', '[Zulip](https://zulip.com)', '<p><a href="https://zulip.com">Zulip</a></p>'],
    ['a title becomes an attribute', '[a](https://b.io "T")', '<p><a href="https://b.io" title="T">a</a></p>'],
    ['a single-quoted title', "[a](https://b.io 'T')", '<p><a href="https://b.io" title="T">a</a></p>'],
    ['a title equal to its name prints bare', '[a](https://b.io "title")', '<p><a href="https://b.io" title>a</a></p>'],
    ['http:// is prepended', '[a](zulip.com)', '<p><a href="http://zulip.com">a</a></p>'],
    ['an @ makes a mailto link', '[a](me@b.io)', '<p><a href="mailto:me@b.io">a</a></p>'],
    ['a mailto link', '[a](mailto:a@b.c)', '<p><a href="mailto:a@b.c">a</a></p>'],
    ['a path stays relative', '[a](/path)', '<p><a href="/path">a</a></p>'],
    ['a fragment stays', '[a](#frag)', '<p><a href="#frag">a</a></p>'],
    ['spaces become %20', '[a](http://x.io/a b)', '<p><a href="http://x.io/a%20b">a</a></p>'],
    ['angle brackets around the URL', '[a](<b c> "T")', '<p><a href="http://b%20c" title="T">a</a></p>'],
    ['the scheme is lowercased', '[a](HTTP://X.io)', '<p><a href="http://X.io">a</a></p>'],
    ['balanced parentheses in the URL', '[a](https://x.io/b(c)d)', '<p><a href="https://x.io/b(c)d">a</a></p>'],
    ['whitespace around the URL is trimmed', '[a](  https://x.io  )', '<p><a href="https://x.io">a</a></p>'],
    ['& in the href is escaped', '[a](https://x.io/?a=1&b=2)', '<p><a href="https://x.io/?a=1&amp;b=2">a</a></p>'],
    ['a javascript: link stays text', '[a](javascript:alert(1))', '<p>[a](javascript:alert(1))</p>'],
    ['an unknown scheme stays text', '[a](foo:bar)', '<p>[a](foo:bar)</p>'],
    ['allowed schemes', '[a](tel:123) [b](xmpp:a@b.c)', '<p><a href="tel:123">a</a> <a href="xmpp:a@b.c">b</a></p>'],
    ['empty text shows the URL', '[](https://a.io)', '<p><a href="https://a.io">https://a.io</a></p>'],
    ['blank text shows the URL', '[  ](zulip.com)', '<p><a href="http://zulip.com">http://zulip.com</a></p>'],
    ['text is atomic: no emphasis inside', '[**x**](https://a.io)', '<p><a href="https://a.io">**x**</a></p>'],
    ['code inside link text', '[`x`](https://a.io)', '<p><a href="https://a.io"><code>x</code></a></p>'],
    ['strong em inside link text', '[***x***](https://a.io)', '<p><a href="https://a.io"><strong><em>x</em></strong></a></p>'],
    ['no autolink inside link text', '[zulip.com](https://a.io)', '<p><a href="https://a.io">zulip.com</a></p>'],
    ['a newline inside link text stays a newline', '[a\nb](https://a.io)', '<p><a href="https://a.io">a\nb</a></p>'],
    ['brackets in link text are balanced', '[a [b] c](https://a.io)', '<p><a href="https://a.io">a [b] c</a></p>'],
    ['a nested link stays text', '[[a](b)](c)', '<p><a href="http://c">[a](b)</a></p>'],
    ['a bracket inside code does not end the text', '[a `]` b](https://a.io)', '<p><a href="https://a.io">a <code>]</code> b</a></p>'],
    ['no parenthesis after the text: no link', '[a] (b)', '<p>[a] (b)</p>'],
    ['an unclosed URL: no link', '[a](b', '<p>[a](b</p>'],
    ['a malformed URL gives an empty href', '[a](http://[x)', '<p><a href="">a</a></p>'],
  ]);
});

describe('bare URLs and e-mail addresses', () => {
  table([
    ['http', 'http://a.io', '<p><a href="http://a.io">http://a.io</a></p>'],
    ['a domain gets http://', 'zulip.com/x', '<p><a href="http://zulip.com/x">zulip.com/x</a></p>'],
    ['an e-mail address', 'a@b.io', '<p><a href="mailto:a@b.io">a@b.io</a></p>'],
    ['a dotted local part', 'foo.bar@baz.com', '<p><a href="mailto:foo.bar@baz.com">foo.bar@baz.com</a></p>'],
    ['trailing punctuation is not part of the URL', 'see https://a.io/x.', '<p>see <a href="https://a.io/x">https://a.io/x</a>.</p>'],
    ['port, query and fragment', 'https://a.io:8080/x?y=1&z=2#f', '<p><a href="https://a.io:8080/x?y=1&amp;z=2#f">https://a.io:8080/x?y=1&amp;z=2#f</a></p>'],
    ['in parentheses', '(https://a.io/x)', '<p>(<a href="https://a.io/x">https://a.io/x</a>)</p>'],
    [
      'balanced parentheses in the path',
      'see https://en.wikipedia.org/wiki/A_(b).',
      '<p>see <a href="https://en.wikipedia.org/wiki/A_(b)">https://en.wikipedia.org/wiki/A_(b)</a>.</p>',
    ],
    ['nested parentheses', 'https://a.io/a(b(c)d)e', '<p><a href="https://a.io/a(b(c)d)e">https://a.io/a(b(c)d)e</a></p>'],
    ['after a comma', 'x,zulip.com', '<p>x,<a href="http://zulip.com">zulip.com</a></p>'],
    ['in quotes', "'zulip.com'", `<p>'<a href="http://zulip.com">zulip.com</a>'</p>`],
    ['before a comma', 'zulip.com, and', '<p><a href="http://zulip.com">zulip.com</a>, and</p>'],
    ['longer TLDs are tried first', 'a.b.community', '<p><a href="http://a.b.community">a.b.community</a></p>'],
    ['file extensions that are TLDs are not linked', 'foo.py README.md A.java a.zip b.mov', '<p>foo.py README.md A.java a.zip b.mov</p>'],
    ['an unknown TLD', 'node.js', '<p>node.js</p>'],
    ['TLDs are lowercase', 'Zulip.COM', '<p>Zulip.COM</p>'],
    ['punycode TLDs', 'x.xn--p1ai', '<p><a href="http://x.xn--p1ai">x.xn--p1ai</a></p>'],
    ['not after =', 'x=zulip.com', '<p>x=zulip.com</p>'],
    ['not after /', 'a/zulip.com', '<p>a/zulip.com</p>'],
    ['not followed by a letter', 'zulip.comx', '<p>zulip.comx</p>'],
    ['a port without a scheme is not a link', 'zulip.com:80', '<p>zulip.com:80</p>'],
    ['not with a quote in the path', 'https://a.io/x"y', '<p>https://a.io/x"y</p>'],
    ['an @ in the path of a bare domain makes it mailto', 'medium.com/@user', '<p><a href="mailto:medium.com/@user">medium.com/@user</a></p>'],
    ['uppercase schemes are not recognised', 'HTTPS://a.io', '<p>HTTPS://a.io</p>'],
    [
      'bitcoin addresses',
      'bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '<p><a href="bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa">bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa</a></p>',
    ],
    ['not after a star', '*https://a.io*', '<p><em>https://a.io</em></p>'],
    ['inside strong em text', '***https://a.io***', '<p><strong><em><a href="https://a.io">https://a.io</a></em></strong></p>'],
    ['after a line break', 'a\nzulip.com', '<p>a<br>\n<a href="http://zulip.com">zulip.com</a></p>'],
    ['two URLs', 'a.io b.io', '<p><a href="http://a.io">a.io</a> <a href="http://b.io">b.io</a></p>'],
  ]);
});

describe('links into the realm', () => {
  const context: RenderContext = { ...EMPTY_RENDER_CONTEXT, realmUrl: 'http://localhost:9991' };
  it.each([
    ['a narrow link becomes relative', '[x](http://localhost:9991/#narrow/channel/7-design)', '<p><a href="#narrow/channel/7-design">x</a></p>'],
    ['an upload link becomes relative', '[x](http://localhost:9991/user_uploads/1/a.png)', '<p><a href="user_uploads/1/a.png">x</a></p>'],
    ['other realm paths stay absolute', '[x](http://localhost:9991/help)', '<p><a href="http://localhost:9991/help">x</a></p>'],
    ['bare URLs too', 'http://localhost:9991/#narrow/x', '<p><a href="#narrow/x">http://localhost:9991/#narrow/x</a></p>'],
    ['empty link text shows the rewritten href', '[](http://localhost:9991/#narrow/x)', '<p><a href="#narrow/x">#narrow/x</a></p>'],
  ])('%s', (_title, input, html) => {
    expect(renderMessage(input, context).html).toBe(html);
  });
});
