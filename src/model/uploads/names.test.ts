import { describe, expect, it } from 'vitest';
import { EntropyReader } from '../entropy.js';
import { selectUploadPathIds } from './links.js';
import { drawUploadPath, sanitizeUploadName, unquoteUploadName, uploadContentType } from './names.js';

describe('sanitizeUploadName', () => {
  it('keeps word characters, dots and dashes, turns runs of space and dash into one dash, keeps the case', () => {
    expect(sanitizeUploadName('my file (1).png')).toBe('my-file-1.png');
    expect(sanitizeUploadName('  Über  Plan -- v2.PDF ')).toBe('Über-Plan-v2.PDF');
    expect(sanitizeUploadName('a/b\\c:d*e?.txt')).toBe('abcde.txt');
    expect(sanitizeUploadName('under_score.tar.gz')).toBe('under_score.tar.gz');
  });

  it('applies NFKC first and drops combining marks, which Python does not count as word characters', () => {
    expect(sanitizeUploadName('ﬁle①.txt')).toBe('file1.txt');
    expect(sanitizeUploadName('cafe\u0301.txt')).toBe('café.txt');
    expect(sanitizeUploadName('e\u0308\u0323x.txt')).toBe('\u1eb9x.txt');
  });

  it('names what is left empty, "." or ".." uploaded-file, so no path can climb out', () => {
    for (const name of ['', '   ', '()', '.', '..', '/..', '../', '%%%']) expect(sanitizeUploadName(name)).toBe('uploaded-file');
    expect(sanitizeUploadName('../../etc/passwd')).toBe('....etcpasswd');
  });
});

describe('upload paths and types', () => {
  it('draws <realm>/<hex 0–ff unpadded>/<24 URL-safe characters>/<sanitised name> from the entropy, the same for the same bytes', () => {
    const path = drawUploadPath(2, 'my file.png', new EntropyReader(new Uint8Array(64).fill(7)));
    expect(path).toMatch(/^2\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/my-file\.png$/);
    expect(path.split('/')[1]).toBe('7');
    expect(drawUploadPath(2, 'my file.png', new EntropyReader(new Uint8Array(64).fill(7)))).toBe(path);
  });

  it('records the name unquoted and guesses a type only when the client gave none', () => {
    expect(unquoteUploadName('a%20b%E2%9C%93.txt')).toBe('a b✓.txt');
    expect(unquoteUploadName('100%.txt')).toBe('100%.txt');
    expect(uploadContentType('', 'x.png')).toBe('image/png');
    expect(uploadContentType('', 'x.unknownext')).toBe('application/octet-stream');
    expect(uploadContentType('text/plain', 'x.png')).toBe('text/plain');
  });
});

describe('selectUploadPathIds', () => {
  it('finds relative and realm-host links to /user_uploads/, once each, and nothing else', () => {
    const html = [
      '<p><a href="/user_uploads/2/a/tok/x.png">x</a>',
      '<a href="user_uploads/2/b/tok/y.txt">y</a>',
      '<a href="https://chatref.test/user_uploads/2/c/tok/z.txt">z</a>',
      '<a href="https://elsewhere.test/user_uploads/2/d/tok/w.txt">w</a>',
      '<a href="/user_uploads/2/a/tok/x.png?x=1#f">again</a>',
      '<a href="/static/user_uploads/2/e/tok/v.txt">no</a>',
      '<a class="c" href="/user_uploads/../user_uploads/2/f/tok/u&amp;.txt">dots</a></p>',
    ].join('');
    expect(selectUploadPathIds(html, 'chatref.test')).toEqual(['2/a/tok/x.png', '2/b/tok/y.txt', '2/c/tok/z.txt', '2/f/tok/u&.txt']);
  });
});
