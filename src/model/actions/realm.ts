/**
 * Actions on the organization's settings, after the real server's
 * zerver/actions/realm_settings.py. Our spec says settings updates arrive as
 * realm update_dict events, so every change sends one (to everyone), then
 * the events for what the change moved beyond the realm_* keys.
 */
import { castDraft } from 'immer';
import { presentRealmSettingUpdate } from '../endpoints/register/realm-state.js';
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { INACCESSIBLE_USER_NAME } from '../present/inaccessible-user.js';
import { presentUser } from '../present/user.js';
import { legacyRealmPolicyEvents } from '../rules/feature-levels.js';
import { isGuest } from '../rules/roles.js';
import { canAccessUser } from '../rules/users.js';
import type { GroupSettingValue, RealmGroupSettingName, RealmSettings, State } from '../state.js';
import { rows } from '../tables/table.js';
import { announceFullMemberChanges } from './groups.js';

/** One changed setting, by its API name: the organization's name, a stored field, or a group setting. */
export type RealmSettingChange =
  | { readonly kind: 'name'; readonly name: 'name'; readonly value: string }
  | { readonly kind: 'field'; readonly name: string; readonly key: keyof RealmSettings; readonly value: unknown }
  | { readonly kind: 'group'; readonly name: RealmGroupSettingName; readonly value: GroupSettingValue };

/** The state as it would be with only this change: no collection is copied. */
function withChange(state: State, change: RealmSettingChange): State {
  const { realm } = state;
  switch (change.kind) {
    case 'name':
      return { ...state, realm: { ...realm, name: change.value } };
    case 'field':
      return { ...state, realm: { ...realm, settings: { ...realm.settings, [change.key]: change.value } } };
    case 'group':
      return { ...state, realm: { ...realm, settings: { ...realm.settings, groups: { ...realm.settings.groups, [change.name]: change.value } } } };
  }
}

function writeChange(tx: Tx, change: RealmSettingChange): void {
  const realm = tx.draft.realm;
  if (change.kind === 'name') realm.name = change.value;
  else if (change.kind === 'field') (realm.settings as Record<string, unknown>)[change.key] = change.value;
  else realm.settings.groups[change.name] = castDraft(change.value);
}

export function changeRealmSetting(tx: Tx, change: RealmSettingChange): void {
  writeChange(tx, change);
  const after = withChange(tx.before, change);
  tx.emit({ type: 'realm', op: 'update_dict', property: 'default', data: presentRealmSettingUpdate(after, change.name) }, Audiences.everyone());
  for (const legacy of legacyRealmPolicyEvents(after, change.name)) tx.emit(legacy, Audiences.everyone());
  if (change.name === 'waiting_period_threshold') announceFullMemberChanges(tx, tx.before, after);
  if (change.name === 'can_access_all_users_group') announceUserAccessChanges(tx, tx.before, after);
}

/**
 * After can_access_all_users_group changed: each active guest hears of the
 * users it can no longer access (realm_user remove, which a client turns
 * into the "Unknown user" placeholder) and of those it now can (realm_user
 * add). The real server sends neither here (its web app reloads); these are
 * the events it sends when a guest's access changes through subscriptions.
 */
function announceUserAccessChanges(tx: Tx, before: State, after: State): void {
  for (const guest of rows(before.users)) {
    if (!guest.isActive || !isGuest(guest)) continue;
    for (const user of rows(before.users)) {
      const had = canAccessUser(before, guest, user);
      const has = canAccessUser(after, guest, user);
      if (had === has) continue;
      const person = has
        ? presentUser(after, guest, user, { clientGravatar: false, includeCustomProfileFields: true })
        : { user_id: user.id, full_name: INACCESSIBLE_USER_NAME };
      tx.emit({ type: 'realm_user', op: has ? 'add' : 'remove', person }, Audiences.users([guest.id]));
    }
  }
}
