/**
 * Administering custom profile field definitions (the real server's
 * zerver/actions/custom_profile_fields.py). Every change sends the whole new
 * list to everyone as `custom_profile_fields`; values the change removes
 * (the field's, or a dropped choice's) go without an event of their own, as
 * on the real server: clients drop them on reading the new list.
 */
import { castDraft } from 'immer';
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentProfileField } from '../present/profile-data.js';
import { sortProfileFields } from '../rules/profile-field-definitions.js';
import type { ProfileField, State } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { putUserMutably } from '../tables/users.js';

function setProfileFields(tx: Tx, fields: readonly ProfileField[]): void {
  const sorted = sortProfileFields(fields);
  tx.draft.profileFields = castDraft(sorted);
  tx.emit({ type: 'custom_profile_fields', fields: sorted.map(presentProfileField) }, Audiences.everyone());
}

/** Removes the field's value from each user holding one that `drop` picks (all of them by default): as many writes as holders. */
function dropValues(tx: Tx, state: State, fieldId: number, drop: (value: string) => boolean = () => true): void {
  const holders = getRow(state.profileValueHolderIds, fieldId);
  if (holders === undefined) return;
  for (const userId of rows(holders)) {
    const user = getRow(state.users, userId);
    const value = user?.profileData[fieldId];
    if (user === undefined || value === undefined || !drop(value)) continue;
    const { [fieldId]: _dropped, ...rest } = user.profileData;
    putUserMutably(tx.draft, { ...user, profileData: rest });
  }
}

/** PATCH /realm/profile_fields/{field_id}: the field as checked; values of choices it no longer offers are removed. */
export function updateProfileField(tx: Tx, field: ProfileField, removedChoices: readonly string[]): void {
  if (removedChoices.length > 0) dropValues(tx, tx.before, field.id, (value) => removedChoices.includes(value));
  setProfileFields(
    tx,
    tx.before.profileFields.map((other) => (other.id === field.id ? field : other)),
  );
}

/** DELETE /realm/profile_fields/{field_id}: the field and every user's value of it. */
export function deleteProfileField(tx: Tx, field: ProfileField): void {
  dropValues(tx, tx.before, field.id);
  setProfileFields(
    tx,
    tx.before.profileFields.filter((other) => other.id !== field.id),
  );
}

/** PATCH /realm/profile_fields: each field's new position. */
export function reorderProfileFields(tx: Tx, positions: ReadonlyMap<number, number>): void {
  setProfileFields(
    tx,
    tx.before.profileFields.map((field) => ({ ...field, order: positions.get(field.id) ?? field.order })),
  );
}

/** POST /realm/profile_fields: the new field takes its place in the display order (its id, unless a reorder moved the others past it). */
export function insertProfileField(tx: Tx, field: ProfileField): void {
  tx.draft.counters.nextProfileFieldId += 1;
  setProfileFields(tx, [...tx.before.profileFields, field]);
}
