/** The typing endpoints, as the property checks see them: they change nothing, so any answer must leave the reads alone. */
import type { EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { enumOf, INT, INT_LIST, STRING, userRead } from './param-kinds.js';

const OP = enumOf('start', 'stop');

/** The property channel's newest messages, as the owner sees them. */
const channelMessages = (env: PropertyEnv): ReadBack => ({
  path: '/messages',
  params: { anchor: 'newest', num_before: '5', num_after: '0', narrow: JSON.stringify([{ operator: 'channel', operand: env.channel.id }]) },
});

export const TYPING_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'set-typing-status',
    method: 'POST',
    path: '/typing',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'op', kind: OP, required: true, valid: () => 'start' },
      // Channel typing in the base: `to` is then parsed but not needed, and a dropped type asks for it.
      { name: 'type', kind: enumOf('direct', 'stream', 'channel'), valid: () => 'stream' },
      { name: 'stream_id', kind: INT, nullable: true, valid: (env) => String(env.channel.id) },
      { name: 'topic', kind: STRING, valid: () => 'bad input' },
      { name: 'to', kind: INT_LIST, nullable: true },
    ],
    observe: (env) => [channelMessages(env), userRead(env.self.userId)],
  },
  {
    operation: 'set-typing-status-for-message-edit',
    method: 'POST',
    path: '/messages/{message_id}/typing',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'op', kind: OP, required: true, valid: () => 'start' }],
    observe: (env) => [{ path: `/messages/${env.message.id}` }, channelMessages(env)],
  },
];
