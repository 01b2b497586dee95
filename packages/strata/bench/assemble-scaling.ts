/**
 * The scaling table of `npm run bench -- assemble`: per-call cost of `memory.assemble` and of adding
 * lessons and events as the stored content grows 10x and 100x, while what is shown stays the same
 * (a 5,000-token request). Each tier is measured in the same process, one after the other.
 */
import { z } from 'zod';
import {
  type AssembledContext,
  createMemory,
  type KnowledgeEntry,
  type LessonsLayer,
  type ObservationLayer,
  type StateLayer,
  type SummaryLayer,
  type Tokenizer,
  type WindowLayer,
} from '../src/index.js';
import {
  buildVocabulary,
  CallTimer,
  createRandom,
  liveHeapBytes,
  ms,
  observation,
  type Summary,
  sentence,
  summarize,
} from './bench-content.js';

export interface ScalingTier {
  lessons: number;
  knowledge: number;
  events: number;
}

/** The issue's tiers: 1k / 10k / 100k lessons, 200 / 2k / 20k knowledge entries, 20 / 200 / 2,000 events. */
export const SCALING_TIERS: readonly ScalingTier[] = [
  { lessons: 1_000, knowledge: 200, events: 20 },
  { lessons: 10_000, knowledge: 2_000, events: 200 },
  { lessons: 100_000, knowledge: 20_000, events: 2_000 },
];

export interface Timed {
  wall: Summary;
  cpu: Summary;
}

export interface TierResult {
  tier: ScalingTier;
  /** Adding every lesson of the tier, one addLesson call each (near-duplicate check included). */
  ingest: { wallMs: number; cpuMs: number };
  /** Live heap per lesson (record, text, index) and per knowledge entry (entry, line, BM25 index). */
  bytesPerLesson: number;
  bytesPerKnowledgeEntry: number;
  /**
   * The first assemble after loading: every line it shows counted for the first time (the tokenizer
   * loaded, and its chunk cache warm from the earlier tiers, which use the same vocabulary).
   */
  first: { wallMs: number; cpuMs: number };
  observationOnly: Timed;
  queryChanging: Timed;
  /**
   * Query-changing calls above 5 ms wall, and how many of those used at most 5 ms of CPU (all this
   * process's threads): the rest of their time they waited for a core.
   */
  queryChangingSlow: { over: number; waiting: number };
  /** `addLesson` alone, below capacity, then the add and the next assemble together. */
  addLesson: Timed;
  addLessonCall: Timed;
  /** The same with the layer full: every add evicts the lowest-ranked lesson (or is rejected). */
  atCapacity: Timed;
  atCapacityCall: Timed;
  capacity: number;
  evictions: number;
  /**
   * `window.append` plus the next assemble, the window full (each append forgets the oldest event).
   * With `interleaveAppend`, filled by `measureAppendInterleaved` after every tier is built.
   */
  appendEvent: Timed;
  /** What each append did, counted (the same at every size when the cost depends on what is shown). */
  appendWork: AppendWork;
  /** Largest request of the tier (never above the budget: the bench throws otherwise). */
  maxTokens: number;
}

/**
 * Work per `window.append` + assemble, the median over the measured calls (a call whose window kept
 * its first line also counts the lines it shares with the previous request: the stable prefix).
 */
export interface AppendWork {
  calls: number;
  /** Window lines shown (the budget caps every tier, so this is the same at 20 and 2,000 events). */
  shownLines: number;
  /** Lines looked up in the memory's token-count cache per call (every layer re-fitted). */
  countLookups: number;
  /** Of those, texts the tokenizer had to count afresh (the new event, the new observation). */
  freshCounts: number;
}

/**
 * Window budget of the bench: below what 20 events take (about 700 tokens), so it caps every tier
 * and the window shows the same number of lines at 20, 200 and 2,000 events. With a budget above
 * that, the 20-event tier shows fewer lines than the others and its append costs less for a reason
 * that is not the number stored.
 */
export const WINDOW_BUDGET = 600;

