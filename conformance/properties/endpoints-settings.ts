/** PATCH /settings, as the property checks see it: a sample of each kind of personal setting. */
import type { EndpointSpec } from './endpoint-spec.js';
import { BOOL, enumOf, intEnumOf, STRING } from './param-kinds.js';

export const SETTINGS_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'update-settings',
    method: 'PATCH',
    path: '/settings',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'translate_emoticons', kind: BOOL },
      { name: 'twenty_four_hour_time', kind: BOOL },
      { name: 'color_scheme', kind: intEnumOf(1, 2, 3) },
      { name: 'emojiset', kind: enumOf('google', 'twitter', 'text') },
      { name: 'timezone', kind: STRING, valid: () => 'Europe/Paris', invalid: ['Mars/Olympus_Mons', 'not a zone'] },
    ],
    // The settings a reader can see without registering: the time zone on the user record.
    observe: (env) => [{ path: `/users/${env.self.userId}` }],
  },
];
