/** Each user's own saved snippets. */
import { endpointList } from '../../endpoint.js';
import { createSavedSnippet } from './create-saved-snippet.js';
import { deleteSavedSnippet } from './delete-saved-snippet.js';
import { editSavedSnippet } from './edit-saved-snippet.js';
import { getSavedSnippets } from './get-saved-snippets.js';

export const SAVED_SNIPPET_ENDPOINTS = endpointList(getSavedSnippets, createSavedSnippet, editSavedSnippet, deleteSavedSnippet);
