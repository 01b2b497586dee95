/** Stored turns the client never saw that case 2 steps over between two resent turns. */
const MAX_UNSEEN = 4;

/**
 * Which of the client's turns are new, by content. `seen` is the session's client-visible history
 * (hashes of the turns the client sent and of the replies it got, oldest first); `incoming` the
 * hashes of the turns in this request.
 *
 * 1. The client resends its history (all of it, or a window of it): the longest prefix of `incoming`
 *    that matches the end of `seen` is already stored; the rest is new.
 * 2. The client resends a history that stops before `seen` does (a retry whose reply it never got,
 *    or an older turn edited): the longest prefix of `incoming`, two turns or more, found as a run in
 *    `seen` (stepping over up to MAX_UNSEEN stored turns the client never got) is stored; what
 *    follows it is new. One turn alone is never matched this way, so a short
 *    new turn ("yes") that was said before is still stored.
 * 3. Otherwise (the client sends only the new turn or turns) everything is new, except a retry of
 *    the last request whose reply never arrived (its turn still ends `seen`, case 1).
 *
 * Returns the index in `incoming` where the new turns start.
 */
export function firstNewTurn(seen: readonly string[], incoming: readonly string[]): number {
  if (seen.length === 0 || incoming.length === 0) return 0;
  const first = incoming[0];
  // Case 1: candidate overlaps start where seen holds incoming[0]; the longest first.
  for (let start = Math.max(0, seen.length - incoming.length); start < seen.length; start += 1) {
    if (seen[start] !== first) continue;
    let matches = true;
    for (let offset = 1; start + offset < seen.length; offset += 1) {
      if (seen[start + offset] !== incoming[offset]) {
        matches = false;
        break;
      }
    }
    if (matches) return seen.length - start;
  }
  // Case 2: the longest run of incoming's prefix inside seen. Once two turns or more match, stored
  // turns the client never saw (the reply to a retried request whose answer was lost) may stand between
  // the turns it resends: up to MAX_UNSEEN of them are stepped over, else every later request would
  // store the rest of its history again (seen in the replicas test with backends terminated).
  if (incoming.length < 2) return 0;
  let longest = 0;
  for (let start = 0; start < seen.length; start += 1) {
    if (seen[start] !== first) continue;
    let matched = 1;
    let at = start + 1;
    while (matched < incoming.length && at < seen.length) {
      if (seen[at] === incoming[matched]) {
        matched += 1;
        at += 1;
        continue;
      }
      if (matched < 2) break;
      let next = at + 1;
      while (next < seen.length && next <= at + MAX_UNSEEN && seen[next] !== incoming[matched]) next += 1;
      if (next >= seen.length || next > at + MAX_UNSEEN) break;
      at = next;
    }
    if (matched > longest) longest = matched;
  }
  return longest >= 2 ? longest : 0;
}
