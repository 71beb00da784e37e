/** What a channel's name may be: the real server's check_stream_name, on an already trimmed name. */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { codePointLength } from '../params/wire.js';

export const MAX_CHANNEL_NAME_LENGTH = 60;

/** The 66 Unicode non-characters: U+FDD0..U+FDEF and the last two code points of every plane. */
export function isNonCharacter(codePoint: number): boolean {
  return (codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe;
}

function isUnprintable(codePoint: number): boolean {
  const control = codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f);
  const surrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
  return control || surrogate || isNonCharacter(codePoint);
}

/** 1-based code-point position of the first control, surrogate or non-character, or null. */
export function firstInvalidCharacterPosition(text: string): number | null {
  let position = 0;
  for (const character of text) {
    position += 1;
    if (isUnprintable(character.codePointAt(0)!)) return position;
  }
  return null;
}

export function checkChannelName(name: string): Checked<string> {
  if (name.trim() === '') return reject(Errors.channelNameEmpty());
  if (codePointLength(name) > MAX_CHANNEL_NAME_LENGTH) return reject(Errors.channelNameTooLong(MAX_CHANNEL_NAME_LENGTH));
  const position = firstInvalidCharacterPosition(name);
  if (position !== null) return reject(Errors.invalidChannelNameCharacter(position));
  return accept(name);
}
