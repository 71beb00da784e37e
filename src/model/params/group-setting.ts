/** The wire form of a group-setting value: a group id, or `{direct_members, direct_subgroups}`. */
import { z } from 'zod';
import { json } from './wire.js';

export const anonymousGroupInput = z.strictObject({
  direct_members: z.array(z.int()),
  direct_subgroups: z.array(z.int()),
});

export const groupSettingInput = z.union([z.int(), anonymousGroupInput]);

export type GroupSettingInput = z.output<typeof groupSettingInput>;

/** A JSON-encoded group-setting value (as subscribe and create take it). */
export function groupSettingParam() {
  return json(groupSettingInput);
}

/** A JSON-encoded `{new, old?}` change of a group-setting value (as the update endpoints take it). */
export function groupSettingChangeParam() {
  return json(z.strictObject({ new: groupSettingInput, old: groupSettingInput.optional() }));
}
