/** What the emoji passes cut a text into: text later passes may still act on, finished HTML, and consumed literal text. */
export type Piece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'html'; readonly html: string }
  | { readonly kind: 'literal'; readonly text: string };

/** Applies `split` to the text pieces only, passing whether each is bounded by the outer edges (true) or by another piece. */
export function refine(pieces: readonly Piece[], split: (text: string, atStart: boolean, atEnd: boolean) => Piece[]): Piece[] {
  const out: Piece[] = [];
  pieces.forEach((piece, i) => {
    if (piece.kind === 'text') out.push(...split(piece.text, i === 0, i === pieces.length - 1));
    else out.push(piece);
  });
  return out;
}
