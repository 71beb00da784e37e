/** PATCH /messages/{message_id}, as the property checks see it. */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { BOOL, enumOf, INT, STRING } from './param-kinds.js';

const channelMessages = (env: PropertyEnv): ReadBack => ({
  path: '/messages',
  params: { anchor: 'newest', num_before: '5', num_after: '0', narrow: JSON.stringify([{ operator: 'channel', operand: env.channel.id }]) },
});

/**
 * A chance success may have moved the shared message to another channel
 * (stream_id is any integer): it goes back, so that the other properties
 * keep finding it where they expect.
 */
async function moveBack(env: PropertyEnv, _response: TargetResponse, call: CleanupCall): Promise<void> {
  const read = await call(env.owner, 'GET', `/messages/${env.message.id}`);
  const channelId = (read.body as { message?: { stream_id?: unknown } } | null)?.message?.stream_id;
  if (channelId === undefined || channelId === env.channel.id) return;
  const back = { stream_id: String(env.channel.id), propagate_mode: 'change_one', send_notification_to_new_thread: 'false' };
  await call(env.owner, 'PATCH', `/messages/${env.message.id}`, back);
}

export const MESSAGE_EDIT_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'update-message',
    method: 'PATCH',
    path: '/messages/{message_id}',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    params: [
      // The base request renames the topic of self's message: the topic limit (a week) never runs out within a run, unlike the content limit.
      { name: 'topic', kind: STRING, valid: (env) => env.unique('renamed').slice(-40) },
      { name: 'propagate_mode', kind: enumOf('change_one', 'change_later', 'change_all') },
      { name: 'send_notification_to_old_thread', kind: BOOL },
      { name: 'send_notification_to_new_thread', kind: BOOL },
      { name: 'content', kind: STRING },
      { name: 'prev_content_sha256', kind: STRING },
      { name: 'stream_id', kind: INT },
    ],
    observe: (env) => [{ path: `/messages/${env.message.id}` }, channelMessages(env)],
    cleanUp: moveBack,
  },
];
