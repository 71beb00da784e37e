/** profile_data and custom profile field definitions as the API shows them. */
import type { ProfileField, State, User } from '../state.js';
import { renderMarkdown } from './markdown.js';

/** Only the text types carry rendered_value. */
const MARKDOWN_TYPES = new Set([1, 2]);

export function presentProfileData(state: State, user: User): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of state.profileFields) {
    const value = user.profileData[field.id];
    if (value === undefined) continue;
    data[String(field.id)] = MARKDOWN_TYPES.has(field.type) ? { value, rendered_value: renderMarkdown(value) } : { value };
  }
  return data;
}

export function presentProfileField(field: ProfileField): Record<string, unknown> {
  const dict: Record<string, unknown> = {
    id: field.id,
    name: field.name,
    type: field.type,
    hint: field.hint,
    field_data: field.fieldData,
    order: field.order,
    required: field.required,
    editable_by_user: field.editableByUser,
  };
  if (field.displayInProfileSummary) dict['display_in_profile_summary'] = true;
  return dict;
}
