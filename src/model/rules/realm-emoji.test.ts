import { describe, expect, it } from 'vitest';
import { createModel } from '../../in-process.js';
import { HAMLET, T0 } from '../../testing/default-realm.js';
import { checkEmojiName, emojiImageExtension, isDefaultEmojiName, normalizeEmojiName, selectRealmEmojiByCode } from './realm-emoji.js';

describe('custom emoji rules', () => {
  it('strips what Python’s str.strip strips and turns the remaining spaces into underscores', () => {
    expect(normalizeEmojiName('\u3000\u00a0 party time \t\n')).toBe('party_time');
    expect(normalizeEmojiName('a\u00a0b')).toBe('a\u00a0b');
  });

  it('checks a name as check_valid_emoji_name does, the empty name first', () => {
    expect(checkEmojiName('').ok).toBe(false);
    expect(checkEmojiName('ok-2_go')).toEqual({ ok: true, value: 'ok-2_go' });
    const message = (name: string) => {
      const checked = checkEmojiName(name);
      return checked.ok ? undefined : checked.error.msg;
    };
    expect(message('é')).toMatch(/^Emoji names must contain only/);
    expect(message('tail_')).toBe('Emoji names must end with either a letter or digit.');
    expect(message('Tail_')).toMatch(/^Emoji names must contain only/);
  });

  it('knows the standard names (aliases too) and the image types the real server takes', () => {
    expect([isDefaultEmojiName('smile'), isDefaultEmojiName('happy'), isDefaultEmojiName('zulip'), isDefaultEmojiName('not_an_emoji_name')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(
      ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/tiff', 'image/svg+xml', 'image/png; x=1'].map(emojiImageExtension),
    ).toEqual(['.png', '.jpg', '.gif', '.webp', '.avif', undefined, undefined, undefined]);
  });

  it('finds a custom emoji by its code only in the id’s own decimal form', () => {
    const model = createModel({ seed: 'emoji-rules', clock: () => T0 });
    model.call(
      'POST',
      '/realm/emoji/coded',
      {},
      { auth: HAMLET, files: [{ fieldName: 'f', fileName: 'c.png', contentType: 'image/png', data: new Uint8Array([1]) }] },
    );
    expect(selectRealmEmojiByCode(model.state, '1')?.name).toBe('coded');
    for (const code of ['01', '1.0', ' 1', '', '1f600', '9999999999999']) expect(selectRealmEmojiByCode(model.state, code)).toBeUndefined();
  });
});
