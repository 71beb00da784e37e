/** Wire codecs the subscription endpoints share. */
import { z } from 'zod';
import { groupSettingParam } from '../../params/group-setting.js';
import { wire } from '../../params/wire.js';
import { TOPICS_POLICIES } from '../streams/update-stream-params.js';

/**
 * A value the real server reads as JSON that clients also send bare (e.g.
 * `unlimited` for `"unlimited"`): JSON when the text parses, else the text.
 */
export function jsonOrText<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    })
    .pipe(schema);
}

/** `principals`: all user ids (preferred) or all API e-mails. */
export const principalsParam = () => wire.json(z.union([z.array(z.int()), z.array(z.string())]));

const groupSetting = () => groupSettingParam().optional();

/** The settings of a channel being created, as POST /users/me/subscriptions and POST /channels/create both take them. */
export const newChannelParams = {
  announce: wire.bool().default(false),
  invite_only: wire.bool().default(false),
  is_web_public: wire.bool().default(false),
  is_default_stream: wire.bool().default(false),
  history_public_to_subscribers: wire.bool().optional(),
  message_retention_days: jsonOrText(z.union([z.string(), z.int()])).default('realm_default'),
  topics_policy: jsonOrText(z.enum(TOPICS_POLICIES)).optional(),
};

/** A new channel's group settings, each optional (a channel's defaults otherwise). */
export const newChannelGroupSettingParams = {
  can_add_subscribers_group: groupSetting(),
  can_administer_channel_group: groupSetting(),
  can_create_topic_group: groupSetting(),
  can_delete_any_message_group: groupSetting(),
  can_delete_own_message_group: groupSetting(),
  can_move_messages_out_of_channel_group: groupSetting(),
  can_move_messages_within_channel_group: groupSetting(),
  can_remove_subscribers_group: groupSetting(),
  can_resolve_topics_group: groupSetting(),
  can_send_message_group: groupSetting(),
  can_subscribe_group: groupSetting(),
};
