import type { Check } from '../../check.js';
import { CREATE_CHANNEL_CHECKS } from './create-channel.js';
import { ORGANIZATION_LIST_CHECKS } from './defaults.js';
import { FOLDER_CHECKS } from './folders.js';
import { INVITE_CHECKS } from './invites.js';

export const ADMIN_CHECKS: readonly Check[] = [...CREATE_CHANNEL_CHECKS, ...FOLDER_CHECKS, ...INVITE_CHECKS, ...ORGANIZATION_LIST_CHECKS];
