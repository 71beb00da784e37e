/** Each user's drafts, synchronised across their clients. */
import { endpointList } from '../../endpoint.js';
import { createDrafts } from './create-drafts.js';
import { deleteDraft } from './delete-draft.js';
import { editDraft } from './edit-draft.js';
import { getDrafts } from './get-drafts.js';

export const DRAFT_ENDPOINTS = endpointList(getDrafts, createDrafts, editDraft, deleteDraft);
