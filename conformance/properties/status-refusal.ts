/**
 * The real server's update_user_status_backend refusals that no single
 * parameter shows, shared by the own-status and the administrator's forms.
 */

/** Ends either the real server (Python's str.strip) or a JavaScript trim would cut. */
const STRIPPABLE_ENDS = /^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/g;

export function statusRefusal(params: Readonly<Record<string, string>>): string | undefined {
  const { away, status_text: text, emoji_name: name, emoji_code: code, reaction_type: type } = params;
  if (away === undefined && text === undefined && name === undefined) return 'none of away, status_text, emoji_name is passed';
  // The server tests these for truth, so an empty string counts as not passed.
  if (name === undefined && (Boolean(code) || Boolean(type))) return 'emoji_code or reaction_type is passed without emoji_name';
  if (text !== undefined && [...text.replace(STRIPPABLE_ENDS, '')].length > 60) return 'status_text is longer than 60 characters';
  return undefined;
}
