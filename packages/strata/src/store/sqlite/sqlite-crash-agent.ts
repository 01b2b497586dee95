import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JsonValue } from '../../core/provenance.js';
import type { StateLayer } from '../../layers/state-layer.js';
import type { WindowLayer } from '../../layers/window-layer.js';
import type { Tokenizer } from '../../tokenizer/tokenizer.js';
import type { MemoryStore } from '../memory-store.js';
import { createSqliteStore } from './sqlite-store.js';

// A synthetic agent loop for the crash test: every step derives from a seeded input sequence, so
// an uninterrupted run and a run killed and resumed many times must end in the same state.
// Run: node --import tsx sqlite-crash-agent.ts <db path> <session id> <seed> <total steps> [memory|store]

export interface AgentState {
  [key: string]: JsonValue;
  step: number;
  hp: number;
  gold: number;
  floor: number;
  /** Folds every input in order: a skipped or repeated step changes it. */
  checksum: number;
  deck: string[];
  log: string;
}

export const crashAgentNamespace = 'crash-test/agent';
export const lessonEvery = 7;
const windowSize = 12;

export function initialState(): AgentState {
  return { step: 0, hp: 80, gold: 99, floor: 1, checksum: 17, deck: ['Strike', 'Defend', 'Bash'], log: '' };
}

/** The input of a step: a pure function of the seed and the step number. */
export function inputAt(seed: number, step: number): number {
  let value = (seed ^ Math.imul(step, 0x9e3779b1)) >>> 0;
  value = Math.imul(value ^ (value >>> 16), 0x85ebca6b) >>> 0;
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35) >>> 0;
  return (value ^ (value >>> 16)) >>> 0;
}

const cards = ['Strike', 'Defend', 'Bash', 'Anger', 'Cleave', 'Inflame', 'Shrug It Off', 'Pommel Strike'];

export function reduceState(state: AgentState, input: number, step: number): AgentState {
  const deck = [...state.deck];
  if (input % 5 === 0) deck.push(cards[input % cards.length] ?? 'Strike');
  if (deck.length > 30) deck.splice(input % deck.length, 1);
  return {
    step,
    hp: Math.max(1, Math.min(80, state.hp + ((input % 13) - 6))),
    gold: state.gold + (input % 17),
    floor: state.floor + (input % 11 === 0 ? 1 : 0),
    checksum: (Math.imul(state.checksum, 31) + input + step) >>> 0,
    deck,
    // Keeps each snapshot a realistic couple of kilobytes.
    log: `${state.log}|${step}:${input.toString(36)}`.slice(-2000),
  };
}

export function nextWindow(window: JsonValue[], input: number, step: number): JsonValue[] {
  return [...window, { step, event: input % 3 === 0 ? 'card-played' : 'turn-end', input }].slice(-windowSize);
}

export function lessonKey(sessionId: string, step: number): string {
  return `${sessionId}:extraction:${step}`;
}

/** What a run that is never interrupted ends with. */
export function runUninterrupted(
  seed: number,
  totalSteps: number,
): { state: AgentState; window: JsonValue[] } {
  let state = initialState();
  let window: JsonValue[] = [];
  for (let step = 1; step <= totalSteps; step += 1) {
    const input = inputAt(seed, step);
    state = reduceState(state, input, step);
    window = nextWindow(window, input, step);
  }
  return { state, window };
}

/** How the loop persists: through the memory engine (`createMemory` + `commit()`) or the store directly. */
export type CrashAgentDriver = 'memory' | 'store';

export interface AgentLoopOptions {
  store: MemoryStore;
  sessionId: string;
  seed: number;
  totalSteps: number;
  driver: CrashAgentDriver;
  /**
   * Receives "resumed N", "lesson N created|existing", "committed N" lines. The loop awaits it before the
   * next step, so a writer that resolves once its line is out of the process bounds how far the process
   * can run ahead of what its reader saw.
   */
  write?: (line: string) => void | Promise<void>;
}

// Cheap and deterministic; the loop tests persistence, not token counting.
const characterTokenizer: Tokenizer = {
  name: 'characters-div-4',
  exact: false,
  count: (text) => Math.ceil(text.length / 4),
  truncate: (text, maxTokens) => text.slice(0, Math.max(0, maxTokens) * 4),
};

