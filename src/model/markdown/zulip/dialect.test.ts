/** The Zulip rules inside the real dialect (render.ts): placement relative to code, links, autolinks and emphasis. */
import { describe, expect, it } from 'vitest';

import { renderMessage } from '../render.js';
import { renderInlineTex } from './inline-math.js';
import { makeContext } from './test-context.js';

const iago = '<span class="user-mention" data-user-id="1">@Iago</span>';
const silentIago = '<span class="user-mention silent" data-user-id="1">Iago</span>';
const support = '<span class="user-group-mention" data-user-group-id="10">@support</span>';
const cat = '<span aria-label="cat" class="emoji emoji-1f408" role="img" title="cat">:cat:</span>';
const smile = '<span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span>';
const design = '<a class="stream" data-stream-id="7" href="/#narrow/channel/7-design">#design</a>';

// [source, expected HTML, mentioned users, mentioned groups]
const cases: [string, string, number[], number[]][] = [
  ['@**Iago**', `<p>${iago}</p>`, [1], []],
  ['@**Nobody**', '<p>@<strong>Nobody</strong></p>', [], []],
  ['@*nobody*', '<p>@<em>nobody</em></p>', [], []],
  ['#**nope**', '<p>#<strong>nope</strong></p>', [], []],
  ['`@**Iago**` @**Iago**', `<p><code>@**Iago**</code> ${iago}</p>`, [1], []],
  ['[@**Iago**](https://zulip.com)', `<p><a href="https://zulip.com">${iago}</a></p>`, [1], []],
  ['[@*support*](https://zulip.com) @*support*', `<p><a href="https://zulip.com">@*support*</a> ${support}</p>`, [], [10]],
  ['[#**design**](https://zulip.com)', `<p><a href="https://zulip.com">${design}</a></p>`, [], []],
  ['**bold** @**Iago**', `<p><strong>bold</strong> ${iago}</p>`, [1], []],
  ['*hi @**Iago***', `<p><em>hi ${iago}</em></p>`, [1], []],
  [
    '> @**Iago** @*support*',
    `<blockquote>\n<p>${silentIago} <span class="user-group-mention silent" data-user-group-id="10">support</span></p>\n</blockquote>`,
    [],
    [],
  ],
  ['```quote\n@**Iago**\n```', `<blockquote>\n<p>${silentIago}</p>\n</blockquote>`, [], []],
  ['>@**Iago**', `<blockquote>\n<p>${iago}</p>\n</blockquote>`, [1], []],
  [
    '> @**all**\n\n@**topic**',
    '<blockquote>\n<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>\n<p><span class="topic-mention">@topic</span></p>',
    [],
    [],
  ],
  // Emoji come after autolinks and emphasis, and never inside link text.
  [':cat: *:cat:* ~~:cat:~~', `<p>${cat} <em>${cat}</em> <del>${cat}</del></p>`, [], []],
  ['https://x.io/a:cat:b', '<p><a href="https://x.io/a:cat:b">https://x.io/a:cat:b</a></p>', [], []],
  ['[:cat: 👍](https://x.io)', '<p><a href="https://x.io">:cat: 👍</a></p>', [], []],
  ['#**design>logo@1**', '<p><a class="message-link" href="/#narrow/channel/7-design/topic/logo/near/1">#design &gt; logo @ 💬</a></p>', [], []],
  ['a\n@**Iago**', `<p>a<br>\n${iago}</p>`, [1], []],
  ['# @**Iago** :cat:', `<h1>${iago} ${cat}</h1>`, [1], []],
  ['* @**Iago**\n* :cat:', `<ul>\n<li>${iago}</li>\n<li>${cat}</li>\n</ul>`, [1], []],
  ['<time:1590672600>', '<p><time datetime="2020-05-28T13:30:00Z">1590672600</time></p>', [], []],
  ['```\n@**Iago** :cat:\n```', '<div class="codehilite"><pre><span></span><code>@**Iago** :cat:\n</code></pre></div>', [], []],
];

describe('Zulip syntax in the dialect', () => {
  it.each(cases)('%j', (source, html, users, groups) => {
    const rendered = renderMessage(source, makeContext());
    expect(rendered.html).toBe(html);
    expect(rendered.mentionedUserIds).toEqual(users);
    expect(rendered.mentionedGroupIds).toEqual(groups);
  });

  it('reports wildcards', () => {
    const rendered = renderMessage('@**all** and @**topic**', makeContext());
    expect(rendered.streamWildcard).toBe(true);
    expect(rendered.topicWildcard).toBe(true);
  });

  it('keeps inline math as text for the prettifier, so a space after a line break stays', () => {
    expect(renderMessage('a\n $$x$$', makeContext()).html).toBe(`<p>a<br>\n ${renderInlineTex('x')}</p>`);
    expect(renderMessage('a\n @**Iago**', makeContext()).html).toBe(`<p>a<br>\n${iago}</p>`);
  });

  it('translates emoticons for a sender who wants it, not after an entity', () => {
    const context = makeContext({ translateEmoticons: true });
    expect(renderMessage(':) and :)', context).html).toBe(`<p>${smile} and ${smile}</p>`);
    expect(renderMessage('&amp;:) x', context).html).toBe('<p>&amp;:) x</p>');
    expect(renderMessage('**a**:) x', context).html).toBe('<p><strong>a</strong>:) x</p>');
  });

  it('renders the channel and message links of the facts', () => {
    expect(renderMessage('#**design>logo**', makeContext()).html).toBe(
      '<p><a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/logo/with/42">#design &gt; logo</a></p>',
    );
  });
});
