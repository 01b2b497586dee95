/**
 * Which of the client's turns are new, by content. `seen` is the session's client-visible history
 * (hashes of the turns the client sent and of the replies it got, oldest first); `incoming` the
 * hashes of the turns in this request.
 *
 * - The client resends its history (all of it, or a window of it): the longest prefix of `incoming`
 *   that matches the end of `seen` is already stored; the rest is new.
 * - The client sends only the new turn: there is no overlap and everything is new, except a retry
 *   of the last request whose reply never arrived (its turns still end `seen`).
 * - The client edited an older turn: the overlap breaks; what follows the last occurrence of
 *   `seen`'s newest turn is new, so a rewritten past does not re-store the whole history.
 *
 * Returns the index in `incoming` where the new turns start.
 */
export function firstNewTurn(seen: readonly string[], incoming: readonly string[]): number {
  if (seen.length === 0 || incoming.length === 0) return 0;
  const first = incoming[0];
  // Candidate overlaps start where seen holds incoming[0]; try the longest first.
  for (let start = Math.max(0, seen.length - incoming.length); start < seen.length; start += 1) {
    if (seen[start] !== first) continue;
    const length = seen.length - start;
    let matches = true;
    for (let offset = 1; offset < length; offset += 1) {
      if (seen[start + offset] !== incoming[offset]) {
        matches = false;
        break;
      }
    }
    if (matches) return length;
  }
  const newest = seen[seen.length - 1];
  for (let index = incoming.length - 1; index >= 0; index -= 1) {
    if (incoming[index] === newest) return index + 1;
  }
  return 0;
}