/** The agent loop: resumes the session, then steps to `totalSteps`, committing every step. */
export async function runAgentLoop(options: AgentLoopOptions): Promise<void> {
  const { store, sessionId, seed, totalSteps } = options;
  const write = options.write ?? (() => undefined);
  let step: number;
  let state: AgentState;
  let stepOnce: (next: number, input: number, nextState: AgentState) => Promise<void>;
  if (options.driver === 'memory') {
    // Loaded only here: the engine's module graph makes every restart of the child much slower.
    const [{ createMemory }, { z }] = await Promise.all([import('../../memory/memory.js'), import('zod')]);
    const stateSchema = z.object({
      step: z.number(),
      hp: z.number(),
      gold: z.number(),
      floor: z.number(),
      checksum: z.number(),
      deck: z.array(z.string()),
      log: z.string(),
    });
    const memory = createMemory({
      tokenizer: characterTokenizer,
      budget: 6000,
      layers: [
        { kind: 'state', name: 'state', schema: stateSchema, initial: initialState() },
        { kind: 'window', name: 'window', maxEvents: windowSize },
      ],
      store,
      namespace: crashAgentNamespace,
      sessionId,
    });
    await memory.open();
    const stateLayer = memory.layer<StateLayer>('state');
    const windowLayer = memory.layer<WindowLayer>('window');
    step = memory.step;
    state = stateLayer.state as AgentState;
    stepOnce = async (next, input, nextState) => {
      stateLayer.patch(nextState);
      windowLayer.append(`step ${next}: ${input % 3 === 0 ? 'card-played' : 'turn-end'} ${input}`);
      await memory.assemble();
      if (memory.step !== next) throw new Error(`memory step ${memory.step} after assembling step ${next}`);
      await memory.commit({ seed });
    };
  } else {
    const record = await store.loadSession(sessionId);
    let window = (record?.layers.window as JsonValue[] | undefined) ?? [];
    let version = record?.version ?? 0;
    step = record?.step ?? 0;
    state = (record?.layers.state as AgentState | undefined) ?? initialState();
    stepOnce = async (next, input, nextState) => {
      window = nextWindow(window, input, next);
      const committed = await store.commitSession({
        sessionId,
        namespace: crashAgentNamespace,
        step: next,
        layers: { state: nextState, window },
        meta: { seed },
        expectedVersion: version,
      });
      version = committed.version;
    };
  }
  await write(`resumed ${step}`);
  while (step < totalSteps) {
    const next = step + 1;
    const input = inputAt(seed, next);
    if (next % lessonEvery === 0) {
      // Extraction runs before the step is committed: after a crash the step is redone and the
      // extraction retried with the same key, but a new random id.
      const result = await store.addLesson(crashAgentNamespace, {
        id: randomUUID(),
        idempotencyKey: lessonKey(sessionId, next),
        text: `At step ${next} input ${input} mattered.`,
        importance: (input % 100) / 100,
        usefulness: 0,
        uses: 0,
        tags: ['crash-test'],
        provenance: { source: 'extractor:crash-test', sessionId, step: next, createdAt: next },
        createdAt: next,
      });
      await write(`lesson ${next} ${result.created ? 'created' : 'existing'}`);
    }
    state = reduceState(state, input, next);
    await stepOnce(next, input, state);
    step = next;
    // Printed only after the commit resolved: an acknowledged step.
    await write(`committed ${next}`);
  }
}

async function main(argv: string[]): Promise<void> {
  const [path, sessionId, seedText, totalText, driver = 'store'] = argv;
  if (path === undefined || sessionId === undefined || seedText === undefined || totalText === undefined) {
    throw new Error(
      'usage: sqlite-crash-agent.ts <db path> <session id> <seed> <total steps> [memory|store]',
    );
  }
  const store = createSqliteStore({ path });
  // stdout to a pipe is asynchronous on POSIX: a line still queued in this process when SIGKILL lands is
  // lost, and under load the loop could commit hundreds of steps the test never saw acknowledged. Waiting
  // for each line to reach the pipe keeps the loop at most one commit ahead of what it printed.
  const write = (line: string) =>
    new Promise<void>((resolve, reject) =>
      process.stdout.write(`${line}\n`, (error) => (error ? reject(error) : resolve())),
    );
  await runAgentLoop({
    store,
    sessionId,
    seed: Number(seedText),
    totalSteps: Number(totalText),
    driver: driver === 'memory' ? 'memory' : 'store',
    write,
  });
  await store.close();
  await write('done');
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
