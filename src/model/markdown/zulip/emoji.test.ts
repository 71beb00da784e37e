import { describe, expect, it } from 'vitest';
import { makeContext, renderPlain } from './test-context.js';
import { emojiCode } from './text-emoji.js';

const span = (code: string, name: string, shown = name): string =>
  `<span aria-label="${name.replaceAll('_', ' ')}" class="emoji emoji-${code}" role="img" title="${name.replaceAll('_', ' ')}">:${shown}:</span>`;

// [source, expected HTML inside the paragraph]
const colon: [string, string][] = [
  [':cat:', span('1f408', 'cat')],
  ['a :cat: b', `a ${span('1f408', 'cat')} b`],
  ['x:cat:y', `x${span('1f408', 'cat')}y`],
  // An alias keeps the typed name, in the text and in the title.
  [':thumbs_up:', span('1f44d', 'thumbs_up')],
  [':+1:', span('1f44d', '+1')],
  [':happy:', span('1f600', 'happy')],
  [':one:', span('0031-20e3', 'one')],
  [':Cat:', ':Cat:'],
  [':not_an_emoji:', ':not_an_emoji:'],
  // A name that is not an emoji is consumed, so its closing colon cannot open another.
  [':not_an_emoji:cat:', ':not_an_emoji:cat:'],
  [':cat::dog:', `${span('1f408', 'cat')}${span('1f415', 'dog')}`],
  [':cat', ':cat'],
  [': cat:', ': cat:'],
  [':zulip:', '<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip">'],
  [':party_parrot:', '<img alt=":party_parrot:" class="emoji" src="/user_avatars/2/emoji/images/1.gif" title="party parrot">'],
  ['`:cat:`', '<code>:cat:</code>'],
  ['*:cat:*', `<em>${span('1f408', 'cat')}</em>`],
];

// [source, expected HTML inside the paragraph]
const unicode: [string, string][] = [
  ['👍', span('1f44d', '+1')],
  ['ok👍ok', `ok${span('1f44d', '+1')}ok`],
  ['🐈', span('1f408', 'cat')],
  // Flags, keycaps, ZWJ sequences, tag sequences, and the FE0F-qualified forms.
  ['🇺🇸', span('1f1fa-1f1f8', 'flag_united_states')],
  ['1️⃣', span('0031-20e3', 'one')],
  ['👨‍💻', span('1f468-200d-1f4bb', 'man_technologist')],
  ['🏳️‍🌈', span('1f3f3-200d-1f308', 'rainbow_flag')],
  ['🏴󠁧󠁢󠁥󠁮󠁧󠁿', span('1f3f4-e0067-e0062-e0065-e006e-e0067-e007f', 'flag_england')],
  ['❤️', span('2764', 'heart')],
  ['©️', span('00a9', 'copyright')],
  // Single code points that are text by default stay text.
  ['❤', '❤'],
  ['©', '©'],
  ['↔', '↔'],
  ['123', '123'],
  ['#*', '#*'],
  ['1⃣', '1⃣'],
  // Sequences without a Zulip name (skin tones) stay as typed.
  ['👍🏽', '👍🏽'],
  ['🇺', '🇺'],
  ['`👍`', '<code>👍</code>'],
  ['[👍](https://zulip.com)', '<a href="https://zulip.com">👍</a>'],
  ['**👍**', `<strong>${span('1f44d', '+1')}</strong>`],
  ['👍👍', `${span('1f44d', '+1')}${span('1f44d', '+1')}`],
];

describe('colon emoji', () => {
  it.each(colon)('%j', (source, html) => {
    expect(renderPlain(source).html).toBe(html);
  });

  it('prefers a custom emoji over the standard name and over :zulip:', () => {
    const context = makeContext({
      customEmojiByName: (name) => (name === 'cat' || name === 'zulip' ? { id: 5, name, sourceUrl: `/e/${name}.png?a=1&b="2"` } : undefined),
    });
    expect(renderPlain(':cat:', context).html).toBe('<img alt=":cat:" class="emoji" src="/e/cat.png?a=1&amp;b=&quot;2&quot;" title="cat">');
    expect(renderPlain(':zulip:', context).html).toBe('<img alt=":zulip:" class="emoji" src="/e/zulip.png?a=1&amp;b=&quot;2&quot;" title="zulip">');
  });
});

describe('unicode emoji', () => {
  it.each(unicode)('%j', (source, html) => {
    expect(renderPlain(source).html).toBe(html);
  });

  it('computes codes', () => {
    expect(emojiCode('👍')).toBe('1f44d');
    expect(emojiCode('1️⃣')).toBe('0031-20e3');
    expect(emojiCode('©️')).toBe('00a9');
  });
});

// [source, expected HTML inside the paragraph]
const emoticons: [string, string][] = [
  [':)', span('1f604', 'smile')],
  ['(:', span('1f604', 'smile')],
  ['hi :) there', `hi ${span('1f604', 'smile')} there`],
  [':(', span('1f641', 'frown')],
  ['<3', span('2764', 'heart')],
  [':|', span('1f610', 'neutral')],
  [':/', span('1f615', 'confused')],
  [';)', span('1f609', 'wink')],
  [':D', span('1f600', 'grinning')],
  [':o :O', `${span('1f62e', 'open_mouth')} ${span('1f62e', 'open_mouth')}`],
  [':p :P', `${span('1f61b', 'stuck_out_tongue')} ${span('1f61b', 'stuck_out_tongue')}`],
  ['(:)', `${span('1f604', 'smile')})`],
  ['hello:)', 'hello:)'],
  [':)x', ':)x'],
  [':):)', `:)${span('1f604', 'smile')}`],
  // Right after an emoticon the real server sees a placeholder, not a boundary.
  [':);)', `${span('1f604', 'smile')};)`],
  ['"<3"', `&quot;${span('2764', 'heart')}&quot;`],
  ['a\n:)', `a\n${span('1f604', 'smile')}`],
  ['`:)`', '<code>:)</code>'],
  ['*:)*', `<em>${span('1f604', 'smile')}</em>`],
  ['**a**:)', '<strong>a</strong>:)'],
  [':)**a**', ':)<strong>a</strong>'],
  ['http://x:D', 'http://x:D'],
  ['[:)](https://zulip.com)', '<a href="https://zulip.com">:)</a>'],
];

describe('emoticons', () => {
  const translating = makeContext({ translateEmoticons: true });

  it.each(emoticons)('%j', (source, html) => {
    expect(renderPlain(source, translating).html).toBe(html);
  });

  it('stay text without the setting', () => {
    expect(renderPlain(':) <3 :D').html).toBe(':) &lt;3 :D');
  });
});
