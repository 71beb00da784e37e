import { z } from 'zod';
import { changeUserStatus } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { codePointLength, wire } from '../../params/wire.js';
import { resolveEmoji } from '../../rules/emoji.js';
import type { UserStatus } from '../../state.js';

export const MAX_STATUS_TEXT_LENGTH = 60;

/** POST /users/me/status: only the passed parameters change. */
export const updateStatus = defineEndpoint({
  operation: 'update-status',
  method: 'POST',
  path: '/users/me/status',
  auth: 'basic',
  allowBots: false,
  params: z.object({
    status_text: z.string().optional(),
    away: wire.bool().optional(),
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: z.string().optional(),
  }),
  reduce(state, { actor, params, now }) {
    const statusText = params.status_text?.trim();
    if (params.away === undefined && statusText === undefined && params.emoji_name === undefined) {
      return fail(Errors.noNewStatusValues());
    }
    if (statusText !== undefined && codePointLength(statusText) > MAX_STATUS_TEXT_LENGTH) {
      return fail(Errors.tooLong('status_text', MAX_STATUS_TEXT_LENGTH));
    }
    let status: UserStatus = actor.status;
    if (statusText !== undefined) status = { ...status, statusText };
    if (params.emoji_name === undefined) {
      // The real server tests these for truth: empty strings are as good as absent.
      if (params.emoji_code || params.reaction_type) {
        return fail(Errors.emojiNameRequired());
      }
    } else if (params.emoji_name === '') {
      status = { ...status, emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' };
    } else {
      const emoji = resolveEmoji(state, params.emoji_name, params.emoji_code, params.reaction_type);
      if (!emoji.ok) return fail(emoji.error);
      status = { ...status, emojiName: emoji.value.name, emojiCode: emoji.value.code, reactionType: emoji.value.type };
    }
    const change = { status, away: params.away ?? null, textChanged: statusText !== undefined, emojiChanged: params.emoji_name !== undefined };
    return succeed(commit(state, now, (tx) => changeUserStatus(tx, actor, change)));
  },
});
