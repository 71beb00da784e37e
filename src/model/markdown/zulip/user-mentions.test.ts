import { describe, expect, it } from 'vitest';

import { renderPlain } from './test-context.js';

const mention = (id: number, name: string): string => `<span class="user-mention" data-user-id="${id}">@${name}</span>`;
const silent = (id: number, name: string): string => `<span class="user-mention silent" data-user-id="${id}">${name}</span>`;
const wildcard = (word: string): string => `<span class="user-mention channel-wildcard-mention" data-user-id="*">@${word}</span>`;

// [source, expected HTML inside the paragraph, mentioned user ids]
const cases: [string, string, number[]][] = [
  ['@**Iago**', mention(1, 'Iago'), [1]],
  ['hi @**Iago**!', `hi ${mention(1, 'Iago')}!`, [1]],
  ['@**iago**', mention(1, 'Iago'), [1]],
  ['@**IAGO**', mention(1, 'Iago'), [1]],
  ['@**Iago|1**', mention(1, 'Iago'), [1]],
  ['@**|1**', mention(1, 'Iago'), [1]],
  ['@**iago|1**', '@<strong>iago|1</strong>', []],
  ['@**Othello|1**', '@<strong>Othello|1</strong>', []],
  ['@**|999**', '@<strong>|999</strong>', []],
  ['@**|99999999999999999999**', '@<strong>|99999999999999999999</strong>', []],
  ['@**Nobody**', '@<strong>Nobody</strong>', []],
  ['@_**Iago**', silent(1, 'Iago'), []],
  ['@_**Iago|1**', silent(1, 'Iago'), []],
  ['@_**|1**', silent(1, 'Iago'), []],
  ['@**King Hamlet**', silent(3, 'King Hamlet'), []],
  ['@**|3**', silent(3, 'King Hamlet'), []],
  ['@**Dup Name|4**', mention(4, 'Dup Name'), [4]],
  ['@**dup name|5**', mention(5, 'dup name'), [5]],
  ['@**Dup Name|5**', '@<strong>Dup Name|5</strong>', []],
  ['@**DUP NAME**', mention(5, 'dup name'), [5]],
  ['@**A <b> & C**', mention(6, 'A &lt;b&gt; &amp; C'), [6]],
  ["@**Cordelia, Lear's daughter**", mention(2, "Cordelia, Lear's daughter"), [2]],
  ['@**Iago** @**Othello** @**Iago**', `${mention(1, 'Iago')} ${mention(8, 'Othello')} ${mention(1, 'Iago')}`, [1, 8]],
  ['@**Othello** @_**Iago** @**Iago**', `${mention(8, 'Othello')} ${silent(1, 'Iago')} ${mention(1, 'Iago')}`, [8, 1]],
  // What may come before the `@`.
  ['a@**Iago**', 'a@<strong>Iago</strong>', []],
  ['(@**Iago**)', `(${mention(1, 'Iago')})`, [1]],
  ['"@**Iago**"', `&quot;${mention(1, 'Iago')}&quot;`, [1]],
  ['{@**Iago**}', `{${mention(1, 'Iago')}}`, [1]],
  ['/@**Iago**', `/${mention(1, 'Iago')}`, [1]],
  ['.@**Iago**', '.@<strong>Iago</strong>', []],
  ['x\n@**Iago**', `x\n${mention(1, 'Iago')}`, [1]],
  ['\u00a0@**Iago**', `\u00a0${mention(1, 'Iago')}`, [1]],
  // Code is literal; link text is not.
  ['`@**Iago**`', '<code>@**Iago**</code>', []],
  ['[@**Iago**](https://zulip.com)', `<a href="https://zulip.com">${mention(1, 'Iago')}</a>`, [1]],
  ['@****', '@****', []],
];

describe('user mentions', () => {
  it.each(cases)('%j', (source, html, ids) => {
    const rendered = renderPlain(source);
    expect(rendered.html).toBe(html);
    expect(rendered.users).toEqual(ids);
    expect(rendered.streamWildcard).toBe(false);
  });
});

// [source, expected HTML, stream wildcard, topic wildcard]
const wildcards: [string, string, boolean, boolean][] = [
  ['@**all**', wildcard('all'), true, false],
  ['@**everyone**', wildcard('everyone'), true, false],
  ['@**channel**', wildcard('channel'), true, false],
  ['@**stream**', wildcard('stream'), true, false],
  ['@**topic**', '<span class="topic-mention">@topic</span>', false, true],
  ['@_**all**', '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span>', false, false],
  ['@_**stream**', '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">stream</span>', false, false],
  ['@_**topic**', '<span class="topic-mention silent">topic</span>', false, false],
  // Wildcards are exact and lowercase; `All` is then looked up as a name (a user is called "all").
  ['@**All**', mention(7, 'all'), false, false],
  ['@**Topic**', '@<strong>Topic</strong>', false, false],
  ['@**all|7**', mention(7, 'all'), false, false],
  ['@**topic** and @**everyone**', `<span class="topic-mention">@topic</span> and ${wildcard('everyone')}`, true, true],
];

describe('text that is not a mention', () => {
  it.each(['@**Ia*go**', '@** Iago**x', '@**Iago', '@*Iago*', 'me@**Iago**', '@_*Iago*'])('%j', (source) => {
    const rendered = renderPlain(source);
    expect(rendered.html).not.toContain('user-mention');
    expect(rendered.users).toEqual([]);
  });
});

describe('wildcard mentions', () => {
  it.each(wildcards)('%j', (source, html, stream, topic) => {
    const rendered = renderPlain(source);
    expect(rendered.html).toBe(html);
    expect(rendered.streamWildcard).toBe(stream);
    expect(rendered.topicWildcard).toBe(topic);
  });

  it('records the user named "all" only through the id or another spelling', () => {
    expect(renderPlain('@**All**').users).toEqual([7]);
    expect(renderPlain('@**all**').users).toEqual([]);
  });
});
