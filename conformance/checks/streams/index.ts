import type { Check } from '../../check.js';
import { ARCHIVE_STREAM_CHECKS } from './archive-stream.js';
import { CHANNEL_ACCESS_CHECKS } from './channel-access.js';
import { GET_STREAM_BY_ID_CHECKS } from './get-stream-by-id.js';
import { GET_STREAM_ID_CHECKS } from './get-stream-id.js';
import { GET_STREAMS_CHECKS } from './get-streams.js';
import { GET_SUBSCRIBERS_CHECKS } from './get-subscribers.js';
import { SUBSCRIBER_COUNT_CHECKS } from './subscriber-count.js';
import { UPDATE_STREAM_CHECKS } from './update-stream.js';

export const STREAM_CHECKS: readonly Check[] = [
  ...GET_STREAMS_CHECKS,
  ...SUBSCRIBER_COUNT_CHECKS,
  ...GET_STREAM_BY_ID_CHECKS,
  ...GET_STREAM_ID_CHECKS,
  ...CHANNEL_ACCESS_CHECKS,
  ...GET_SUBSCRIBERS_CHECKS,
  ...UPDATE_STREAM_CHECKS,
  ...ARCHIVE_STREAM_CHECKS,
];
