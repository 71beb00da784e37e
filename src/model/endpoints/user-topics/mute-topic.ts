import { z } from 'zod';
import { setUserTopicVisibility } from '../../actions/user-topics.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars, wire } from '../../params/wire.js';
import { MAX_TOPIC_LENGTH } from '../../rules/addressees.js';
import { accessChannelForUserTopic, MUTED, topicFromRequest } from '../../rules/user-topics.js';

/**
 * PATCH /users/me/subscriptions/muted_topics (deprecated): mutes (`add`) or
 * unmutes (`remove`) a topic of a channel named by id or by name, exactly
 * one of them. Unmuting a topic that is not muted changes nothing.
 */
export const muteTopic = defineEndpoint({
  operation: 'mute-topic',
  method: 'PATCH',
  path: '/users/me/subscriptions/muted_topics',
  auth: 'basic',
  // The real server's signature order, which decides which bad parameter is reported first.
  params: z.object({
    op: z.enum(['add', 'remove']),
    topic: maxChars(MAX_TOPIC_LENGTH),
    stream: z.string().optional(),
    stream_id: wire.int().optional(),
  }),
  reduce(state, { actor, params, now }) {
    if (params.stream_id === undefined && params.stream === undefined) return fail(Errors.missingChannelArgument());
    if (params.stream_id !== undefined && params.stream !== undefined) return fail(Errors.incompatibleParameters(['stream_id', 'stream']));
    const removing = params.op === 'remove';
    const named = params.stream_id !== undefined ? { id: params.stream_id } : { name: params.stream! };
    const channel = accessChannelForUserTopic(state, actor, named, removing ? { missing: Errors.topicNotMuted() } : null, now);
    if (!channel.ok) return fail(channel.error);
    const topic = topicFromRequest(params.topic);
    return succeed(commit(state, now, (tx) => setUserTopicVisibility(tx, [actor.id], channel.value, topic, removing ? 0 : MUTED)));
  },
});
