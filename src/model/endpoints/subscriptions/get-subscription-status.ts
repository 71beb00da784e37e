import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { accessChannelById, isSubscribed } from '../../rules/channels.js';
import { answersAboutBotUsers } from '../../rules/feature-levels.js';
import { isBot } from '../../rules/roles.js';
import { accessUserForRead, selectUser } from '../../rules/users.js';

/** GET /users/{user_id}/subscriptions/{stream_id}: whether a user is subscribed to a channel the caller may know of. */
export const getSubscriptionStatus = defineEndpoint({
  operation: 'get-subscription-status',
  method: 'GET',
  path: '/users/{user_id}/subscriptions/{stream_id}',
  pathParams: { user_id: 'int', stream_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const userId = path.user_id;
    const channelId = path.stream_id;
    const user = accessUserForRead(state, actor, selectUser(state, userId));
    if (!user.ok) return fail(user.error);
    if (isBot(user.value) && !answersAboutBotUsers(state)) return fail(Errors.noSuchUser());
    const channel = accessChannelById(state, actor, channelId, now, { activeOnly: true });
    if (!channel.ok) return fail(channel.error);
    return succeed(state, { is_subscribed: isSubscribed(state, user.value.id, channel.value.id) });
  },
});
