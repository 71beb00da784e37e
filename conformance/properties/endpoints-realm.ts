/**
 * Organization settings, as the property checks see them. Only settings whose
 * change by chance cannot disturb other checks are listed with values that
 * may be valid; the others get surely-invalid values only (bool kinds).
 */
import type { EndpointSpec } from './endpoint-spec.js';
import { BOOL, enumOf, GROUP_SETTING_CHANGE, intEnumOf, optional, STRING } from './param-kinds.js';

export const REALM_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'update-realm',
    method: 'PATCH',
    path: '/realm',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'description', kind: STRING },
      ...optional(
        BOOL,
        'allow_message_editing',
        'avatar_changes_disabled',
        'digest_emails_enabled',
        'email_changes_disabled',
        'invite_required',
        'name_changes_disabled',
        'enable_read_receipts',
        'inline_image_preview',
      ),
      { name: 'digest_weekday', kind: intEnumOf(0, 1, 2, 3, 4, 5, 6) },
      { name: 'message_edit_history_visibility_policy', kind: enumOf('all', 'moves', 'none') },
      ...optional(GROUP_SETTING_CHANGE, 'can_create_groups', 'can_manage_all_groups', 'can_add_subscribers_group'),
    ],
    observe: () => [{ path: '/server_settings' }],
  },
];
