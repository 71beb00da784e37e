/**
 * Events: the queue protocol (register, GET /events, DELETE /events) and the
 * events each write sends, to whom. The spec leaves event payloads out (its
 * Events section), so these are the real server's behaviour (`compat`),
 * except that realm settings changes arrive as `realm` / `update_dict`.
 */
import type { Clause } from '../clauses.js';

const REGISTER = 'POST /register';
const GET_EVENTS = 'GET /events';
const DELETE_EVENTS = 'DELETE /events';

const ev = (section: string) => `server-events.md: ${section}`;

export const EVENT_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------- the queue protocol
  {
    id: 'events.register.queue',
    section: ev('§1.4–1.5 POST /register'),
    summary: 'Registering answers a queue id (a non-empty string) and last_event_id -1 for a queue nothing has reached yet.',
    level: 'compat',
    endpoint: REGISTER,
  },
  {
    id: 'events.register.event-types',
    section: ev('§1.1 event_types'),
    summary: 'A queue gets only the event types it registered for; JSON null means every type and an empty list means none.',
    level: 'compat',
    endpoint: REGISTER,
  },
  {
    id: 'events.ids.sequence',
    section: ev('§0, §2.4 event ids'),
    summary: 'Every event carries an integer id and a type; a queue’s first event has id 0 and later ids only grow.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.ack.redeliver',
    section: ev('§2.2 steps 5 and 8'),
    summary: 'Events above last_event_id come back unchanged on every fetch until acknowledged; acknowledged ones never come back.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.dont-block',
    section: ev('§2.2 step 8, §2.5'),
    summary: 'With dont_block=true an empty queue answers at once with an empty events list and no queue_id.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.long-poll',
    section: ev('§2.3, §2.5'),
    summary: 'A request that waited is answered when an event arrives, with that event and the queue_id.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.superseded',
    section: ev('§2.2 step 7'),
    summary: 'A newer GET /events on the same queue completes the waiting one with what is queued (here nothing) and the queue_id.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.create-queue',
    section: ev('§2.1 queue-creation parameters'),
    summary: 'GET /events with dont_block=true and no queue_id makes a new queue and answers its id with an empty events list.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.bad-queue',
    section: ev('§2.2 step 3, §2.6'),
    summary: 'An unknown, deleted or other user’s queue: 400 BAD_EVENT_QUEUE_ID, "Bad event queue ID: <id>", with the queue_id as sent.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.missing-args',
    section: ev('§2.2 steps 1–2'),
    summary: 'No queue_id without dont_block, or a queue_id without last_event_id: plain 400 BAD_REQUEST "Missing \'…\' argument", no var_name.',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.pruned',
    section: ev('§2.2 step 4'),
    summary: 'A last_event_id below what was already acknowledged: 400 BAD_REQUEST "An event newer than N has already been pruned!".',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.get.not-in-queue',
    section: ev('§2.2 step 6'),
    summary: 'A last_event_id the queue never handed out: 400 BAD_REQUEST "Event N was not in this queue".',
    level: 'compat',
    endpoint: GET_EVENTS,
  },
  {
    id: 'events.delete.completes-waiting',
    section: ev('§2.3, §4'),
    summary: 'Deleting a queue answers the request waiting on it (success, the queue_id) and the queue is gone afterwards.',
    level: 'compat',
    endpoint: DELETE_EVENTS,
  },
  {
    id: 'events.delete.bad-queue',
    section: ev('§4'),
    summary: 'Deleting an unknown, already deleted or other user’s queue: 400 BAD_EVENT_QUEUE_ID with the queue_id; another user’s queue stays.',
    level: 'compat',
    endpoint: DELETE_EVENTS,
  },
  {
    id: 'events.delete.missing-queue-id',
    section: ev('§4'),
    summary: 'DELETE /events without queue_id: 400 REQUEST_VARIABLE_MISSING with var_name queue_id.',
    level: 'compat',
    endpoint: DELETE_EVENTS,
  },
  {
    id: 'events.delete.query-string',
    section: ev('§4, §7.2–7.3'),
    summary: 'DELETE /events takes queue_id from the query string (zulip-js) as well as from a form body (Python).',
    level: 'compat',
    endpoint: DELETE_EVENTS,
  },

  // ------------------------------------------------------- users
  {
    id: 'events.users.create',
    section: ev('§5.4 realm_user add'),
    summary: 'Creating a user sends realm_user add with the new user’s full record to the users who can see them.',
    level: 'compat',
    endpoint: 'POST /users',
  },
  {
    id: 'events.users.full-name',
    section: ev('§5.4 realm_user update'),
    summary: 'A rename sends realm_user update whose person is exactly the user id and the new full_name.',
    level: 'compat',
    endpoint: 'PATCH /users/{user_id}',
  },
  {
    id: 'events.users.role',
    section: ev('§5.4 realm_user update; §5.5'),
    summary:
      'A role change sends realm_user update with person {user_id, role}, and moves the user between role system groups with user_group remove_members / add_members.',
    level: 'compat',
    endpoint: 'PATCH /users/{user_id}',
  },
  {
    id: 'events.users.profile-data',
    section: ev('§5.4 realm_user update'),
    summary: 'A custom profile value change sends realm_user update with person {user_id, custom_profile_field {id, value, rendered_value for text}}.',
    level: 'compat',
    endpoint: 'PATCH /users/{user_id}',
  },
  {
    id: 'events.users.deactivate',
    section: ev('§5.4 realm_user update'),
    summary: 'Deactivation sends realm_user update with person exactly {user_id, is_active: false}.',
    level: 'compat',
    endpoint: 'DELETE /users/{user_id}',
  },
  {
    id: 'events.users.status',
    section: ev('§5.4 user_status'),
    summary: 'A status change sends user_status with user_id and exactly the fields the request set ("" when cleared), to the user as well.',
    level: 'compat',
    endpoint: 'POST /users/me/status',
  },
  {
    id: 'events.users.restricted-access',
    section: ev('§1.3 user_list_incomplete; §5.4 recipients'),
    summary: 'When guests may not see every user, a guest who cannot access a user gets no event about that user’s creation, name or status.',
    level: 'compat',
  },
  {
    id: 'events.profile-fields.create',
    section: ev('§5.4 custom_profile_fields'),
    summary: 'Creating a custom profile field sends custom_profile_fields with the realm’s whole field list, the new field in it, to every user.',
    level: 'compat',
    endpoint: 'POST /realm/profile_fields',
  },

  // ------------------------------------------------------- channels and subscriptions
  {
    id: 'events.channels.create',
    section: ev('§5.3 stream create; subscription add'),
    summary:
      'A new channel is announced with stream create to those who may see it (public: every non-guest; private: administrators), and its creator gets subscription add.',
    level: 'compat',
    endpoint: 'POST /users/me/subscriptions',
  },
  {
    id: 'events.channels.private-hidden',
    section: ev('§5.3 recipients'),
    summary:
      'A user who may not see a private channel (neither subscriber nor administrator) gets no event about it: creation, subscribers, changes, archiving.',
    level: 'compat',
  },
  {
    id: 'events.channels.guest-hidden',
    section: ev('§5.3 recipients'),
    summary: 'A guest gets no event about a public channel they are not subscribed to.',
    level: 'compat',
  },
  {
    id: 'events.subscriptions.add',
    section: ev('§5.3 subscription add / peer_add'),
    summary:
      'Subscribing sends the user subscription add with the channel (after stream create when a private channel becomes visible), and peer_add to the other subscribers, never to the user added.',
    level: 'compat',
    endpoint: 'POST /users/me/subscriptions',
  },
  {
    id: 'events.subscriptions.remove',
    section: ev('§5.3 subscription remove / peer_remove'),
    summary: 'Unsubscribing sends the user subscription remove with {name, stream_id} and peer_remove to the remaining subscribers.',
    level: 'compat',
    endpoint: 'DELETE /users/me/subscriptions',
  },
  {
    id: 'events.streams.update',
    section: ev('§5.3 stream update'),
    summary:
      'A channel change sends stream update {stream_id, name, property, value} (rendered_description too for a description) to those who may see the channel.',
    level: 'compat',
    endpoint: 'PATCH /streams/{stream_id}',
  },
  {
    id: 'events.streams.archive',
    section: ev('§1.3 archived_channels; §5.3'),
    summary: 'Archiving sends stream update is_archived true to queues with archived_channels and stream delete (stream_ids) to the others.',
    level: 'compat',
    endpoint: 'DELETE /streams/{stream_id}',
  },

  // ------------------------------------------------------- groups
  {
    id: 'events.groups.add',
    section: ev('§5.5 user_group add'),
    summary: 'Creating a group sends user_group add with the whole group (members, subgroups, settings, not deactivated) to every user.',
    level: 'compat',
    endpoint: 'POST /user_groups/create',
  },
  {
    id: 'events.groups.update',
    section: ev('§5.5 user_group update'),
    summary: 'A group change sends user_group update with group_id and data holding exactly the changed keys.',
    level: 'compat',
    endpoint: 'PATCH /user_groups/{user_group_id}',
  },
  {
    id: 'events.groups.members',
    section: ev('§5.5 add_members / remove_members'),
    summary: 'Membership changes send user_group add_members / remove_members with group_id and the user_ids changed.',
    level: 'compat',
    endpoint: 'POST /user_groups/{user_group_id}/members',
  },
  {
    id: 'events.groups.subgroups',
    section: ev('§5.5 add_subgroups / remove_subgroups'),
    summary: 'Subgroup changes send user_group add_subgroups / remove_subgroups with group_id and the direct_subgroup_ids changed.',
    level: 'compat',
    endpoint: 'POST /user_groups/{user_group_id}/subgroups',
  },
  {
    id: 'events.groups.deactivate',
    section: ev('§1.3 include_deactivated_groups; §5.5'),
    summary:
      'Deactivating a group sends user_group update data {deactivated: true} to queues with include_deactivated_groups and user_group remove to the others.',
    level: 'compat',
    endpoint: 'POST /user_groups/{user_group_id}/deactivate',
  },

  // ------------------------------------------------------- realm
  {
    id: 'events.realm.update-dict',
    section: 'Events',
    summary: 'Each changed organization setting, plain or not, reaches every user as one realm event with op update_dict; a refused change sends none.',
    level: 'spec',
    endpoint: 'PATCH /realm',
  },
  {
    id: 'events.realm.update-dict-data',
    section: ev('§5.6 realm update_dict'),
    summary:
      'Message-edit and group-permission settings arrive as realm update_dict with property "default" and data holding exactly the changed setting, one event per setting, to every user.',
    level: 'compat',
    endpoint: 'PATCH /realm',
  },
];
