import { describe, expect, it } from 'vitest';
import { getRow } from '../tables/table.js';
import { escapeTopicHtml, highlightString, matchLocations, searchFields } from './highlight.js';
import { matchesSearch, parseSearchQuery, textOfHtml } from './search.js';
import { baseState, C, U, withMessages } from './test-support.js';

const { state, ids } = withMessages(baseState(), [
  { sender: U.iago, channel: C.denmark, topic: 'The Ghost', content: 'Who is **there**?', rendered: '<p>Who is <strong>there</strong>?</p>' },
  {
    sender: U.iago,
    channel: C.denmark,
    topic: 'links',
    content: 'see [the walls](https://example.org/battlements) & more',
    rendered: '<p>see <a href="https://example.org/battlements">the walls</a> &amp; more</p>',
  },
  { sender: U.hamlet, to: [U.iago], content: 'The ghost walks', rendered: '<p>The ghost walks</p>' },
]);
const [ghostTopic, links, direct] = ids as [number, number, number];

function message(id: number) {
  const row = getRow(state.messages, id);
  if (row === undefined) throw new Error(`no message ${id}`);
  return row;
}

describe('search (simplified full-text search, reference server-messages-channels §6.3)', () => {
  it('splits the operand into words, and quoted phrases that are also words', () => {
    expect(parseSearchQuery('Castle "the Ghost" walls')).toEqual({ words: ['castle', 'the', 'ghost', 'walls'], phrases: ['the ghost'] });
    expect(parseSearchQuery('"unclosed phrase')).toEqual({ words: ['unclosed', 'phrase'], phrases: [] });
  });

  it('reads the text of rendered HTML without tags, with references decoded', () => {
    expect(textOfHtml('<p>a &amp; b&#39;s <a href="https://x.org/y">link</a></p>')).toBe(" a & b's  link  ");
  });

  it('matches every word, case-insensitively, in the topic or the rendered text', () => {
    expect(matchesSearch(message(ghostTopic), parseSearchQuery('ghost THERE'))).toBe(true);
    expect(matchesSearch(message(ghostTopic), parseSearchQuery('ghost walls'))).toBe(false);
    expect(matchesSearch(message(direct), parseSearchQuery('ghost walks'))).toBe(true);
  });

  it('does not match words inside tags or character references', () => {
    expect(matchesSearch(message(links), parseSearchQuery('battlements'))).toBe(false);
    expect(matchesSearch(message(links), parseSearchQuery('amp'))).toBe(false);
    expect(matchesSearch(message(links), parseSearchQuery('walls more'))).toBe(true);
  });

  it('requires a quoted phrase in the Markdown source or a channel topic', () => {
    expect(matchesSearch(message(ghostTopic), parseSearchQuery('"is **there"'))).toBe(true);
    expect(matchesSearch(message(ghostTopic), parseSearchQuery('"who there"'))).toBe(false);
    expect(matchesSearch(message(ghostTopic), parseSearchQuery('"the ghost"'))).toBe(true);
    expect(matchesSearch(message(direct), parseSearchQuery('"ghost walks"'))).toBe(true);
  });

  it('matches nothing without a single word', () => {
    expect(matchesSearch(message(direct), parseSearchQuery('!!!'))).toBe(false);
  });
});

describe('search fields (match_content, match_subject)', () => {
  it('wraps each searched word of the rendered content in a highlight span', () => {
    expect(searchFields(message(direct), parseSearchQuery('GHOST'))).toEqual({
      match_content: '<p>The <span class="highlight">ghost</span> walks</p>',
      match_subject: '',
    });
  });

  it('never wraps text inside a tag', () => {
    const fields = searchFields(message(links), parseSearchQuery('battlements walls'));
    expect(fields.match_content).toBe('<p>see <a href="https://example.org/battlements">the <span class="highlight">walls</span></a> &amp; more</p>');
    expect(highlightString('<a title="x">y</a>', [[10, 1]])).toBe('<a title="x">y</a>');
  });

  it('highlights the HTML-escaped topic', () => {
    expect(escapeTopicHtml(`Tom & "Jerry" <'s>`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;&#39;s&gt;');
    const subject = escapeTopicHtml('Tom & "Jerry"');
    expect(highlightString(subject, matchLocations(subject, new Set(['jerry'])))).toBe('Tom &amp; &quot;<span class="highlight">Jerry</span>&quot;');
    expect(searchFields(message(ghostTopic), parseSearchQuery('ghost')).match_subject).toBe('The <span class="highlight">Ghost</span>');
  });

  it('gives the rendered content and escaped topic unchanged without a search', () => {
    expect(searchFields(message(ghostTopic), null)).toEqual({ match_content: '<p>Who is <strong>there</strong>?</p>', match_subject: 'The Ghost' });
  });
});
