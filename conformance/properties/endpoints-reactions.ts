/** The reaction and report endpoints, as the property checks see them. */

import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { enumOf, STRING } from './param-kinds.js';

const REACTION_TYPE = enumOf('unicode_emoji', 'realm_emoji', 'service_extra_emoji');
const REPORT_TYPE = enumOf('spam', 'harassment', 'inappropriate', 'norms', 'other');

/** The property message as the owner reads it: its reactions show what a reaction request changed. */
const messageRead = (env: PropertyEnv): ReadBack => ({ path: `/messages/${env.message.id}` });

const channelMessages = (env: PropertyEnv): ReadBack => ({
  path: '/messages',
  params: { anchor: 'newest', num_before: '5', num_after: '0', narrow: JSON.stringify([{ operator: 'channel', operand: env.channel.id }]) },
});

/** A reaction a chance success added is taken back: every reaction of `self` on the property message. */
async function removeOwnReactions(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  if (response.status !== 200) return;
  const read = await call(env.self, 'GET', `/messages/${env.message.id}`);
  const reactions = (read.body as { message?: { reactions?: unknown } } | null)?.message?.reactions;
  if (!Array.isArray(reactions)) return;
  for (const reaction of reactions as Record<string, unknown>[]) {
    if (reaction['user_id'] !== env.self.userId) continue;
    await call(env.self, 'DELETE', `/messages/${env.message.id}/reactions`, {
      emoji_code: String(reaction['emoji_code']),
      reaction_type: String(reaction['reaction_type']),
    });
  }
}

export const REACTION_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'add-reaction',
    method: 'POST',
    path: '/messages/{message_id}/reactions',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'emoji_name', kind: STRING, required: true, valid: () => 'octopus', invalid: ['', 'not_an_emoji_at_all'] },
      { name: 'emoji_code', kind: STRING },
      { name: 'reaction_type', kind: REACTION_TYPE },
    ],
    observe: (env) => [messageRead(env)],
    cleanUp: removeOwnReactions,
  },
  {
    operation: 'remove-reaction',
    method: 'DELETE',
    path: '/messages/{message_id}/reactions',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    // The base removes a reaction the message does not have: refused, so a run changes nothing unless it finds one.
    params: [
      { name: 'emoji_name', kind: STRING, valid: () => 'octopus' },
      { name: 'emoji_code', kind: STRING },
      { name: 'reaction_type', kind: REACTION_TYPE },
    ],
    observe: (env) => [messageRead(env)],
  },
  {
    operation: 'report-message',
    method: 'POST',
    path: '/messages/{message_id}/report',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    // The base is `other` without an explanation, so that runs do not fill a moderation channel with reports.
    params: [
      { name: 'report_type', kind: REPORT_TYPE, required: true, valid: () => 'other' },
      { name: 'description', kind: STRING, invalid: ['x'.repeat(1001)] },
    ],
    observe: (env) => [messageRead(env), channelMessages(env)],
  },
];
