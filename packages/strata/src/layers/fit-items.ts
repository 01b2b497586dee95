import type { CachedTokenizer } from '../tokenizer/cached-tokenizer.js';
import { SECTION_SEPARATOR, type SectionFrame, TRUNCATION_MARKER } from './escape-untrusted.js';
import type { DroppedItem, DropReason, FitRequest, LayerFit, OmittedItems, TruncatedItem } from './layer.js';

/** An item ready to place: its id and its rendered line. */
export interface FitCandidate {
  readonly id: string;
  readonly line: string;
  /**
   * Tokens of `fitLine(line) + '\n'` with this tokenizer, exactly, when the candidate keeps its own
   * count (undefined: fitItems counts). Lets a fit skip an item without rendering or hashing it.
   */
  lineTokens?(tokenizer: CachedTokenizer): number | undefined;
}

/**
 * A candidate's line as a fit places it. A line starting with whitespace would glue to the previous
 * newline: start at the visible text. o200k_base's punctuation chunk (` ?[^\s\p{L}\p{N}]+[\r\n/]*`)
 * swallows a '/' that follows a line ending in punctuation, so a line starting with '/' would not
 * count separately (it can be one token over or under): a leading backslash keeps it visible and
 * its count additive.
 */
export function fitLine(line: string): string {
  const visible = line !== '' && LEADING_SPACE.test(line) ? line.trimStart() : line;
  return visible.startsWith('/') ? `\\${visible}` : visible;
}

/**
 * Candidates in preference order: an array, or a lazy sequence a layer computes only as far as the
 * fit reads (`at` is called with increasing indexes, and rarely past what is shown).
 */
export interface CandidateList {
  readonly length: number;
  /** The candidate at `index`, or undefined past the end. */
  at(index: number): FitCandidate | undefined;
}

/** Options of `fitItems`. */
export interface FitItemsOptions {
  /**
   * Stop at the first item that does not fit (windows, turns: keep a contiguous newest run);
   * otherwise skip it and try the next (ranked lists).
   */
  contiguous: boolean;
  /** Show items in the reverse of preference order (windows: newest preferred, shown oldest first). */
  reverseForDisplay?: boolean;
  /** Most items shown (others: `count-limit`). */
  maxItems?: number;
  /** Reason for candidates never examined because the section was full (default: the budget reason). */
  restReason?: DropReason;
  /**
   * Report candidates never examined as one count (`omitted`) instead of one drop record each, so a
   * fit costs what it shows, not what is stored (large windows, ranked lists).
   */
  countRest?: boolean;
  /** Ranked lists: stop after this many items in a row did not fit (default 32). */
  maxMisses?: number;
  /** Filled with how many candidates were examined (the rest were never looked at). */
  stats?: { examined: number };
}

/** Fewest tokens worth spending on a truncated item (below this, it is dropped instead). */
const MIN_TRUNCATED_TOKENS = 8;

/**
 * Fits candidates (in preference order) into a section within `request.allowance`. An item larger
 * than the whole layer is truncated with a visible marker into the room left; others that do not
 * fit are dropped with a reason. The section is `open\n` + `line\n`... + `close` and is always
 * followed by SECTION_SEPARATOR; every line starts with a visible character, so for tokenizers with
 * `splitsAtLineStarts` the returned `tokens` is exactly the count of `section + SECTION_SEPARATOR`
 * (each piece is counted with its newline, cached by content).
 */
