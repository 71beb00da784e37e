import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentRealmEmojiDict } from '../../present/realm-emoji.js';

/** GET /realm/emoji: every custom emoji of the realm, deactivated ones too; the list is public to every user (the real server's list_emoji). */
export const getCustomEmoji = defineEndpoint({
  operation: 'get-custom-emoji',
  method: 'GET',
  path: '/realm/emoji',
  auth: 'basic',
  params: z.object({}),
  reduce(state) {
    return succeed(state, { emoji: presentRealmEmojiDict(state) });
  },
});
