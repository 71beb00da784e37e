import { describe, expect, it } from 'vitest';
import { parseRetentionDays } from './channel-administration.js';
import { checkChannelName, firstInvalidCharacterPosition, isNonCharacter } from './channel-names.js';

describe('channel names (reference §1.1 step 5)', () => {
  it('counts exactly 66 non-characters', () => {
    let count = 0;
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) if (isNonCharacter(codePoint)) count++;
    expect(count).toBe(66);
  });

  it('reports the first control, surrogate or non-character by code point from 1', () => {
    expect(firstInvalidCharacterPosition('plain #*> 🎉')).toBeNull();
    expect(firstInvalidCharacterPosition('\u0000')).toBe(1);
    expect(firstInvalidCharacterPosition('a\u009f')).toBe(2);
    expect(firstInvalidCharacterPosition('🎉🎉\ud800')).toBe(3);
    expect(firstInvalidCharacterPosition('x\u{10ffff}')).toBe(2);
  });

  it('limits names to 60 code points and refuses blank ones', () => {
    expect(checkChannelName('é'.repeat(60)).ok).toBe(true);
    expect(checkChannelName('é'.repeat(61))).toMatchObject({ ok: false, error: { msg: 'Channel name too long (limit: 60 characters).' } });
    expect(checkChannelName('')).toMatchObject({ ok: false, error: { msg: "Channel name can't be empty." } });
  });
});

describe('message_retention_days (reference §1.1 step 3)', () => {
  it('maps the special values and accepts positive integers only', () => {
    expect(parseRetentionDays('realm_default')).toEqual({ ok: true, value: null });
    expect(parseRetentionDays('unlimited')).toEqual({ ok: true, value: -1 });
    expect(parseRetentionDays(7)).toEqual({ ok: true, value: 7 });
    for (const bad of [0, -1, '7', 'forever']) {
      expect(parseRetentionDays(bad)).toMatchObject({
        ok: false,
        error: { status: 400, code: 'REQUEST_VARIABLE_INVALID', data: { var_name: 'message_retention_days', bad_value: bad } },
      });
    }
  });
});
