/** Reading channels and changing their settings. */
import { endpointList } from '../../endpoint.js';
import { archiveStream } from './archive-stream.js';
import { deleteTopicEndpoint } from './delete-topic.js';
import { getStreamById } from './get-stream-by-id.js';
import { getStreamId } from './get-stream-id.js';
import { getStreamTopics } from './get-stream-topics.js';
import { getStreams } from './get-streams.js';
import { getSubscribers } from './get-subscribers.js';
import { updateStream } from './update-stream.js';

export const STREAM_ENDPOINTS = endpointList(
  getStreams,
  getStreamById,
  getStreamId,
  updateStream,
  archiveStream,
  getSubscribers,
  getStreamTopics,
  deleteTopicEndpoint,
);
