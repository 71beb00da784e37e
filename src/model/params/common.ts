/** Parameter schemas several endpoints share. */
import { z } from 'zod';
import { wire } from './wire.js';

export const userViewParams = {
  client_gravatar: wire.bool().default(true),
  include_custom_profile_fields: wire.bool().default(false),
};

export const profileDataEntries = wire.json(
  z.array(
    z.strictObject({
      id: z.int(),
      value: z.union([z.string(), z.array(z.int()), z.null()]),
    }),
  ),
);

export const roleParam = wire.json(z.union([z.literal(100), z.literal(200), z.literal(300), z.literal(400), z.literal(600)]));

/** The presenter options the user-view parameters select. */
export function userViewOptions(params: { client_gravatar: boolean; include_custom_profile_fields: boolean }) {
  return { clientGravatar: params.client_gravatar, includeCustomProfileFields: params.include_custom_profile_fields };
}
