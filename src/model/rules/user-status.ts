/**
 * A status change as the real server's update_user_status_backend checks it,
 * shared by POST /users/me/status and an administrator's POST
 * /users/{user_id}/status.
 */
import type { StatusChange } from '../actions/users.js';
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { codePointLength } from '../params/wire.js';
import type { State, UserStatus } from '../state.js';
import { resolveEmoji } from './emoji.js';

export const MAX_STATUS_TEXT_LENGTH = 60;

export interface StatusRequest {
  readonly status_text?: string | undefined;
  readonly away?: boolean | undefined;
  readonly emoji_name?: string | undefined;
  readonly emoji_code?: string | undefined;
  readonly reaction_type?: string | undefined;
}

/** The length limit, which the real server's parameter parsing applies before the view runs. */
export function checkStatusTextLength(statusText: string | undefined): Checked<string | undefined> {
  const trimmed = statusText?.trim();
  if (trimmed !== undefined && codePointLength(trimmed) > MAX_STATUS_TEXT_LENGTH) return reject(Errors.tooLong('status_text', MAX_STATUS_TEXT_LENGTH));
  return accept(trimmed);
}

/** The new status of a user whose status is `current`: only the passed parameters change. */
export function checkStatusChange(state: State, current: UserStatus, request: StatusRequest): Checked<StatusChange> {
  const text = checkStatusTextLength(request.status_text);
  if (!text.ok) return text;
  const statusText = text.value;
  if (request.away === undefined && statusText === undefined && request.emoji_name === undefined) return reject(Errors.noNewStatusValues());
  let status: UserStatus = current;
  if (statusText !== undefined) status = { ...status, statusText };
  if (request.emoji_name === undefined) {
    // The real server tests these for truth: empty strings are as good as absent.
    if (request.emoji_code || request.reaction_type) return reject(Errors.emojiNameRequired());
  } else if (request.emoji_name === '') {
    status = { ...status, emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' };
  } else {
    const emoji = resolveEmoji(state, request.emoji_name, request.emoji_code, request.reaction_type);
    if (!emoji.ok) return emoji;
    status = { ...status, emojiName: emoji.value.name, emojiCode: emoji.value.code, reactionType: emoji.value.type };
  }
  return accept({ status, away: request.away ?? null, textChanged: statusText !== undefined, emojiChanged: request.emoji_name !== undefined });
}
