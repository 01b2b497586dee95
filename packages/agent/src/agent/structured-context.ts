import type { GameState } from '@strata-memory/spire';
import {
  type ChatModel,
  createLessonExtractor,
  createLessonsLayer,
  createMemory,
  createNotesLayer,
  createObservationLayer,
  createSummaryLayer,
  createWindowLayer,
  type JsonValue,
  type KnowledgeEntry,
  type Memory,
  type MemoryStore,
  type Tokenizer,
  type TransitionMap,
  type WindowLayer,
} from '@strata-memory/strata';
import type { AgentContext, DecisionInput, DecisionPrompt, StepInput } from './agent-context.js';
import {
  type CombatLog,
  finishCombatLog,
  recentCombatEvents,
  recordCombatAction,
  startCombatLog,
} from './combat-log.js';
import { actOf, detectGameEvents, floorOf, type GameEvent } from './game-events.js';
import { createGameKnowledgeLayer } from './game-knowledge-layer.js';
import { createRuleBasedLessonExtractor } from './rule-based-lessons.js';
import { renderRunSummary } from './run-summary.js';
import { knowledgeFromState, knowledgeKeys } from './state-knowledge.js';
import { SYSTEM_PROMPT } from './system-prompt.js';

/** Options of `createStructuredContext`. */
export interface StructuredContextOptions {
  tokenizer: Tokenizer;
  /** Budget of the assembled prompt (the loop keeps a reserve for repair turns below its own budget). */
  budget: number;
  store?: MemoryStore;
  /** Store namespace of lessons shared across runs of one character, e.g. `agentic-sts/ironclad`. */
  namespace: string;
  sessionId: string;
  /** With a model, lessons come from Strata's lesson extractor; without, from the rule-based one. */
  lessonModel?: ChatModel;
  /** Wait for lesson extraction at combat end (default: when no model, so runs are reproducible). */
  awaitExtractions?: boolean;
  /** A rules corpus to start the knowledge layer from (the engine's, for the simulator). */
  corpus?: readonly KnowledgeEntry[];
  /** Turns of the current combat kept in working memory (default 6). */
  combatTurns?: number;
}

/**
 * Layer budgets (tokens). Their sum plus framing stays under the 4,600 the loop assembles within;
 * knowledge and combat are sized so a prompt late in a long fight stays within 1.5x of a typical one
 * (measured by the agents bench). The combat window shows up to 6 turns, newest first within its budget.
 */
export const STRUCTURED_LAYER_BUDGETS = {
  knowledge: 800,
  'run-summary': 300,
  lessons: 500,
  notes: 300,
  combat: 500,
  observation: 650,
} as const;

export interface StructuredContext extends AgentContext {
  readonly memory: Memory;
  /** The combat log being kept (for tests and traces). */
  readonly combatLog: CombatLog | undefined;
  /** Restores what the memory does not hold (the combat log) from the run's committed meta. */
  resumeFrom(meta: Record<string, JsonValue>): void;
}

/**
 * The structured agent's context: Strata's layers wired for the game. Stable layers (lessons, run
 * summary, knowledge) form the cacheable prefix; notes, combat working memory and the observation
 * follow. Transitions: combat-end resets working memory, expires combat notes,
 * overwrites the summary and extracts lessons; floor and act changes overwrite the summary;
 * run-end extracts the run's lessons and expires run notes.
 */
