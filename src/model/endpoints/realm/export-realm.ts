import { z } from 'zod';
import { requestRealmExport } from '../../actions/realm-exports.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { VAR, wire } from '../../params/wire.js';
import { isExportRateLimited } from '../../rules/realm-exports.js';

const exportType = wire.json(z.int()).superRefine((value, ctx) => {
  if (value !== 1 && value !== 2) ctx.addIssue({ code: 'custom', message: `Invalid ${VAR}: Value error, Not in the list of possible values` });
});

/**
 * POST /export/realm: an administrator asks for an export of the
 * organization's data. The real server queues a job that later writes a
 * tarball; chatref records the request, which stays pending for good.
 */
export const exportRealm = defineEndpoint({
  operation: 'export-realm',
  method: 'POST',
  path: '/export/realm',
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({ export_type: exportType.default(1) }),
  reduce(state, { actor, params, now }) {
    if (isExportRateLimited(state, now)) return fail(Errors.exportRateLimited());
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = requestRealmExport(tx, actor, params.export_type as 1 | 2);
    });
    return succeed(written, { id });
  },
});