export interface ScalingOptions {
  tokenizer: Tokenizer;
  budget?: number;
  /** Calls per measured row (default 500). */
  calls?: number;
  /** Called as each row starts (progress; profiling marks). */
  onPhase?: (phase: string) => void;
  /**
   * Leave the append row to `measureAppendInterleaved`, which runs it on every tier in turn after
   * all are built: each tier then sees the same machine load and the same heap, and the growth of
   * the row is the growth of the append, not of what else ran meanwhile.
   */
  interleaveAppend?: boolean;
}

/** A tier whose append row is still to be measured (see `interleaveAppend`). */
export interface PendingTier {
  result: TierResult;
  /** Appends one event and assembles, `calls` times, adding to the tier's append row. */
  appendCalls(calls: number): Promise<void>;
}

const SYSTEM =
  'You are an agent playing a deck-building card game. Read the context, then answer with exactly one action as JSON.';
const KEYS = ['card-12', 'card-57', 'card-300'];

/** Builds one tier's memory and measures every row of the table on it. */
export async function measureTier(tier: ScalingTier, options: ScalingOptions): Promise<TierResult> {
  return (await buildTier(tier, options)).result;
}

/**
 * Measures the append row of every tier in `rounds` rounds, each round `calls / rounds` calls on
 * each tier in turn (1k, 10k, 100k, 1k, ...), so a change of load hits every tier alike.
 */
export async function measureAppendInterleaved(
  pending: readonly PendingTier[],
  calls: number,
  rounds = 10,
): Promise<TierResult[]> {
  const perRound = Math.max(1, Math.ceil(calls / rounds));
  for (let done = 0; done < calls; done += perRound)
    for (const tier of pending) await tier.appendCalls(Math.min(perRound, calls - done));
  return pending.map((tier) => tier.result);
}

