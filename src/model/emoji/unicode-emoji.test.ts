import { describe, expect, it } from 'vitest';

import { isUnicodeEmojiCode, unicodeEmojiCodeForName, unicodeEmojiNameForCode } from './unicode-emoji.js';

describe('unicode emoji table', () => {
  it('maps names to Zulip emoji codes', () => {
    // Zulip main (since zulip/zulip#32712): smile is 1f604, slight_smile is 1f642.
    expect(unicodeEmojiCodeForName('slight_smile')).toBe('1f642');
    expect(unicodeEmojiCodeForName('smile')).toBe('1f604');
    expect(unicodeEmojiCodeForName('thumbs_up')).toBe('1f44d');
    expect(unicodeEmojiCodeForName('octopus')).toBe('1f419');
    expect(unicodeEmojiCodeForName('heart')).toBe('2764');
  });

  it('resolves aliases and returns the canonical name for a code', () => {
    expect(unicodeEmojiCodeForName('+1')).toBe('1f44d');
    expect(unicodeEmojiCodeForName('like')).toBe('1f44d');
    expect(unicodeEmojiNameForCode('1f44d')).toBe('+1');
    expect(unicodeEmojiCodeForName('relaxed')).toBe('263a');
    expect(unicodeEmojiNameForCode('263a')).toBe('smiling_face');
  });

  it('handles multi-codepoint emoji with FE0F dropped', () => {
    expect(unicodeEmojiCodeForName('flag_united_states')).toBe('1f1fa-1f1f8');
    expect(unicodeEmojiCodeForName('woman_technologist')).toBe('1f469-200d-1f4bb');
    expect(unicodeEmojiCodeForName('one')).toBe('0031-20e3');
    expect(unicodeEmojiCodeForName('heart_on_fire')).toBe('2764-200d-1f525');
    expect(isUnicodeEmojiCode('1f469-200d-1f4bb')).toBe(true);
    expect(isUnicodeEmojiCode('2764-fe0f')).toBe(false);
  });

  it('rejects unknown names and codes', () => {
    expect(unicodeEmojiCodeForName('not_an_emoji')).toBeUndefined();
    expect(unicodeEmojiCodeForName('Octopus')).toBeUndefined();
    expect(unicodeEmojiCodeForName('constructor')).toBeUndefined();
    expect(unicodeEmojiCodeForName('__proto__')).toBeUndefined();
    expect(unicodeEmojiNameForCode('zzzz')).toBeUndefined();
    expect(isUnicodeEmojiCode('1F44D')).toBe(false);
    // Zulip gives no names to skin-tone modifiers or most clock faces.
    expect(isUnicodeEmojiCode('1f3fb')).toBe(false);
    expect(isUnicodeEmojiCode('1f550')).toBe(false);
  });
});
