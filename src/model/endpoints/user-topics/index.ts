/** A user's visibility policies for topics. */
import { endpointList } from '../../endpoint.js';
import { muteTopic } from './mute-topic.js';
import { updateUserTopic } from './update-user-topic.js';

export const USER_TOPIC_ENDPOINTS = endpointList(updateUserTopic, muteTopic);
