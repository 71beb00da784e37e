/** The flag endpoints and matches_narrow, as the property checks see them: called as the owner, whose flags on the property message are read back. */
import type { EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { ANY_JSON, BOOL, enumOf, INT, INT_LIST, OBJECT_LIST, STRING } from './param-kinds.js';

const OP = enumOf('add', 'remove');
const FLAG = enumOf('read', 'starred', 'collapsed');
/** Flag names refused whatever the operation: output only, not editable, internal. */
const NOT_INPUT_FLAGS = ['wildcard_mentioned', 'mentioned', 'historical', 'is_private', 'Read'];

/** The property message as the owner reads it: its flags are what these endpoints change. */
const ownerFlags = (env: PropertyEnv): ReadBack => ({ path: `/messages/${env.message.id}` });

/** A narrow that may also be JSON null (no narrow), as POST /messages/flags/narrow takes it: every other non-list is wrong. */
const NOT_NULLABLE_NARROWS = ['{}', '1', '"x"', '[1]', '["x"]', '[null]', '[[]]'];

const channelNarrow = (env: PropertyEnv) => JSON.stringify([{ operator: 'channel', operand: env.channel.id }]);

export const MESSAGE_FLAG_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'update-message-flags',
    method: 'POST',
    path: '/messages/flags',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'flag', kind: FLAG, required: true, valid: () => 'starred', invalid: NOT_INPUT_FLAGS },
      { name: 'messages', kind: INT_LIST, required: true, valid: (env) => `[${env.message.id}]` },
      { name: 'op', kind: OP, required: true, valid: () => 'add' },
    ],
    observe: (env) => [ownerFlags(env)],
  },
  {
    operation: 'update-message-flags-for-narrow',
    method: 'POST',
    path: '/messages/flags/narrow',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'anchor', kind: STRING, required: true, valid: () => 'newest', invalid: ['yesterday', '1.5', '12abc'] },
      { name: 'flag', kind: FLAG, required: true, valid: () => 'starred', invalid: NOT_INPUT_FLAGS },
      { name: 'include_anchor', kind: BOOL },
      { name: 'narrow', kind: ANY_JSON, required: true, valid: channelNarrow, invalid: NOT_NULLABLE_NARROWS },
      { name: 'num_after', kind: INT, required: true, valid: () => '0' },
      { name: 'num_before', kind: INT, required: true, valid: () => '1' },
      { name: 'op', kind: OP, required: true, valid: () => 'add' },
    ],
    observe: (env) => [ownerFlags(env)],
  },
  {
    operation: 'mark-topic-as-read',
    method: 'POST',
    path: '/mark_topic_as_read',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'stream_id', kind: INT, required: true, valid: (env) => String(env.channel.id) },
      { name: 'topic_name', kind: STRING, required: true, valid: () => 'bad input' },
    ],
    observe: (env) => [ownerFlags(env)],
  },
  {
    operation: 'check-messages-match-narrow',
    method: 'GET',
    path: '/messages/matches_narrow',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'msg_ids', kind: INT_LIST, required: true, valid: (env) => `[${env.message.id}]` },
      { name: 'narrow', kind: OBJECT_LIST, required: true, valid: channelNarrow },
    ],
    observe: (env) => [ownerFlags(env)],
  },
];
