/**
 * Linkifiers. The spec states POST /realm/filters (its parameters, the RFC 6570 template, the reverse-linkifier
 * fields and the `id` answer) and the Linkifier record; listing, replacing, removing and reordering them, their
 * errors, rendering and events are the real server's behaviour (`compat`, facts in server-messages-channels.md §10,
 * server-markdown.md §2.9 and server-events.md §5.6).
 */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const ADD = 'POST /realm/filters';
const LIST = 'GET /realm/linkifiers';
const UPDATE = 'PATCH /realm/filters/{filter_id}';
const REMOVE = 'DELETE /realm/filters/{filter_id}';
const REORDER = 'PATCH /realm/linkifiers';
const SEND = 'POST /messages';
const REGISTER = 'POST /register';

const ADD_SECTION = 'POST /realm/filters — add a linkifier';
const RECORDS = 'Other records';
const facts = (section: string) => `server-messages-channels.md: ${section}`;
const ev = (section: string) => `server-events.md: ${section}`;

export const LINKIFIER_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('linkifiers.add.response', ADD_SECTION, 'a linkifier added with pattern and url_template is answered with its integer id', ADD),
  spec(
    'linkifiers.add.named-groups',
    ADD_SECTION,
    'the pattern is a regular expression with Python-style named groups, filled into the template as {group_name}',
    ADD,
  ),
  spec('linkifiers.add.url-template', ADD_SECTION, 'url_template is an RFC 6570 URL template (operators such as {+x}, {?x} and {/x} included)', ADD),
  spec('linkifiers.add.required', ADD_SECTION, 'pattern and url_template are both required', ADD),
  spec('linkifiers.add.example-input', ADD_SECTION, 'example_input, when given, is a string the pattern matches', ADD),
  spec('linkifiers.add.reverse-template', ADD_SECTION, 'reverse_template uses {variable} placeholders and {{ }} for literal braces', ADD),
  spec(
    'linkifiers.add.reverse-round-trip',
    ADD_SECTION,
    'the variables extracted from example_input, rendered through reverse_template, must give example_input back',
    ADD,
  ),
  spec('linkifiers.add.alternative-templates', ADD_SECTION, 'alternative_url_templates is a list of RFC 6570 templates kept with the linkifier', ADD),
  spec('linkifiers.record.fields', RECORDS, 'a linkifier has id, pattern, url_template, example_input, reverse_template and alternative_url_templates', ADD),

  // ------------------------------------------------------------------ compat: endpoints
  compat('linkifiers.list.order', facts('§10.1'), 'GET /realm/linkifiers lists the realm’s linkifiers in processing order, to any user', LIST),
  compat('linkifiers.add.last', facts('§10.1'), 'a new linkifier goes last in the order', ADD),
  compat(
    'linkifiers.admin-only',
    facts('§0, §10.1'),
    'only administrators may add, change, remove or reorder linkifiers: "Must be an organization administrator"',
    ADD,
  ),
  compat(
    'linkifiers.update.replace',
    facts('§10.1'),
    'PATCH /realm/filters/{id} replaces pattern and url_template together, keeping the place in the order',
    UPDATE,
  ),
  compat('linkifiers.update.required', facts('§10.1'), 'PATCH /realm/filters/{id} needs both pattern and url_template', UPDATE),
  compat('linkifiers.not-found', facts('§10.1'), 'an unknown linkifier id is "Linkifier not found."', UPDATE),
  compat('linkifiers.remove', facts('§10.1'), 'DELETE /realm/filters/{id} removes the linkifier; the others keep their order', REMOVE),
  compat('linkifiers.reorder', facts('§10.1'), 'PATCH /realm/linkifiers sets the processing order from ordered_linkifier_ids', REORDER),
  compat(
    'linkifiers.reorder.errors',
    facts('§10.1'),
    'a repeated id and a list that is not every existing id once are refused with the real server’s two texts',
    REORDER,
  ),
  compat(
    'linkifiers.legacy-list',
    '../reference/clients.md',
    'GET /realm/filters, removed by the real server, answers 405 with a JSON error',
    'GET /realm/filters',
  ),

  // ------------------------------------------------------------------ compat: validation
  compat('linkifiers.validation.errors', facts('§10.2'), 'a refused definition is 400 with the first validation message and an errors object by field', ADD),
  compat('linkifiers.validation.blank', facts('§10.2'), 'an empty pattern is "This field cannot be blank."', ADD),
  compat('linkifiers.validation.re2', facts('§10.2'), 'patterns are RE2: a syntax error is "Bad regular expression: <RE2 text>"; lookaround is refused', ADD),
  compat('linkifiers.validation.template', facts('§10.2'), 'an invalid RFC 6570 template is "Invalid URL template."', ADD),
  compat(
    'linkifiers.validation.groups',
    facts('§10.2'),
    'template variables must equal the named groups; the alphabetically first mismatch is named with the real server’s texts',
    ADD,
  ),
  compat('linkifiers.validation.unique', facts('§10.2'), 'a pattern may be used once per realm', ADD),
  compat('linkifiers.validation.unchanged', facts('§0'), 'a refused request leaves the linkifiers as they were', ADD),

  // ------------------------------------------------------------------ compat: rendering
  compat('linkifiers.render.link', facts('§10.3'), 'a match in a new message becomes <a href="<expanded template>">matched text</a>', SEND),
  compat(
    'linkifiers.render.boundary',
    facts('§10.3'),
    'a match needs the start, whitespace or one of \'"(,:< before it, and the end or a non-letter, non-digit after it',
    SEND,
  ),
  compat('linkifiers.render.not-in-code', facts('§10.3'), 'code spans, code blocks and existing links are not linkified', SEND),
  compat('linkifiers.render.order', facts('§10.3'), 'linkifiers apply in their order: text an earlier one linked is not linked again', SEND),
  compat('linkifiers.render.unsafe', facts('§10.3'), 'a URL the sanitiser refuses leaves the text unlinked', SEND),
  compat('linkifiers.render.sent-kept', facts('§10.3'), 'messages already sent keep their rendering when linkifiers change', SEND),
  compat(
    'linkifiers.render.topic',
    facts('§10.3, §3.2'),
    'topic_links holds the linkifier matches of the topic, ranked by linkifier order then position, and raw URLs',
    SEND,
  ),
  compat('linkifiers.render.linear', facts('§10.2'), 'a pattern RE2 accepts never stalls rendering, whatever the text', SEND),

  // ------------------------------------------------------------------ compat: events
  compat('events.linkifiers', ev('§5.6'), 'every change sends realm_linkifiers with the whole ordered list to every user with linkifier_url_template', ADD),
  compat(
    'events.linkifiers.register',
    ev('§1.3, §1.5'),
    'register gives realm_linkifiers with linkifier_url_template (else []) and realm_filters as []',
    REGISTER,
  ),
];