/** Builds one tier's memory and measures its rows (the append row too, unless `interleaveAppend`). */
export async function buildTier(tier: ScalingTier, options: ScalingOptions): Promise<PendingTier> {
  const budget = options.budget ?? 5000;
  const calls = options.calls ?? 500;
  // One vocabulary for every tier (the language an agent's lessons are written in: the tokenizer's
  // chunk cache learns it once per process); the content itself differs per tier.
  const vocabulary = buildVocabulary(createRandom(20261129), 3000);
  const random = createRandom(20261129 + tier.lessons);
  const capacity = tier.lessons + calls;

  const phase = options.onPhase ?? (() => {});
  phase('build');
  const heapBefore = liveHeapBytes();
  const entries: KnowledgeEntry[] = [];
  for (let index = 0; index < tier.knowledge; index += 1)
    entries.push({ key: `card-${index}`, title: `Card ${index}`, text: sentence(random, vocabulary, 25) });
  const memory = createMemory({
    budget,
    system: SYSTEM,
    tokenizer: options.tokenizer,
    layers: [
      { kind: 'knowledge', entries, budget: 1200, maxResults: 20 },
      { kind: 'summary', budget: 300 },
      { kind: 'lessons', budget: 600, capacity },
      {
        kind: 'state',
        budget: 300,
        schema: z.object({ act: z.number(), goal: z.string() }),
        initial: { act: 1, goal: 'reach the boss' },
      },
      { kind: 'window', budget: WINDOW_BUDGET, maxEvents: tier.events },
      { kind: 'observation', budget: 600 },
    ],
  });
  entries.length = 0; // the layer keeps what it needs; the bench keeps nothing
  const heapKnowledge = liveHeapBytes();
  memory.layer<SummaryLayer>('summary').set(sentence(random, vocabulary, 60));
  memory.layer<StateLayer>('state').patch({ act: 2 });
  const lessons = memory.layer<LessonsLayer>('lessons');
  const window = memory.layer<WindowLayer>('window');
  const observationLayer = memory.layer<ObservationLayer<string>>('observation');

  phase('ingest');
  const ingestCpu = process.cpuUsage();
  const ingestStarted = performance.now();
  for (let index = 0; index < tier.lessons; index += 1)
    await lessons.addLesson({ text: sentence(random, vocabulary, 14), importance: random() });
  const ingestWall = performance.now() - ingestStarted;
  const ingestUsed = process.cpuUsage(ingestCpu);
  const heapLessons = liveHeapBytes();
  for (let index = 0; index < tier.events; index += 1)
    window.append(`Turn ${index}: ${sentence(random, vocabulary, 9)}`);

  const query = `${vocabulary[1]} ${vocabulary[2]} ${vocabulary[3]} block strike`;
  let call = 0;
  let maxTokens = 0;
  const assemble = async (text: string = query): Promise<AssembledContext> => {
    const context = await memory.assemble({ query: text, keys: KEYS });
    if (context.tokens > budget) throw new Error(`budget broken: ${context.tokens} > ${budget}`);
    maxTokens = Math.max(maxTokens, context.tokens);
    return context;
  };
  const nextObservation = (): void => observationLayer.set(observation(call++, random, vocabulary));

  nextObservation();
  phase('first');
  const firstTimer = new CallTimer();
  await firstTimer.time(() => assemble());

  phase('observation-only');
  const observationOnly = new CallTimer();
  for (let index = 0; index < calls; index += 1) {
    nextObservation();
    await observationOnly.time(() => assemble());
  }
  phase('query-changing');
  const queryChanging = new CallTimer();
  for (let index = 0; index < calls; index += 1) {
    nextObservation();
    const changed = `${vocabulary[Math.floor(random() * vocabulary.length)]} ${vocabulary[Math.floor(random() * vocabulary.length)]} strike`;
    await queryChanging.time(() => assemble(changed));
  }
  const appendEvent = new CallTimer();
  const work = { shownLines: [] as number[], countLookups: [] as number[], freshCounts: [] as number[] };
  const counts = memory.tokenizer.stats;
  let appended = 0;
  const appendCalls = async (count: number): Promise<void> => {
    phase('append-event');
    for (let index = 0; index < count; index += 1) {
      nextObservation();
      const event = `Turn ${tier.events + appended}: ${sentence(random, vocabulary, 9)}`;
      appended += 1;
      const lookups = counts.hits + counts.misses;
      const fresh = counts.misses;
      const context = await appendEvent.time(async () => {
        window.append(event);
        return assemble();
      });
      work.countLookups.push(counts.hits + counts.misses - lookups);
      work.freshCounts.push(counts.misses - fresh);
      work.shownLines.push(context.layers.find((layer) => layer.kind === 'window')?.items ?? 0);
    }
  };
  if (!options.interleaveAppend) await appendCalls(calls);
  let evictions = 0;
  const addRows = async (): Promise<{ add: CallTimer; call: CallTimer }> => {
    const add = new CallTimer();
    const whole = new CallTimer();
    for (let index = 0; index < calls; index += 1) {
      nextObservation();
      const text = sentence(random, vocabulary, 14);
      const importance = random();
      await whole.time(async () => {
        const result = await add.time(() => lessons.addLesson({ text, importance }));
        if (result.status === 'added' && result.evicted !== undefined) evictions += 1;
        await assemble();
      });
    }
    return { add, call: whole };
  };
  phase('add-lesson');
  const below = await addRows(); // from `lessons` to `capacity` lessons
  phase('at-capacity');
  const full = await addRows();
  phase('done'); // at capacity: each add evicts or is rejected

  const result: TierResult = {
    tier,
    ingest: { wallMs: ingestWall, cpuMs: (ingestUsed.user + ingestUsed.system) / 1000 },
    bytesPerLesson: (heapLessons - heapKnowledge) / Math.max(1, tier.lessons),
    bytesPerKnowledgeEntry: (heapKnowledge - heapBefore) / Math.max(1, tier.knowledge),
    first: { wallMs: firstTimer.wall[0] ?? Number.NaN, cpuMs: firstTimer.cpu[0] ?? Number.NaN },
    observationOnly: observationOnly.summary,
    queryChanging: queryChanging.summary,
    queryChangingSlow: slowCalls(queryChanging, 5),
    addLesson: below.add.summary,
    addLessonCall: below.call.summary,
    atCapacity: full.add.summary,
    atCapacityCall: full.call.summary,
    capacity,
    evictions,
    // Read when printed: an interleaved append row is still being measured when this returns.
    get appendEvent() {
      return appendEvent.summary;
    },
    get appendWork() {
      return {
        calls: work.shownLines.length,
        shownLines: summarize(work.shownLines).p50,
        countLookups: summarize(work.countLookups).p50,
        freshCounts: summarize(work.freshCounts).p50,
      };
    },
    get maxTokens() {
      return maxTokens;
    },
  };
  return { result, appendCalls };
}

