/** The message endpoints, as the property checks see them. */

import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { BOOL, enumOf, INT, INT_LIST, OBJECT_LIST, optional, STRING } from './param-kinds.js';

/** The newest messages of the property channel, as the owner sees them: what a refused send must leave alone. */
const channelMessages = (env: PropertyEnv): ReadBack => ({
  path: '/messages',
  params: { anchor: 'newest', num_before: '5', num_after: '0', narrow: JSON.stringify([{ operator: 'channel', operand: env.channel.id }]) },
});

const messageRead = (id: number): ReadBack => ({ path: `/messages/${id}` });

/** A message a chance success sent is deleted again. */
async function deleteMessageSent(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const id = (response.body as { id?: unknown } | null)?.id;
  if (typeof id === 'number') await call(env.owner, 'DELETE', `/messages/${id}`);
}

const VIEW = optional(BOOL, 'apply_markdown', 'allow_empty_topic_name');

export const MESSAGE_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'send-message',
    method: 'POST',
    path: '/messages',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'type', kind: enumOf('direct', 'private', 'stream', 'channel'), required: true, valid: () => 'stream' },
      // A channel id or name, a JSON name or list, or recipients: plain text is legal, a few JSON shapes never are.
      { name: 'to', kind: STRING, required: true, valid: (env) => String(env.channel.id), invalid: ['[]', '{}', 'null'] },
      { name: 'topic', kind: STRING, valid: () => 'bad input' },
      { name: 'content', kind: STRING, required: true, valid: () => 'sent by a bad-input property', invalid: ['', ' \n ', '\u0000'] },
      { name: 'queue_id', kind: STRING },
      { name: 'local_id', kind: STRING },
      { name: 'read_by_sender', kind: BOOL },
    ],
    observe: (env) => [channelMessages(env)],
    cleanUp: deleteMessageSent,
  },
  {
    operation: 'get-messages',
    method: 'GET',
    path: '/messages',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'anchor', kind: STRING, valid: () => 'newest', invalid: ['yesterday', '1.5', '12abc'] },
      { name: 'num_before', kind: INT, valid: () => '5' },
      { name: 'num_after', kind: INT, valid: () => '0' },
      { name: 'narrow', kind: OBJECT_LIST, nullable: true, valid: (env) => JSON.stringify([{ operator: 'channel', operand: env.channel.id }]) },
      { name: 'message_ids', kind: INT_LIST, nullable: true },
      ...optional(BOOL, 'include_anchor', 'use_first_unread_anchor', 'apply_markdown', 'client_gravatar', 'allow_empty_topic_name'),
    ],
    observe: (env) => [channelMessages(env)],
  },
  {
    operation: 'render-message',
    method: 'POST',
    path: '/messages/render',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'content', kind: STRING, required: true, valid: () => 'a **preview**' }],
    observe: (env) => [channelMessages(env)],
  },
  {
    operation: 'get-message',
    method: 'GET',
    path: '/messages/{message_id}',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    params: VIEW,
    observe: (env) => [messageRead(env.message.id)],
  },
  {
    operation: 'get-message-history',
    method: 'GET',
    path: '/messages/{message_id}/history',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: (env) => [messageRead(env.message.id)],
  },
  {
    operation: 'delete-message',
    method: 'DELETE',
    path: '/messages/{message_id}',
    pathParams: { message_id: 'deleted-message-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: (env) => [messageRead(env.message.id), channelMessages(env)],
  },
];
