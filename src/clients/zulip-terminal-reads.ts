/**
 * What zulip-terminal (zulip/zulip-terminal main, 97007b4bdd) reads from each answer and event,
 * taken from its code: a path per read, `[]` for every element of an array, `*` for every value of
 * an object keyed by data (emails, ids), then the JSON types it may have. A read the client makes
 * with `.get(...)` is not listed: it copes with the key's absence.
 */
export type Read = string;

const everyAnswer: Read[] = ['result:string', 'msg:string'];

export const ANSWER_READS: readonly { readonly route: RegExp; readonly method: string; readonly reads: readonly Read[] }[] = [
  // python-zulip-api Client.__init__ asserts a version and picks its wire forms by the feature level.
  { method: 'GET', route: /^\/api\/v1\/server_settings$/, reads: ['zulip_version:string', 'zulip_feature_level:number', ...everyAnswer] },
  {
    method: 'POST',
    route: /^\/api\/v1\/register$/,
    reads: [
      // model.py Model.__init__, _register_desired_events, _fetch_initial_data
      'zulip_version:string',
      'queue_id:string',
      'last_event_id:number',
      'max_message_id:number',
      'user_id:number',
      'email:string',
      'full_name:string',
      'realm_name:string',
      // get_all_users, _update_users_data_from_initial_data, get_user_info
      'realm_users[].user_id:number',
      'realm_users[].email:string',
      'realm_users[].full_name:string',
      'realm_users[].is_bot:boolean',
      'cross_realm_bots[].user_id:number',
      'cross_realm_bots[].email:string',
      'cross_realm_bots[].full_name:string',
      'presences:object',
      // _subscribe_to_streams, stream_access_type, normalize_and_cache_message_retention_text
      'subscriptions[].stream_id:number',
      'subscriptions[].name:string',
      'subscriptions[].color:string',
      'subscriptions[].description:string',
      'subscriptions[].pin_to_top:boolean',
      'subscriptions[].is_muted:boolean',
      'subscriptions[].desktop_notifications:boolean|null',
      'subscriptions[].invite_only:boolean',
      'subscriptions[].is_web_public:boolean',
      'subscriptions[].message_retention_days:number|null',
      'realm_message_retention_days:number|null',
      'muted_topics:array',
      // _group_info_from_realm_user_groups
      'realm_user_groups[].id:number',
      'realm_user_groups[].name:string',
      // helper.py classify_unread_counts
      'unread_msgs.pms[].sender_id:number',
      'unread_msgs.pms[].unread_message_ids:array',
      'unread_msgs.streams[].stream_id:number',
      'unread_msgs.streams[].topic:string',
      'unread_msgs.streams[].unread_message_ids:array',
      'unread_msgs.huddles[].user_ids_string:string',
      'unread_msgs.huddles[].unread_message_ids:array',
      'unread_msgs.mentions:array',
      'realm_emoji:object',
      'user_settings.send_private_typing_notifications:boolean',
      'user_settings.twenty_four_hour_time:boolean',
      'user_settings.pm_content_in_desktop_notifications:boolean',
      // ui_tools/views.py LeftColumnView (the key whose absence crashed it, issue 29)
      'starred_messages:array',
      'custom_profile_fields:array',
      // _store_content_length_restrictions, ui_tools/boxes.py and views.py edit checks
      'max_message_length:number',
      'max_stream_name_length:number',
      'max_topic_length:number',
      'realm_allow_edit_history:boolean',
      'realm_message_content_edit_limit_seconds:number|null',
      ...everyAnswer,
    ],
  },
  {
    method: 'GET',
    route: /^\/api\/v1\/messages$/,
    reads: [
      // model.py get_messages, modernize_message_response; helper.py index_messages; ui_tools/messages.py
      'anchor:number',
      'found_newest:boolean',
      'messages[].id:number',
      'messages[].type:string',
      'messages[].display_recipient:string|array',
      'messages[].subject:string',
      'messages[].sender_id:number',
      'messages[].sender_full_name:string',
      'messages[].sender_email:string',
      'messages[].timestamp:number',
      'messages[].content:string',
      'messages[].flags:array',
      'messages[].reactions:array',
      'messages[].submessages:array',
      'messages[].is_me_message:boolean',
      ...everyAnswer,
    ],
  },
  // get_raw_message
  { method: 'GET', route: /^\/api\/v1\/messages\/\d+$/, reads: ['raw_content:string', ...everyAnswer] },
  // _start_presence_updates, get_user_info
  {
    method: 'POST',
    route: /^\/api\/v1\/users\/me\/presence$/,
    reads: ['presences:object', 'presences.*.aggregated.timestamp:number', 'presences.*.aggregated.status:string', ...everyAnswer],
  },
  // topics_in_stream
  { method: 'GET', route: /^\/api\/v1\/users\/me\/\d+\/topics$/, reads: ['topics[].name:string', ...everyAnswer] },
  // get_events in poll_for_events
  { method: 'GET', route: /^\/api\/v1\/events$/, reads: ['events:array', ...everyAnswer] },
  // send_message, update_private_message, react_to_message, update_message_flags, send_typing_status_by_user_ids
  { method: 'POST', route: /^\/api\/v1\/(messages|messages\/flags|messages\/\d+\/reactions|typing)$/, reads: everyAnswer },
  { method: 'PATCH', route: /^\/api\/v1\/messages\/\d+$/, reads: everyAnswer },
];