/** Calls above `limit` ms wall, and how many of them used at most `limit` ms of CPU. */
function slowCalls(timer: CallTimer, limit: number): { over: number; waiting: number } {
  let over = 0;
  let waiting = 0;
  timer.wall.forEach((wall, at) => {
    if (wall <= limit) return;
    over += 1;
    if ((timer.cpu[at] ?? 0) <= limit) waiting += 1;
  });
  return { over, waiting };
}

export interface GrowthLaw {
  /** 'flat', 'log', 'linear', or `n^k` for any other power. */
  law: string;
  /** Last tier's value over the first's. */
  ratio: number;
  /** The power k in value ~ size^k between the first and last tier. */
  exponent: number;
}

/**
 * The growth law between the first and the last tier: flat up to 1.5x over the range; log up to
 * 3x over 100x more content (log n grows 1.67x from 1k to 100k; a power law stays under n^0.24);
 * linear for a power between 0.75 and 1.25.
 */
export function growthLaw(sizes: readonly number[], values: readonly number[]): GrowthLaw {
  const firstSize = sizes[0] ?? 1;
  const lastSize = sizes.at(-1) ?? 1;
  const first = Math.max(values[0] ?? 0, 1e-6);
  const last = Math.max(values.at(-1) ?? 0, 1e-6);
  const ratio = last / first;
  const exponent = lastSize > firstSize ? Math.log(ratio) / Math.log(lastSize / firstSize) : 0;
  let law: string;
  if (ratio <= 1.5) law = 'flat';
  else if (ratio <= 3) law = 'log';
  else if (exponent >= 0.75 && exponent <= 1.25) law = 'linear';
  else law = `n^${exponent.toFixed(2)}`;
  return { law, ratio, exponent };
}

export interface Goal {
  goal: string;
  measured: string;
  met: boolean | undefined;
}

const KB = 1024;

