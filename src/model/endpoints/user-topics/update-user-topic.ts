import { z } from 'zod';
import { setUserTopicVisibility } from '../../actions/user-topics.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars, VAR, wire } from '../../params/wire.js';
import { MAX_TOPIC_LENGTH } from '../../rules/addressees.js';
import { legacyVisibilityPolicyError } from '../../rules/feature-levels.js';
import { accessChannelForUserTopic, topicFromRequest, VISIBILITY_POLICY_VALUES, type VisibilityPolicyValue } from '../../rules/user-topics.js';

const visibilityPolicy = wire.json(
  z.int().superRefine((value, ctx) => {
    if (!(VISIBILITY_POLICY_VALUES as readonly number[]).includes(value)) {
      ctx.addIssue({ code: 'custom', message: `Invalid ${VAR}: Value error, Not in the list of possible values` });
    }
  }),
);

/**
 * POST /user_topics: sets the caller's visibility policy for a topic (0
 * removes it). The topic need not have messages; "general chat" is the
 * empty topic. Setting a policy needs access to the channel; removing one
 * only a channel of the realm.
 */
export const updateUserTopic = defineEndpoint({
  operation: 'update-user-topic',
  method: 'POST',
  path: '/user_topics',
  auth: 'basic',
  params: z.object({
    stream_id: wire.int(),
    topic: maxChars(MAX_TOPIC_LENGTH),
    visibility_policy: visibilityPolicy,
  }),
  reduce(state, { actor, params, now }) {
    const policy = params.visibility_policy as VisibilityPolicyValue;
    const legacyPolicy = legacyVisibilityPolicyError(state, policy);
    if (legacyPolicy !== null) return fail(legacyPolicy);
    const channel = accessChannelForUserTopic(state, actor, { id: params.stream_id }, policy === 0 ? { missing: Errors.invalidChannelId() } : null, now);
    if (!channel.ok) return fail(channel.error);
    const topic = topicFromRequest(params.topic);
    return succeed(commit(state, now, (tx) => setUserTopicVisibility(tx, [actor.id], channel.value, topic, policy)));
  },
});
