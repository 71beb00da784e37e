/** The wire parameters of PATCH /streams/{stream_id}. */
import { z } from 'zod';
import { groupSettingChangeParam } from '../../params/group-setting.js';
import { maxChars, wire } from '../../params/wire.js';
import { MAX_CHANNEL_DESCRIPTION_LENGTH } from '../../rules/channel-descriptions.js';
import { CHANNEL_GROUP_SETTING_NAMES } from '../../rules/channel-group-settings.js';
import type { ChannelGroupSettingName } from '../../state.js';

/** A number of days, `unlimited` or `realm_default`: JSON-encoded, though a bare word is taken as the word. */
const retentionParam = z.string().transform((text): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
});

export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;

type GroupSettingChanges = { [K in ChannelGroupSettingName]: z.ZodOptional<ReturnType<typeof groupSettingChangeParam>> };

function groupSettingChanges(): GroupSettingChanges {
  const shape: Partial<GroupSettingChanges> = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) shape[name] = groupSettingChangeParam().optional();
  return shape as GroupSettingChanges;
}

export const updateStreamParams = z.object({
  description: maxChars(MAX_CHANNEL_DESCRIPTION_LENGTH).optional(),
  new_name: z.string().optional(),
  is_private: wire.bool().optional(),
  is_web_public: wire.bool().optional(),
  history_public_to_subscribers: wire.bool().optional(),
  is_default_stream: wire.bool().optional(),
  is_archived: wire.bool().optional(),
  message_retention_days: retentionParam.optional(),
  topics_policy: z.enum(TOPICS_POLICIES).optional(),
  folder_id: wire.json(z.int().nullable()).optional(),
  ...groupSettingChanges(),
});

export type UpdateStreamParams = z.output<typeof updateStreamParams>;
