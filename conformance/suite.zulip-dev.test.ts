/**
 * The checks that depend on the realm rather than on chatref, against the
 * zulip-dev fixture, where new accounts' addresses are visible to
 * administrators only (as on the real development server): narrows and
 * direct messages by address, message objects, the differential's reading of
 * users, and the development logins turned on. The owner is given
 * can_create_users, which the real development database grants only through
 * a management command.
 */
import { buildState } from '../src/fixtures/build-state.js';
import { readFixture } from '../src/fixtures/load.js';
import { modelTarget } from './targets/model.js';
import { registerConformanceTests } from './vitest.js';

const OWNER = { email: 'desdemona@zulip.com', apiKey: 'ZulipDevDesdemona000000000000009' };

function devRealm() {
  const fixture = structuredClone(readFixture('zulip-dev')) as { users: { email: string; can_create_users?: boolean }[] };
  for (const user of fixture.users) if (user.email === OWNER.email) user.can_create_users = true;
  return buildState(fixture);
}

registerConformanceTests({
  target: () => modelTarget({ fixture: devRealm(), seed: 'zulip-dev-suite' }),
  owner: OWNER,
  only: 'dev-login,messages.narrows,messages.send,messages.object,properties.narrows,properties.differential,users.record',
  seed: 20_240_601,
  name: 'conformance checks that depend on the realm, on the zulip-dev fixture',
});