export function createStructuredContext(options: StructuredContextOptions): StructuredContext {
  const combatTurns = options.combatTurns ?? 6;
  const knowledge = createGameKnowledgeLayer({
    budget: STRUCTURED_LAYER_BUDGETS.knowledge,
    instructions: 'Rules of the cards, relics, potions, powers and enemies in play:',
    ...(options.corpus ? { entries: options.corpus } : {}),
  });
  const summary = createSummaryLayer({
    name: 'run-summary',
    budget: STRUCTURED_LAYER_BUDGETS['run-summary'],
    overwriteOn: ['combat-end', 'floor-change', 'act-change'],
    instructions: 'The run so far:',
  });
  const lessons = createLessonsLayer({
    budget: STRUCTURED_LAYER_BUDGETS.lessons,
    namespace: options.namespace,
    instructions: 'Lessons from earlier fights and runs of this character:',
  });
  const notes = createNotesLayer({
    budget: STRUCTURED_LAYER_BUDGETS.notes,
    instructions: 'Your own notes (they expire with their scope):',
  });
  const combat: WindowLayer = createWindowLayer({
    name: 'combat',
    budget: STRUCTURED_LAYER_BUDGETS.combat,
    maxEvents: 120,
    resetOn: 'combat-end',
    instructions: `This combat, last ${combatTurns} turns (cards played, enemy moves, damage):`,
  });
  const observation = createObservationLayer<string>({
    budget: STRUCTURED_LAYER_BUDGETS.observation,
    instructions: 'Now:',
  });
  const extractor = options.lessonModel
    ? createLessonExtractor({
        model: options.lessonModel,
        maxLessons: 2,
        instructions:
          'Extract at most {max} lessons for playing this character better: concrete, reusable tactics about these enemies, cards and relics (what cost HP, what worked). Returning no lessons is fine.',
      })
    : createRuleBasedLessonExtractor();
  const transitions: TransitionMap = {
    'combat-end': [{ extract: extractor, into: ['lessons'] }],
    'run-end': [{ extract: extractor, into: ['lessons'] }],
  };
  const memory = createMemory({
    tokenizer: options.tokenizer,
    budget: options.budget,
    system: SYSTEM_PROMPT,
    // Stable layers in the order they change least within a scene: knowledge grows as new cards and powers show up.
    layers: [lessons, summary, knowledge, notes, combat, observation],
    transitions,
    ...(options.store ? { store: options.store } : {}),
    namespace: options.namespace,
    sessionId: options.sessionId,
  });
  const awaitExtractions = options.awaitExtractions ?? options.lessonModel === undefined;
  let combatLog: CombatLog | undefined;
  let lastCombat: CombatLog | undefined;
  // Keys seen since the scene began (a combat, a room), in first-seen order: the knowledge and
  // lessons sections then only grow at their tail within a scene, keeping the prefix cacheable.
  let sceneKeys = new Set<string>();
  let replayedState: GameState | undefined;
  const startsScene = (events: readonly GameEvent[]) =>
    events.some((event) => event === 'combat-start' || event === 'combat-end' || event === 'floor-change');

  const rebuildWindow = (log: CombatLog) => {
    combat.reset();
    for (const event of recentCombatEvents(log, combatTurns)) combat.append(event.text);
  };

  const context: StructuredContext = {
    kind: 'structured',
    // The lesson extractor's transitions write lessons to the store.
    storeWritesOn: ['combat-end', 'run-end'],
    memory,
    get combatLog() {
      return combatLog;
    },
    resumeFrom(meta) {
      const saved = meta.combat as unknown as CombatLog | null | undefined;
      combatLog = saved ?? undefined;
    },
    // Knowledge and the scene's keys are rebuilt from the replayed states, not stored; the rest comes
    // from the store. The keys follow the same rule as update + prompt, so the first resumed prompt
    // retrieves what the uninterrupted run would have.
    async replay(input: DecisionInput) {
      knowledge.add(knowledgeFromState(input.state));
      if (startsScene(detectGameEvents(replayedState, input.state))) sceneKeys = new Set();
      for (const key of knowledgeKeys(input.state)) sceneKeys.add(key);
      replayedState = input.state;
    },
    async update(input: StepInput) {
      await memory.open();
      const { state, previous, previousAction } = input;
      if (combatLog && previous && previousAction) {
        const event = recordCombatAction(combatLog, previous, previousAction, state);
        const turnsBefore = new Set(combatLog.events.slice(0, -1).map((each) => each.turn)).size;
        const turnsNow = new Set(combatLog.events.map((each) => each.turn)).size;
        if (event && turnsNow > combatTurns && turnsNow !== turnsBefore) rebuildWindow(combatLog);
        else if (event) combat.append(event.text);
      }
      const runSummary = renderRunSummary(state);
      if (startsScene(input.events)) sceneKeys = new Set();
      for (const event of input.events) {
        if (event === 'combat-end' && combatLog) {
          finishCombatLog(combatLog, state);
          lastCombat = combatLog;
          await memory.transition('combat-end', { combat: structuredClone(combatLog), summary: runSummary });
          combatLog = undefined;
        } else if (event === 'combat-start') {
          combatLog = startCombatLog(state);
          combat.reset();
          for (const each of combatLog.events) combat.append(each.text);
          await memory.transition('combat-start', { encounter: combatLog.encounter });
        } else if (event === 'run-end') {
          const victory = state.game_over?.is_victory === true;
          await memory.transition('run-end', {
            character: state.run?.character_name ?? state.run?.character_id ?? 'player',
            victory,
            act: actOf(state),
            floor: state.game_over?.floor ?? floorOf(state),
            ...(lastCombat && !victory ? { combat: structuredClone(lastCombat) } : {}),
            summary: runSummary,
          });
        } else {
          await memory.transition(event, { summary: runSummary });
        }
      }
      if (awaitExtractions && (input.events.includes('combat-end') || input.events.includes('run-end'))) {
        await memory.flush();
      }
      if (summary.text === '') summary.set(runSummary);
      knowledge.add(knowledgeFromState(state));
      observation.set(input.observation.text);
    },
    async prompt(input: StepInput): Promise<DecisionPrompt> {
      for (const key of knowledgeKeys(input.state)) sceneKeys.add(key);
      const keys = [...sceneKeys];
      const query = combatLog
        ? `${combatLog.encounter} ${combatLog.kind}`
        : `${input.state.screen} act ${actOf(input.state)}`;
      const assembled = await memory.assemble({ query, keys });
      const layers: Record<string, number> = {};
      const dropped: Record<string, number> = {};
      const truncated: Record<string, number> = {};
      for (const layer of assembled.layers) {
        layers[layer.name] = layer.tokens;
        if (layer.truncated.length > 0) truncated[layer.name] = layer.truncated.length;
        const counted = layer.omitted;
        const lost =
          layer.dropped.filter((item) => item.reason !== 'ranked-out' && item.reason !== 'not-triggered')
            .length + (counted && counted.reason !== 'ranked-out' ? counted.count : 0);
        if (lost > 0) dropped[layer.name] = lost;
      }
      return {
        messages: assembled.messages,
        promptTokens: assembled.tokens,
        layers,
        dropped,
        truncated,
        stablePrefixTokens: assembled.stablePrefixTokens,
        budget: assembled.budget,
      };
    },
    async record(input: DecisionInput) {
      const note = input.decision.note;
      if (note) {
        notes.add({
          text: note.text,
          scope: note.scope,
          provenance: {
            source: 'agent-note',
            sessionId: options.sessionId,
            step: input.step,
            createdAt: Date.now(),
          },
        });
      }
    },
    async commit(_step, meta) {
      if (!options.store) return;
      await memory.commit({
        ...(meta as Record<string, JsonValue>),
        combat: (combatLog ?? null) as unknown as JsonValue,
      });
    },
    async close() {
      await memory.flush();
    },
  };
  return context;
}
