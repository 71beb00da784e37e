import { z } from 'zod';
import { changeProfileData } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { profileDataEntries } from '../../params/common.js';
import { checkProfileDataChanges } from '../../rules/profile-fields.js';

/** PATCH /users/me/profile_data: the caller's own custom profile field values. */
export const updateOwnProfileData = defineEndpoint({
  operation: 'update-profile-data',
  method: 'PATCH',
  path: '/users/me/profile_data',
  auth: 'basic',
  allowBots: false,
  params: z.object({ data: profileDataEntries }),
  reduce(state, { actor, params, now }) {
    const profileData = checkProfileDataChanges(state, actor, actor, params.data);
    if (!profileData.ok) return fail(profileData.error);
    const fieldOrder = params.data.map((entry) => entry.id);
    return succeed(commit(state, now, (tx) => changeProfileData(tx, actor, profileData.value, fieldOrder)));
  },
});