/** The issue's goals, judged on the measured tiers (undefined: the tier was not measured). */
export function scalingGoals(results: readonly TierResult[]): Goal[] {
  const at = (lessons: number): TierResult | undefined =>
    results.find((result) => result.tier.lessons === lessons);
  const largest = at(100_000);
  const medium = at(10_000);
  const goals: Goal[] = [];
  const judge = (goal: string, result: TierResult | undefined, measure: (r: TierResult) => Goal): void => {
    goals.push(result ? measure(result) : { goal, measured: 'tier not measured', met: undefined });
  };
  const timed = (value: Timed, limit: number, which: 'p50' | 'p99'): [string, boolean] => [
    `${which} ${ms(value.wall[which])} (CPU ${ms(value.cpu[which])})`,
    value.wall[which] <= limit,
  ];
  judge('query-changing p50 <= 1 ms at 100k lessons', largest, (r) => {
    const [measured, met] = timed(r.queryChanging, 1, 'p50');
    return { goal: 'query-changing p50 <= 1 ms at 100k lessons', measured, met };
  });
  judge('query-changing p99 <= 5 ms at 100k lessons', largest, (r) => {
    const [measured, met] = timed(r.queryChanging, 5, 'p99');
    const { over, waiting } = r.queryChangingSlow;
    return {
      goal: 'query-changing p99 <= 5 ms at 100k lessons',
      measured: `${measured}; ${over} calls over 5 ms, ${waiting} of them with at most 5 ms of CPU (waiting for a core)`,
      met,
    };
  });
  judge('adding a lesson <= 0.2 ms at 100k lessons', largest, (r) => {
    const [measured, met] = timed(r.addLesson, 0.2, 'p50');
    return { goal: 'adding a lesson <= 0.2 ms at 100k lessons', measured, met };
  });
  judge('adding a lesson <= 0.2 ms at capacity 10k', medium, (r) => {
    const [measured, met] = timed(r.atCapacity, 0.2, 'p50');
    return {
      goal: `adding a lesson <= 0.2 ms at capacity 10k (capacity ${r.capacity})`,
      measured,
      met,
    };
  });
  const sizes = results.map((result) => result.tier.events);
  if (results.length >= 2 && results[0]?.tier.events === 20 && results.at(-1)?.tier.events === 2_000) {
    const growth = growthLaw(
      sizes,
      results.map((result) => result.appendEvent.cpu.p50),
    );
    const work = results.map((result) => result.appendWork);
    // Lines shown vary by one with the lengths of the newest events; lookups beyond them should not.
    const first = work[0] ?? { shownLines: 0, countLookups: 0, freshCounts: 0 };
    const sameWork = work.every(
      (each) =>
        Math.abs(each.shownLines - first.shownLines) <= 1 &&
        Math.abs(each.countLookups - each.shownLines - (first.countLookups - first.shownLines)) <= 0.5 &&
        Math.abs(each.freshCounts - first.freshCounts) <= 0.5,
    );
    const perLine = results.map(
      (result) => result.appendEvent.cpu.p50 / Math.max(1, result.appendWork.shownLines),
    );
    goals.push({
      goal: 'appending an event flat from 20 to 2,000 events',
      measured: `${growth.law} (x${growth.ratio.toFixed(2)} CPU p50; wall p50 ${results.map((result) => ms(result.appendEvent.wall.p50)).join(' / ')}; CPU per shown line ${perLine.map(ms).join(' / ')}); work per append ${sameWork ? 'the same at every size' : 'DIFFERS by size'}: ${work.map((each) => `${each.shownLines.toFixed(1)} lines shown, ${each.countLookups.toFixed(1)} count lookups, ${each.freshCounts.toFixed(1)} fresh counts`).join(' / ')}`,
      met: growth.law === 'flat',
    });
  } else
    goals.push({
      goal: 'appending an event flat from 20 to 2,000 events',
      measured: 'tiers not measured',
      met: undefined,
    });
  judge('at most 1 KB per lesson', largest, (r) => ({
    goal: 'at most 1 KB per lesson (at 100k)',
    measured: `${r.bytesPerLesson.toFixed(0)} bytes`,
    met: r.bytesPerLesson <= KB,
  }));
  judge('first call at 100k lessons < 100 ms', largest, (r) => ({
    goal: 'first call at 100k lessons < 100 ms',
    measured: `${ms(r.first.wallMs)} (CPU ${ms(r.first.cpuMs)})`,
    met: r.first.wallMs < 100,
  }));
  if (results.length >= 2) {
    const laws = perCallRows.map((row) => growthLaw(lessonSizes(results), results.map(row.value)).law);
    const bounded = laws.every((law) => law === 'flat' || law === 'log');
    goals.push({
      goal: 'growth laws stated; every per-call cost flat or log',
      measured: perCallRows.map((row, index) => `${row.name} ${laws[index]}`).join(', '),
      met: bounded,
    });
  }
  return goals;
}

const lessonSizes = (results: readonly TierResult[]): number[] =>
  results.map((result) => result.tier.lessons);

/** Rows whose cost is per call (growth judged on CPU p50, which other processes disturb least). */
const perCallRows: ReadonlyArray<{ name: string; value: (result: TierResult) => number }> = [
  { name: 'observation-only', value: (r) => r.observationOnly.cpu.p50 },
  { name: 'query-changing', value: (r) => r.queryChanging.cpu.p50 },
  { name: 'add lesson', value: (r) => r.addLesson.cpu.p50 },
  { name: 'add at capacity', value: (r) => r.atCapacity.cpu.p50 },
  { name: 'append event', value: (r) => r.appendEvent.cpu.p50 },
];

