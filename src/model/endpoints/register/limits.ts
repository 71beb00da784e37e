/**
 * The server limits POST /register reports. The spec names them; the values
 * are the real server's (reference server-core §8).
 */
import { MAX_CHANNEL_DESCRIPTION_LENGTH } from '../../rules/channel-descriptions.js';
import { MAX_CHANNEL_NAME_LENGTH } from '../../rules/channel-names.js';
import { MAX_BULK_NEW_SUBSCRIPTION_MESSAGES } from '../../rules/subscriptions.js';
import type { State } from '../../state.js';

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10_000;
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;
export const MAX_REMINDER_NOTE_LENGTH = 1000;
export const MAX_AVATAR_FILE_SIZE_MIB = 5;
export const MAX_ICON_FILE_SIZE_MIB = 5;
export const MAX_LOGO_FILE_SIZE_MIB = 5;

/** Realm.REPORT_MESSAGE_REASONS, in the real server's order. */
export const REPORT_MESSAGE_TYPES = [
  { key: 'spam', name: 'Spam' },
  { key: 'harassment', name: 'Harassment' },
  { key: 'inappropriate', name: 'Inappropriate content' },
  { key: 'norms', name: 'Violates community norms' },
  { key: 'other', name: 'Other reason' },
] as const;

export const LIMIT_KEYS = [
  'max_avatar_file_size_mib',
  'max_file_upload_size_mib',
  'max_icon_file_size_mib',
  'max_logo_file_size_mib',
  'max_stream_name_length',
  'max_stream_description_length',
  'max_bulk_new_subscription_messages',
  'max_topic_length',
  'max_message_length',
  'max_channel_folder_name_length',
  'max_channel_folder_description_length',
  'max_reminder_note_length',
] as const;

export function presentLimits(state: State): Record<(typeof LIMIT_KEYS)[number], unknown> {
  return {
    max_avatar_file_size_mib: MAX_AVATAR_FILE_SIZE_MIB,
    max_file_upload_size_mib: state.server.maxFileUploadSizeMib,
    max_icon_file_size_mib: MAX_ICON_FILE_SIZE_MIB,
    max_logo_file_size_mib: MAX_LOGO_FILE_SIZE_MIB,
    max_stream_name_length: MAX_CHANNEL_NAME_LENGTH,
    max_stream_description_length: MAX_CHANNEL_DESCRIPTION_LENGTH,
    max_bulk_new_subscription_messages: MAX_BULK_NEW_SUBSCRIPTION_MESSAGES,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
    max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
    max_reminder_note_length: MAX_REMINDER_NOTE_LENGTH,
  };
}
