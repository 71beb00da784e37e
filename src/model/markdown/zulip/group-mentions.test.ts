import { describe, expect, it } from 'vitest';

import { renderPlain } from './test-context.js';

const group = (id: number, name: string): string => `<span class="user-group-mention" data-user-group-id="${id}">@${name}</span>`;
const silent = (id: number, name: string): string => `<span class="user-group-mention silent" data-user-group-id="${id}">${name}</span>`;

// [source, expected HTML inside the paragraph, mentioned group ids]
const cases: [string, string, number[]][] = [
  ['@*support*', group(10, 'support'), [10]],
  ['@*SUPPORT*', group(10, 'support'), [10]],
  ['ping @*support*, thanks', `ping ${group(10, 'support')}, thanks`, [10]],
  ['@_*support*', silent(10, 'support'), []],
  // A system group shows its display name.
  ['@*role:members*', group(11, 'Members'), [11]],
  ['@_*role:members*', silent(11, 'Members'), []],
  // A deactivated group renders silent.
  ['@*Old Team*', silent(12, 'Old Team'), []],
  ['@*old team*', silent(12, 'Old Team'), []],
  ['@*R&D*', group(13, 'R&amp;D'), [13]],
  ['@*support* @*role:members* @*support*', `${group(10, 'support')} ${group(11, 'Members')} ${group(10, 'support')}`, [10, 11]],
  ['@*nobody*', '@<em>nobody</em>', []],
  ['x@*support*', 'x@<em>support</em>', []],
  ['(@*support*)', `(${group(10, 'support')})`, [10]],
  ['[@*support*]', `[${group(10, 'support')}]`, [10]],
  ['`@*support*`', '<code>@*support*</code>', []],
  // Link text is matched before group mentions.
  ['[@*support*](https://zulip.com)', '<a href="https://zulip.com">@<em>support</em></a>', []],
];

describe('group mentions', () => {
  it.each(cases)('%j', (source, html, ids) => {
    const rendered = renderPlain(source);
    expect(rendered.html).toBe(html);
    expect(rendered.groups).toEqual(ids);
    expect(rendered.users).toEqual([]);
  });

  it('mixes with user mentions', () => {
    const rendered = renderPlain('@**Iago** @*support*');
    expect(rendered.users).toEqual([1]);
    expect(rendered.groups).toEqual([10]);
  });
});
