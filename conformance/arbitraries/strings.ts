/**
 * Strings that trip up servers: replacement characters standing in for lone
 * surrogates (a form body can only carry UTF-8, so that is what a client
 * would send), NUL and other controls, bidirectional marks, emoji ZWJ
 * sequences, combining marks and very long text.
 */
import fc from 'fast-check';

const ODD_PIECES = [
  '\uFFFD', // what a lone surrogate becomes once encoded as UTF-8
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u200F', // right-to-left mark
  '\u202E', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u200B', // zero-width space
  '\uFEFF',
  '👩‍👩‍👧‍👦', // ZWJ family
  '🏳️‍🌈',
  'e\u0301\u0301\u0301',
  'İ',
  'ß',
  '\u3000',
  '\r\n',
  '\t',
  ' ',
  '"',
  "'",
  '\\',
  '<script>',
  '%00',
  '{}',
  '[]',
  'null',
] as const;

/**
 * Up to three code points from the whole range, lone surrogates included.
 * Not fc.string({ unit: 'binary' }): building that arbitrary maps every code
 * point both ways and costs over a second in each process that loads the suite.
 */
const anyCodePoints: fc.Arbitrary<string> = fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 3 }).map((codes) => String.fromCodePoint(...codes));

/** A short string built from the odd pieces and ordinary text. */
export const oddString: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...ODD_PIECES), fc.string({ maxLength: 4 }), anyCodePoints), {
    minLength: 1,
    maxLength: 6,
  })
  .map((pieces) => pieces.join('').replace(/[\uD800-\uDFFF]/g, (char, offset: number, whole: string) => keepPairs(char, offset, whole)));

/** Keeps well-formed surrogate pairs and replaces lone halves by U+FFFD, as a UTF-8 encoder would. */
function keepPairs(char: string, offset: number, whole: string): string {
  const code = char.charCodeAt(0);
  if (code <= 0xdbff) {
    const next = whole.charCodeAt(offset + 1);
    return next >= 0xdc00 && next <= 0xdfff ? char : '\uFFFD';
  }
  const previous = whole.charCodeAt(offset - 1);
  return previous >= 0xd800 && previous <= 0xdbff ? char : '\uFFFD';
}

/** Text far beyond any length limit the API has (for bodies: URLs have transport limits below the API). */
export const hugeString: fc.Arbitrary<string> = fc.constantFrom('a', 'é', '🐙', '\u200F', 'x ').map((unit) => unit.repeat(Math.floor(10_000 / unit.length)));

export const anyOddString: fc.Arbitrary<string> = fc.oneof({ weight: 4, arbitrary: oddString }, { weight: 1, arbitrary: hugeString });
