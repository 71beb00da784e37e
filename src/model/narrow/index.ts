/** Narrows (reference server-messages-channels §6): parse, prepare, resolve, match, fetch. */
export { type Anchor, parseAnchor } from './anchor.js';
export { escapeTopicHtml, highlightString, matchLocations, type SearchFields, searchFields } from './highlight.js';
export { matchNarrowFields } from './matches.js';
export { narrowParam, parseNarrow } from './parse.js';
export { messageMatchesNarrow } from './predicate.js';
export {
  type FetchedMessage,
  type FetchRequest,
  type FetchResult,
  fetchMessagesByIds,
  fetchNarrowedMessages,
  firstUnreadMessageId,
  type QueryProbe,
} from './query.js';
export { LARGER_THAN_MAX_MESSAGE_ID } from './range.js';
export { resolveNarrow } from './resolve.js';
export type { NarrowTerm, ResolvedNarrow, ResolvedTerm, SearchQuery } from './terms.js';
export { cleanNarrowForFetch, renameEmptyTopicFallback, rewriteWith } from './with.js';