/** The table as printed lines. */
export function formatScalingTable(results: readonly TierResult[]): string[] {
  const sizes = lessonSizes(results);
  const label = (tier: ScalingTier): string =>
    `${short(tier.lessons)} / ${short(tier.knowledge)} / ${short(tier.events)}`;
  const timedCell = (value: Timed): string =>
    `${ms(value.wall.p50)} / ${ms(value.wall.p99)} (CPU ${ms(value.cpu.p50)})`;
  const rows: Array<{ name: string; cells: string[]; growth?: number[] }> = [
    {
      name: 'observation-only: p50 / p99 (CPU p50)',
      cells: results.map((r) => timedCell(r.observationOnly)),
      growth: results.map((r) => r.observationOnly.cpu.p50),
    },
    {
      name: 'query-changing',
      cells: results.map((r) => timedCell(r.queryChanging)),
      growth: results.map((r) => r.queryChanging.cpu.p50),
    },
    {
      name: 'add a lesson (addLesson alone)',
      cells: results.map((r) => timedCell(r.addLesson)),
      growth: results.map((r) => r.addLesson.cpu.p50),
    },
    { name: '  add + assemble', cells: results.map((r) => timedCell(r.addLessonCall)) },
    {
      name: 'at capacity (addLesson alone)',
      cells: results.map((r) => timedCell(r.atCapacity)),
      growth: results.map((r) => r.atCapacity.cpu.p50),
    },
    { name: '  add + assemble', cells: results.map((r) => timedCell(r.atCapacityCall)) },
    {
      name: 'append an event + assemble',
      cells: results.map((r) => timedCell(r.appendEvent)),
      growth: results.map((r) => r.appendEvent.cpu.p50),
    },
    {
      name: '  work: window lines shown, count lookups, fresh counts',
      cells: results.map(
        (r) =>
          `${r.appendWork.shownLines.toFixed(1)}, ${r.appendWork.countLookups.toFixed(1)}, ${r.appendWork.freshCounts.toFixed(1)}`,
      ),
    },
    {
      name: 'first call (wall, CPU)',
      cells: results.map((r) => `${ms(r.first.wallMs)}, CPU ${ms(r.first.cpuMs)}`),
      growth: results.map((r) => r.first.cpuMs),
    },
    {
      name: 'ingest per lesson (wall, CPU)',
      cells: results.map(
        (r) =>
          `${ms(r.ingest.wallMs / r.tier.lessons)}, CPU ${ms(r.ingest.cpuMs / r.tier.lessons)} (all ${(r.ingest.wallMs / 1000).toFixed(1)} s)`,
      ),
      growth: results.map((r) => r.ingest.cpuMs / r.tier.lessons),
    },
    {
      name: 'memory per lesson',
      cells: results.map((r) => `${r.bytesPerLesson.toFixed(0)} B`),
      growth: results.map((r) => r.bytesPerLesson),
    },
    {
      name: 'memory per knowledge entry',
      cells: results.map((r) => `${r.bytesPerKnowledgeEntry.toFixed(0)} B`),
      growth: results.map((r) => r.bytesPerKnowledgeEntry),
    },
    { name: 'largest request (tokens)', cells: results.map((r) => String(r.maxTokens)) },
  ];
  const header = ['lessons / knowledge / events', ...results.map((r) => label(r.tier)), 'growth'];
  const body = rows.map((row) => {
    const growth = row.growth && results.length >= 2 ? growthLaw(sizes, row.growth) : undefined;
    return [row.name, ...row.cells, growth && row.growth ? growthCell(growth, row.growth) : ''];
  });
  const widths = header.map((_, column) =>
    Math.max(...[header, ...body].map((line) => (line[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)];
}

/** The law over the whole range, then the factor of each 10x step (a bounded cost levels off). */
function growthCell(growth: GrowthLaw, values: readonly number[]): string {
  const steps: string[] = [];
  for (let at = 1; at < values.length; at += 1) {
    const before = values[at - 1] ?? 0;
    const after = values[at] ?? 0;
    // A difference of live heaps can come out at or below zero (other garbage freed meanwhile).
    steps.push(before > 0 && after > 0 ? `x${(after / before).toFixed(2)}` : 'n/a');
  }
  return `${growth.law} (x${growth.ratio.toFixed(2)}${steps.length > 1 ? `; steps ${steps.join(', ')}` : ''})`;
}

function short(value: number): string {
  return value >= 1000 && value % 1000 === 0 ? `${value / 1000}k` : String(value);
}