export function fitItems(
  candidates: CandidateList,
  frame: SectionFrame,
  request: FitRequest,
  options: FitItemsOptions,
): LayerFit {
  const { tokenizer } = request;
  const budgetReason: DropReason = request.shrunk ? 'total-budget' : 'layer-budget';
  if (candidates.length === 0) {
    return markExactFit({ section: '', messages: [], tokens: 0, kept: [], dropped: [], truncated: [] });
  }

  const overhead = tokenizer.count(`${frame.open}\n`) + tokenizer.count(`${frame.close}${SECTION_SEPARATOR}`);
  const capacity = request.allowance - overhead;
  const keptLines: string[] = [];
  const kept: string[] = [];
  const dropped: DroppedItem[] = [];
  const truncated: TruncatedItem[] = [];
  let room = capacity;
  let index = 0;
  let misses = 0;
  const maxMisses = options.maxMisses ?? 32;
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  for (; index < candidates.length; index += 1) {
    if (room <= 0 || misses >= maxMisses) break;
    if (kept.length >= maxItems) break;
    const candidate = candidates.at(index) as FitCandidate;
    const own = candidate.lineTokens?.(tokenizer);
    let line = own === undefined ? fitLine(candidate.line) : undefined;
    if (line === '') {
      dropped.push({ id: candidate.id, reason: 'empty' });
      continue;
    }
    // Counting stops early past the whole layer's capacity: a huge item costs little to reject.
    const cost = own ?? tokenizer.countUpTo(`${line}\n`, Math.max(room, capacity));
    if (cost <= room) {
      line ??= fitLine(candidate.line);
      if (line === '') {
        dropped.push({ id: candidate.id, reason: 'empty' });
        continue;
      }
      keptLines.push(line);
      kept.push(candidate.id);
      room -= cost;
      misses = 0;
      continue;
    }
    misses += 1;
    if (cost > capacity && room >= MIN_TRUNCATED_TOKENS) {
      // Larger than the whole layer: show its beginning, marked, rather than nothing.
      const short = truncateWithMarker(line ?? fitLine(candidate.line), room - 1, tokenizer);
      const lineCost = tokenizer.count(`${short}\n`);
      if (short !== '' && lineCost <= room) {
        keptLines.push(short);
        kept.push(candidate.id);
        truncated.push({ id: candidate.id, fullTokens: cost, keptTokens: lineCost });
        room -= lineCost;
        if (options.contiguous) {
          index += 1;
          break;
        }
        continue;
      }
    }
    dropped.push({ id: candidate.id, reason: budgetReason });
    if (options.contiguous) {
      index += 1;
      break;
    }
  }
  if (options.stats) options.stats.examined = index;
  const restReason: DropReason =
    kept.length >= maxItems ? 'count-limit' : (options.restReason ?? budgetReason);
  let omitted: OmittedItems | undefined;
  if (options.countRest) {
    if (index < candidates.length) omitted = { count: candidates.length - index, reason: restReason };
  } else {
    for (; index < candidates.length; index += 1)
      dropped.push({ id: (candidates.at(index) as FitCandidate).id, reason: restReason });
  }
  if (keptLines.length === 0) {
    return markExactFit(
      withOmitted({ section: '', messages: [], tokens: 0, kept, dropped, truncated }, omitted),
    );
  }
  if (options.reverseForDisplay) keptLines.reverse();
  const section = `${frame.open}\n${keptLines.join('\n')}\n${frame.close}`;
  return markExactFit(
    withOmitted(
      { section, messages: [], tokens: capacity - room + overhead, kept, dropped, truncated },
      omitted,
    ),
  );
}

function withOmitted(fit: LayerFit, omitted: OmittedItems | undefined): LayerFit {
  return omitted === undefined ? fit : { ...fit, omitted };
}

const LEADING_SPACE = /^\s/;

const exactFits = new WeakSet<LayerFit>();

/** Marks a fit whose `tokens` is exactly its section (plus separator) or messages, for line-splitting tokenizers. */
export function markExactFit<T extends LayerFit>(fit: T): T {
  exactFits.add(fit);
  return fit;
}

/** True for fits built by the built-in fitting code (their `tokens` needs no recount). */
export function isExactFit(fit: LayerFit): boolean {
  return exactFits.has(fit);
}

/**
 * The longest prefix of `text` that, followed by the truncation marker, costs at most `maxTokens`;
 * '' when not even the marker fits.
 */
export function truncateWithMarker(text: string, maxTokens: number, tokenizer: CachedTokenizer): string {
  const markerTokens = tokenizer.count(TRUNCATION_MARKER);
  let limit = maxTokens - markerTokens;
  while (limit > 0) {
    const prefix = tokenizer.truncate(text, limit);
    if (prefix === '') return '';
    const candidate = `${prefix}${TRUNCATION_MARKER}`;
    const tokens = tokenizer.count(candidate);
    if (tokens <= maxTokens) return candidate;
    limit -= Math.max(1, tokens - maxTokens);
  }
  return '';
}
