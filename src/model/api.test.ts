/** The researcher's view: rules are pure functions of state, so a permission matrix is a loop. */
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { getRow, realmPermissionRules, systemGroupRules } from './api.js';
import { REALM_GROUP_SETTING_NAMES } from './rules/realm-group-settings.js';

describe('a permission matrix over the default realm', () => {
  const state = loadFixture();
  const now = state.realm.dateCreated + 86_400;
  const byRole = new Map(
    [100, 200, 300, 400, 600].map((role) => [
      role,
      [...Array(state.users.size).keys()].map((i) => getRow(state.users, i + 1)!).find((user) => user.role === role && user.isActive && user.botType === null)!,
    ]),
  );

  const matrix = Object.fromEntries(
    REALM_GROUP_SETTING_NAMES.map((setting) => [
      setting,
      [...byRole].map(([role, user]) => [role, realmPermissionRules.hasRealmPermission(state, user, setting, now)]),
    ]),
  );

  it('grants each setting along the role order of its default group, and nothing to guests that everyone may not have', () => {
    for (const setting of REALM_GROUP_SETTING_NAMES) {
      const rules = realmPermissionRules.REALM_GROUP_SETTINGS[setting];
      const granted = (matrix[setting] as [number, boolean][]).filter(([, yes]) => yes).map(([role]) => role);
      // Higher roles hold every permission a lower role holds.
      expect(granted, setting).toEqual([100, 200, 300, 400, 600].slice(0, granted.length));
      if (!rules.allowEveryone) expect(granted, setting).not.toContain(600);
    }
    expect(matrix['can_create_web_public_channel_group']).toEqual([
      [100, true],
      [200, false],
      [300, false],
      [400, false],
      [600, false],
    ]);
    expect(matrix['can_delete_own_message_group']).toEqual([
      [100, true],
      [200, true],
      [300, true],
      [400, true],
      [600, true],
    ]);
  });

  it('answers system-group membership by role alone', () => {
    const member = byRole.get(400)!;
    expect(systemGroupRules.isSystemGroupMember(state, member, 'role:members', now)).toBe(true);
    expect(systemGroupRules.isSystemGroupMember(state, member, 'role:moderators', now)).toBe(false);
    expect(systemGroupRules.isSystemGroupMember(state, byRole.get(600)!, 'role:members', now)).toBe(false);
    expect(systemGroupRules.isSystemGroupMember(state, byRole.get(600)!, 'role:everyone', now)).toBe(true);
  });
});
