/** Parameter kinds and read-backs the endpoint tables share. */
import type { ParamKind, ParamSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';

export const STRING: ParamKind = { type: 'string' };
export const INT: ParamKind = { type: 'int' };
export const BOOL: ParamKind = { type: 'bool' };
export const INT_LIST: ParamKind = { type: 'int-list' };
export const STRING_LIST: ParamKind = { type: 'string-list' };
export const OBJECT: ParamKind = { type: 'json-object' };
export const OBJECT_LIST: ParamKind = { type: 'object-list' };
export const GROUP_SETTING: ParamKind = { type: 'group-setting' };
export const GROUP_SETTING_CHANGE: ParamKind = { type: 'group-setting-change' };
export const ANY_JSON: ParamKind = { type: 'json' };

export const enumOf = (...values: string[]): ParamKind => ({ type: 'enum', values });
export const intEnumOf = (...values: number[]): ParamKind => ({ type: 'int-enum', values });

/** Optional parameters of one kind, none of them in the base request. */
export function optional(kind: ParamKind, ...names: string[]): ParamSpec[] {
  return names.map((name) => ({ name, kind }));
}

export const nothing = (): readonly ReadBack[] => [];
export const userRead = (id: number): ReadBack => ({ path: `/users/${id}`, params: { include_custom_profile_fields: 'true' } });
/** The users a property's writes aim at or act as, in one bounded read. */
export const envUsers = (env: PropertyEnv): ReadBack => ({
  path: '/users',
  params: { user_ids: JSON.stringify([env.owner.userId, env.self.userId, env.target.id, env.deactivated.userId].sort((a, b) => a - b)) },
});
/** The user a POST /users would have made: found by the address it sent (an error before and after when none was made). */
export const userByRequestedEmail = (request: { readonly params: Readonly<Record<string, string>> }): ReadBack => ({
  path: `/users/${encodeURIComponent(request.params['email'] ?? '')}`,
});
export const channelRead = (id: number): readonly ReadBack[] => [{ path: `/streams/${id}` }, { path: `/streams/${id}/members` }];
/** The active groups: a refused deactivation shows as a group gone, and earlier runs' deactivated groups stay out of the read. */
export const groupsRead: ReadBack = { path: '/user_groups' };
export const ownSubscriptions = (env: PropertyEnv): ReadBack => ({ path: `/users/${env.self.userId}/subscriptions/${env.channel.id}` });

/** A channel's group settings, as channel creation and PATCH /streams/{stream_id} take them. */
export const CHANNEL_GROUP_SETTINGS: readonly string[] = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
];
