/**
 * The draft a client sends (the real server's DraftData, a strict pydantic
 * model), and its parsing after the synchronisation check: the real
 * server's draft_endpoint decorator refuses before any parameter is read.
 */
import { z } from 'zod';
import type { Outcome } from '../../outcome.js';
import { fail } from '../../outcome.js';
import { parseParams } from '../../params/parse.js';
import { json } from '../../params/wire.js';
import { checkDraftsSynchronized, type DraftData } from '../../rules/drafts.js';
import type { User } from '../../state.js';

/** RequiredStringConstraint: blank content is refused by the parameter check, but the content is kept as sent. */
const requiredText = z.string().superRefine((text, ctx) => {
  if (text.trim() === '') ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: text });
});

export const draftData = z.strictObject({
  type: z.enum(['private', 'stream', '']),
  to: z.array(z.int()),
  topic: z.string(),
  content: requiredText,
  timestamp: z.number().nullable().optional(),
});

/** The endpoint declares its parameters as raw text, so that they are read only once synchronisation is known to be on. */
export function parseDraftParams<S extends z.ZodObject<z.ZodRawShape>>(
  actor: User,
  schema: S,
  raw: Readonly<Record<string, string | undefined>>,
): { ok: true; value: z.output<S> } | { ok: false; outcome: Outcome } {
  const synchronized = checkDraftsSynchronized(actor);
  if (!synchronized.ok) return { ok: false, outcome: fail(synchronized.error) };
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) present[name] = value;
  const parsed = parseParams(schema, present);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, outcome: fail(parsed.error) };
}

export const createDraftsParams = z.object({ drafts: json(z.array(draftData)) });
export const editDraftParams = z.object({ draft: json(draftData) });

export type { DraftData };