/** model.py's _handle_*_event: what each handler reads of its event. */
export const EVENT_READS: Readonly<Record<string, readonly Read[]>> = {
  message: [
    'message.id:number',
    'message.type:string',
    'message.sender_id:number',
    'message.subject:string',
    'message.display_recipient:string|array',
    'message.content:string',
    'message.reactions:array',
    'message.submessages:array',
    'flags:array',
  ],
  update_message: ['message_id:number', 'message_ids:array'],
  reaction: ['op:string', 'message_id:number', 'emoji_code:string', 'emoji_name:string', 'reaction_type:string', 'user_id:number'],
  update_message_flags: ['op:string', 'flag:string', 'messages:array', 'all:boolean'],
  typing: ['op:string', 'sender.user_id:number', 'sender.email:string'],
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Every place `read` fails in `value`, as readable strings; empty when the client would find what it reads. */
export function missingReads(value: unknown, read: Read): string[] {
  const [path = '', types = ''] = read.split(':');
  const allowed = types.split('|');
  const failures: string[] = [];
  const walk = (node: unknown, segments: string[], at: string): void => {
    if (segments.length === 0) {
      if (!allowed.includes(typeOf(node))) failures.push(`${at || '(answer)'} is ${typeOf(node)}, the client reads ${types}`);
      return;
    }
    const [segment, ...rest] = segments as [string, ...string[]];
    const arrayStep = segment.endsWith('[]');
    const key = arrayStep ? segment.slice(0, -2) : segment;
    if (key === '*') {
      if (typeOf(node) !== 'object') return void failures.push(`${at} is ${typeOf(node)}, not an object`);
      for (const [inner, child] of Object.entries(node as object)) walk(child, rest, `${at}.${inner}`);
      return;
    }
    if (typeOf(node) !== 'object' || !(key in (node as object))) return void failures.push(`${at ? `${at}.` : ''}${key} is missing`);
    const child = (node as Record<string, unknown>)[key];
    const here = at ? `${at}.${key}` : key;
    if (!arrayStep) return walk(child, rest, here);
    if (!Array.isArray(child)) return void failures.push(`${here} is ${typeOf(child)}, not an array`);
    for (const [index, element] of child.entries()) walk(element, rest, `${here}[${index}]`);
  };
  walk(value, path.split('.'), '');
  return failures;
}
