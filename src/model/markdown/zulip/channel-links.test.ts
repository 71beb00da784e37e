import { describe, expect, it } from 'vitest';

import { channelNarrowSlug, encodeHashComponent } from './channel-links.js';
import { makeContext, renderPlain } from './test-context.js';

// [source, expected HTML inside the paragraph]
const cases: [string, string][] = [
  ['#**design**', '<a class="stream" data-stream-id="7" href="/#narrow/channel/7-design">#design</a>'],
  ['see #**design**.', 'see <a class="stream" data-stream-id="7" href="/#narrow/channel/7-design">#design</a>.'],
  ['#**Verona Street**', '<a class="stream" data-stream-id="8" href="/#narrow/channel/8-Verona-Street">#Verona Street</a>'],
  ['#**a.b (c)/d**', '<a class="stream" data-stream-id="9" href="/#narrow/channel/9-a.2Eb-.28c.29.2Fd">#a.b (c)/d</a>'],
  ['#**café**', '<a class="stream" data-stream-id="10" href="/#narrow/channel/10-caf.C3.A9">#café</a>'],
  ['#**x<y**', '<a class="stream" data-stream-id="11" href="/#narrow/channel/11-x.3Cy">#x&lt;y</a>'],
  // Exact, case-sensitive names; anything else falls through to strong.
  ['#**Design**', '#<strong>Design</strong>'],
  ['#**nope**', '#<strong>nope</strong>'],
  ['a#**design**', 'a#<strong>design</strong>'],
  ['`#**design**`', '<code>#**design**</code>'],
  // Topic links; `/with/` when the sender can see a message in the topic.
  ['#**design>logo**', '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/logo/with/42">#design &gt; logo</a>'],
  ['#**design>LOGO**', '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/LOGO/with/42">#design &gt; LOGO</a>'],
  ['#**design>my topic**', '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/my.20topic">#design &gt; my topic</a>'],
  [
    '#**design>a.b (c)/d?**',
    '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/a.2Eb.20.28c.29.2Fd.3F">#design &gt; a.b (c)/d?</a>',
  ],
  ['#**design>**', '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/">#design &gt; <em>general chat</em></a>'],
  ['#**design>a>b**', '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/a.3Eb">#design &gt; a&gt;b</a>'],
  ['#**Verona Street>x**', '<a class="stream-topic" data-stream-id="8" href="/#narrow/channel/8-Verona-Street/topic/x">#Verona Street &gt; x</a>'],
  ['#**nope>logo**', '#<strong>nope&gt;logo</strong>'],
  // Message links: no data-stream-id, the id is not checked.
  ['#**design>logo@123**', '<a class="message-link" href="/#narrow/channel/7-design/topic/logo/near/123">#design &gt; logo @ 💬</a>'],
  ['#**design>a@b@9**', '<a class="message-link" href="/#narrow/channel/7-design/topic/a.40b/near/9">#design &gt; a@b @ 💬</a>'],
  ['#**design>@5**', '<a class="message-link" href="/#narrow/channel/7-design/topic//near/5">#design &gt; <em>general chat</em> @ 💬</a>'],
  ['#**design>logo@x**', '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/logo.40x">#design &gt; logo@x</a>'],
  // Channel links render inside link text (they come before links on the real server).
  ['[#**design**](https://zulip.com)', '<a href="https://zulip.com"><a class="stream" data-stream-id="7" href="/#narrow/channel/7-design">#design</a></a>'],
];

describe('channel, topic and message links', () => {
  it.each(cases)('%j', (source, html) => {
    expect(renderPlain(source).html).toBe(html);
  });

  it('omits /with/ without firstMessageIdInTopic', () => {
    const context = makeContext({ firstMessageIdInTopic: undefined });
    expect(renderPlain('#**design>logo**', context).html).toBe(
      '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-design/topic/logo">#design &gt; logo</a>',
    );
  });

  it('uses the context empty-topic name', () => {
    const context = makeContext({ emptyTopicName: 'x & y' });
    expect(renderPlain('#**design>**', context).html).toContain('<em>x &amp; y</em>');
  });

  it('records no mentions', () => {
    expect(renderPlain('#**design>logo**').users).toEqual([]);
  });
});

describe('encodeHashComponent and channelNarrowSlug', () => {
  it.each([
    ['my topic', 'my.20topic'],
    ['a.b', 'a.2Eb'],
    ['(x)', '.28x.29'],
    ['a/b', 'a.2Fb'],
    ['100%', '100.25'],
    ['*-_~', '*-_~'],
    ["!'", '.21.27'],
    ['café', 'caf.C3.A9'],
    ['💬', '.F0.9F.92.AC'],
    ['\ud800', '.EF.BF.BD'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(encodeHashComponent(input)).toBe(expected);
  });

  it('slugs a channel', () => {
    expect(channelNarrowSlug(8, 'Verona Street')).toBe('8-Verona-Street');
    expect(channelNarrowSlug(3, 'a b.c')).toBe('3-a-b.2Ec');
  });
});
