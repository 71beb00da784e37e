import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { isBot } from '../../rules/roles.js';
import { rows } from '../../tables/table.js';

/** GET /export/realm/consents: whether each active human user allows their private data in an export. */
export const getRealmExportConsents = defineEndpoint({
  operation: 'get-realm-export-consents',
  method: 'GET',
  path: '/export/realm/consents',
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({}),
  reduce(state) {
    const consents = [];
    for (const user of rows(state.users)) {
      if (!user.isActive || isBot(user)) continue;
      consents.push({ user_id: user.id, consented: user.settings.allow_private_data_export, email_address_visibility: user.emailAddressVisibility });
    }
    return succeed(state, { export_consents: consents });
  },
});
