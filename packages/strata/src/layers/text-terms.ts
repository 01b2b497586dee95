const WORD = /[\p{L}\p{N}]+/gu;

/** Distinct lower-cased words of `text` (letters and digits), for relevance and near-duplicate checks. */
export function termSet(text: string): Set<string> {
  const terms = new Set<string>();
  for (const match of text.toLowerCase().matchAll(WORD)) terms.add(match[0]);
  return terms;
}

/** Jaccard similarity of two term sets: |A ∩ B| / |A ∪ B| (1 for two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const term of small) if (large.has(term)) shared += 1;
  return shared / (a.size + b.size - shared);
}
