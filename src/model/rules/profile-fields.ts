/** Custom profile fields: definitions, who may edit values, and value validation per field type. */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { codePointLength } from '../params/wire.js';
import type { ProfileField, ProfileFieldType, State, User } from '../state.js';
import { isAdministrator, isBot } from './roles.js';
import { selectUser } from './users.js';

export const PROFILE_FIELD_TYPES: Readonly<Record<ProfileFieldType, { readonly keyword: string; readonly name: string }>> = {
  1: { keyword: 'SHORT_TEXT', name: 'Text (short)' },
  2: { keyword: 'LONG_TEXT', name: 'Text (long)' },
  3: { keyword: 'SELECT', name: 'List of options' },
  4: { keyword: 'DATE', name: 'Date' },
  5: { keyword: 'URL', name: 'Link' },
  6: { keyword: 'USER', name: 'Users' },
  7: { keyword: 'EXTERNAL_ACCOUNT', name: 'External account' },
  8: { keyword: 'PRONOUNS', name: 'Pronouns' },
};

export const PROFILE_FIELD_NAME_MAX = 40;
export const PROFILE_FIELD_HINT_MAX = 80;
export const MAX_PROFILE_SUMMARY_FIELDS = 2;
/** Types that cannot be shown in the profile summary. */
export const NOT_SUMMARY_TYPES: ReadonlySet<number> = new Set([2, 6]);

const TEXT_LIMITS: Partial<Record<ProfileFieldType, number>> = { 1: 50, 2: 500, 7: 50, 8: 50 };
const URL_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'ftps:']);

export function selectProfileField(state: State, fieldId: number): ProfileField | undefined {
  return state.profileFields.find((field) => field.id === fieldId);
}

export function accessProfileField(state: State, fieldId: number): Checked<ProfileField> {
  const field = selectProfileField(state, fieldId);
  return field ? accept(field) : reject(Errors.profileFieldNotFound(fieldId));
}

/** Users may edit their own values of fields marked editable_by_user; administrators may edit any. */
export function canEditProfileFieldValue(actor: User, field: ProfileField): boolean {
  return field.editableByUser || isAdministrator(actor);
}

export function isValidUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return URL_SCHEMES.has(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function selectChoices(field: ProfileField): Record<string, { text: string; order: string }> {
  if (field.type !== 3 || field.fieldData === '') return {};
  return JSON.parse(field.fieldData) as Record<string, { text: string; order: string }>;
}

/** The Users type stores its ids as JSON text, the way the real server returns them. */
export function encodeUserIds(ids: readonly number[]): string {
  return `[${ids.join(', ')}]`;
}

export type ProfileValueInput = string | readonly number[] | null;

/** Whether a value means "remove the value" (null, "" or an empty list). */
export function isRemoval(value: ProfileValueInput): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Validates a value for a field; returns the stored text. */
export function checkProfileFieldValue(state: State, field: ProfileField, value: ProfileValueInput): Checked<string> {
  const label = field.name;
  if (field.type === 6) {
    // The real server names the validator here, not the field.
    if (!Array.isArray(value)) return reject(Errors.notAList('User IDs'));
    return checkUserIds(state, value as readonly number[]);
  }
  if (typeof value !== 'string') return reject(Errors.notAString(label));
  const limit = TEXT_LIMITS[field.type];
  if (limit !== undefined && codePointLength(value) > limit) {
    return reject(Errors.tooLong(label, limit));
  }
  if (field.type === 3 && !Object.hasOwn(selectChoices(field), value)) {
    return reject(Errors.invalidChoice(value, label));
  }
  if (field.type === 4 && !isIsoDate(value)) return reject(Errors.notADate(label));
  if (field.type === 5 && !isValidUrl(value)) return reject(Errors.notAUrl(label));
  return accept(value);
}

function checkUserIds(state: State, ids: readonly number[]): Checked<string> {
  for (const id of ids) {
    const user = selectUser(state, id);
    if (!user) return reject(Errors.invalidUserId(id));
    if (!user.isActive) return reject(Errors.profileUserDeactivated(id));
    if (isBot(user)) return reject(Errors.profileUserIsBot(id));
  }
  return accept(encodeUserIds([...new Set(ids)]));
}

export interface ProfileDataEntry {
  readonly id: number;
  readonly value: ProfileValueInput;
}

/**
 * Checks a batch of profile data changes for `target` made by `actor`; returns
 * the target's new profileData. Nothing is applied when any entry fails.
 */
export function checkProfileDataChanges(state: State, actor: User, target: User, entries: readonly ProfileDataEntry[]): Checked<Record<string, string>> {
  const next: Record<string, string> = { ...target.profileData };
  for (const entry of entries) {
    const field = accessProfileField(state, entry.id);
    if (!field.ok) return field;
    if (!canEditProfileFieldValue(actor, field.value)) {
      return reject(Errors.cannotEditProfileField());
    }
    if (isRemoval(entry.value)) {
      delete next[entry.id];
      continue;
    }
    const stored = checkProfileFieldValue(state, field.value, entry.value);
    if (!stored.ok) return stored;
    next[entry.id] = stored.value;
  }
  return accept(next);
}
