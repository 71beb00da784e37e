import { describe, expect, it } from 'vitest';

import { renderPlain } from './test-context.js';

const silentUser = (id: number, name: string): string => `<span class="user-mention silent" data-user-id="${id}">${name}</span>`;
const silentGroup = (id: number, name: string): string => `<span class="user-group-mention silent" data-user-group-id="${id}">${name}</span>`;
const quote = (inner: string): string => `<blockquote>\n${inner}\n</blockquote>`;

// [source, expected HTML, mentioned users, mentioned groups, stream wildcard]
const cases: [string, string, number[], number[], boolean][] = [
  ['> @**Iago**', quote(`<p>${silentUser(1, 'Iago')}</p>`), [], [], false],
  ['> hi @**Iago** and @*support*', quote(`<p>hi ${silentUser(1, 'Iago')} and ${silentGroup(10, 'support')}</p>`), [], [], false],
  ['> @_**Iago**', quote(`<p>${silentUser(1, 'Iago')}</p>`), [], [], false],
  ['> @**all**', quote('<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>'), [], [], false],
  ['> @**topic**', quote('<p><span class="topic-mention silent">topic</span></p>'), [], [], false],
  ['> > @**Iago**', quote(quote(`<p>${silentUser(1, 'Iago')}</p>`)), [], [], false],
  ['> a\n> @**Iago**', quote(`<p>a\n${silentUser(1, 'Iago')}</p>`), [], [], false],
  ['> a\n@**Iago**', quote(`<p>a\n${silentUser(1, 'Iago')}</p>`), [], [], false],
  ['> - @**Iago**', quote(`<ul>\n<li>${silentUser(1, 'Iago')}</li>\n</ul>`), [], [], false],
  // The rewrite is textual, so quoted code shows the silent syntax, as on the real server.
  ['> `x @**Iago**`', quote('<p><code>x @_**Iago**</code></p>'), [], [], false],
  ['> `@**Iago**`', quote('<p><code>@**Iago**</code></p>'), [], [], false],
  // `>` directly before the `@` is not an allowed preceding character on the raw line: not silenced.
  ['>@**Iago**', quote('<p><span class="user-mention" data-user-id="1">@Iago</span></p>'), [1], [], false],
  ['> x@**Iago**', quote('<p>x@<strong>Iago</strong></p>'), [], [], false],
  [
    '@**Iago**\n\n> @**Othello**',
    `<p><span class="user-mention" data-user-id="1">@Iago</span></p>\n${quote(`<p>${silentUser(8, 'Othello')}</p>`)}`,
    [1],
    [],
    false,
  ],
  [
    '> @**Othello**\n\n@**all**',
    `${quote(`<p>${silentUser(8, 'Othello')}</p>`)}\n<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span></p>`,
    [],
    [],
    true,
  ],
];

describe('mentions in quotes are silent', () => {
  it.each(cases)('%j', (source, html, users, groups, wildcard) => {
    const rendered = renderPlain(source);
    expect(rendered.html).toBe(html);
    expect(rendered.users).toEqual(users);
    expect(rendered.groups).toEqual(groups);
    expect(rendered.streamWildcard).toBe(wildcard);
  });
});
