import { produce } from 'immer';
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { profileDataEntries } from '../../params/common.js';
import { checkProfileDataChanges } from '../../rules/profile-fields.js';
import { putUserMutably } from '../../tables/users.js';

/** PATCH /users/me/profile_data: the caller's own custom profile field values. */
export const updateOwnProfileData = defineEndpoint({
  operation: 'update-profile-data',
  method: 'PATCH',
  path: '/users/me/profile_data',
  auth: 'basic',
  allowBots: false,
  params: z.object({ data: profileDataEntries }),
  reduce(state, { actor, params }) {
    const profileData = checkProfileDataChanges(state, actor, actor, params.data);
    if (!profileData.ok) return fail(profileData.error);
    return succeed(
      produce(state, (draft) => {
        putUserMutably(draft, { ...actor, profileData: profileData.value });
      }),
    );
  },
});
