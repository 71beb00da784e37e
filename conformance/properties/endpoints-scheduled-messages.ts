/**
 * The scheduled message and reminder endpoints, as the property checks see
 * them. They are called as the run's owner, whose lists are the read-backs;
 * times lie years ahead, paths name records that do not exist, and what a
 * chance success schedules is deleted again.
 */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { ANY_JSON, enumOf, INT, STRING } from './param-kinds.js';

const ownScheduled: ReadBack = { path: '/scheduled_messages' };
const ownReminders: ReadBack = { path: '/reminders' };

const future = () => String(Math.floor(Date.now() / 1000) + 10 * 365 * 86400);
/** Times that are not in the future. */
const PAST = ['0', '1000000000', '-5'];

async function removeScheduled(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const id = (response.body as { scheduled_message_id?: unknown } | null)?.scheduled_message_id;
  if (response.status === 200 && typeof id === 'number') await call(env.owner, 'DELETE', `/scheduled_messages/${id}`);
}

async function removeReminder(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const id = (response.body as { reminder_id?: unknown } | null)?.reminder_id;
  if (response.status === 200 && typeof id === 'number') await call(env.owner, 'DELETE', `/reminders/${id}`);
}

export const SCHEDULED_MESSAGE_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  { operation: 'get-scheduled-messages', method: 'GET', path: '/scheduled_messages', auth: 'basic', actor: 'owner', params: [], observe: () => [ownScheduled] },
  {
    operation: 'create-scheduled-message',
    method: 'POST',
    path: '/scheduled_messages',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'type', kind: enumOf('stream', 'channel'), required: true, valid: () => 'stream' },
      { name: 'to', kind: ANY_JSON, required: true, valid: (env) => String(env.channel.id), invalid: ['[1, 2]', '"general"'] },
      { name: 'topic', kind: STRING, valid: () => 'property' },
      { name: 'content', kind: STRING, required: true, valid: () => 'scheduled by the bad-input property', invalid: ['', '  \n'] },
      { name: 'scheduled_delivery_timestamp', kind: INT, required: true, valid: future, invalid: PAST },
    ],
    // A channel message needs its topic.
    refuses: (params) => (Object.hasOwn(params, 'topic') ? undefined : 'a channel message without a topic'),
    observe: () => [ownScheduled],
    cleanUp: removeScheduled,
  },
  {
    operation: 'update-scheduled-message',
    method: 'PATCH',
    path: '/scheduled_messages/{scheduled_message_id}',
    pathParams: { scheduled_message_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'content', kind: STRING, valid: () => 'edited by the bad-input property' },
      { name: 'scheduled_delivery_timestamp', kind: INT, invalid: PAST },
    ],
    observe: () => [ownScheduled],
  },
  {
    operation: 'delete-scheduled-message',
    method: 'DELETE',
    path: '/scheduled_messages/{scheduled_message_id}',
    pathParams: { scheduled_message_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [ownScheduled],
  },
  { operation: 'get-reminders', method: 'GET', path: '/reminders', auth: 'basic', actor: 'owner', params: [], observe: () => [ownReminders] },
  {
    operation: 'create-message-reminder',
    method: 'POST',
    path: '/reminders',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'message_id', kind: INT, required: true, valid: (env) => String(env.message.id), invalid: ['999999999'] },
      { name: 'scheduled_delivery_timestamp', kind: INT, required: true, valid: future, invalid: PAST },
      { name: 'note', kind: STRING, invalid: ['x'.repeat(1001)] },
    ],
    observe: () => [ownReminders],
    cleanUp: removeReminder,
  },
  {
    operation: 'delete-reminder',
    method: 'DELETE',
    path: '/reminders/{reminder_id}',
    pathParams: { reminder_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [ownReminders],
  },
];
