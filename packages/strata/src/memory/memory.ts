import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { createLayer, type LayerConfig } from '../layers/create-layer.js';
import type { Layer, LayerAction } from '../layers/layer.js';
import type { MemoryStore, SessionRecord } from '../store/memory-store.js';
import type { MemoryEventRecord, TelemetrySink } from '../telemetry/telemetry-record.js';
import { type CachedTokenizer, createCachedTokenizer } from '../tokenizer/cached-tokenizer.js';
import { createTiktokenTokenizer, type TiktokenEncodingName } from '../tokenizer/tiktoken-tokenizer.js';
import type { Tokenizer } from '../tokenizer/tokenizer.js';
import {
  createExtractionQueue,
  type ExtractionFailure,
  type ExtractionQueueOptions,
  type ExtractionQueueStats,
} from '../transitions/extraction-queue.js';
import type { ExtractionInput, ExtractionResult, Extractor } from '../transitions/extractor.js';
import type { TransitionBinding, TransitionMap } from '../transitions/transition-binding.js';
import type { AssembledContext } from './assembled-context.js';
import { type AssembleRequest, type ContextAssembler, createContextAssembler } from './context-assembler.js';

/** The session entry holding the last request's print (not a layer; no layer may take the name). */
const PREVIOUS_REQUEST = '#previous-request';

/** Options of `createMemory`. */
export interface MemoryOptions {
  /** A tokenizer, or the name of an OpenAI encoding (default 'o200k_base'). */
  tokenizer?: Tokenizer | TiktokenEncodingName;
  /** Hard limit on the tokens of every assembled request. */
  budget: number;
  /** Trusted instructions at the top of the system message (counted in every request). */
  system?: string;
  /** Layers, by config (`{ kind: 'window', ... }`) or as ready objects. Names must be unique ('#previous-request' is reserved). */
  layers: ReadonlyArray<LayerConfig | Layer>;
  /** Named events -> layer hooks and extractions. Layers add their own (e.g. a window's `resetOn`). */
  transitions?: TransitionMap;
  /** Persistence for sessions (`commit`/`open`) and lessons. */
  store?: MemoryStore;
  /** Store namespace, e.g. 'agent/ironclad' (default 'default'). */
  namespace?: string;
  /** Session (run, conversation) to resume and commit. */
  sessionId?: string;
  telemetry?: TelemetrySink | readonly TelemetrySink[];
  /** Background extraction: concurrency, attempts, backoff. */
  extraction?: Omit<ExtractionQueueOptions, 'onEvent'>;
  /** Clock (default Date.now). */
  now?: () => number;
  /** Entries of the count cache (default 20,000). */
  countCacheSize?: number;
}

/** Layers with a token budget, assembled into every LLM request; see createMemory. */
export interface Memory {
  readonly budget: number;
  /** The trusted instructions at the top of every request (`options.system`). */
  readonly system: string | undefined;
  readonly tokenizer: CachedTokenizer;
  readonly namespace: string;
  readonly sessionId: string | undefined;
  /** Number of `assemble` calls so far in this session (restored by `open`). */
  readonly step: number;
  readonly layers: readonly Layer[];
  /** Extractions that failed after every retry (they never throw at the caller). */
  readonly extractionFailures: readonly ExtractionFailure[];
  /** Extractions queued or running. */
  readonly pendingExtractions: number;
  /** The extraction backlog: waiting, running, and how many were dropped or superseded so far. */
  readonly extractionStats: ExtractionQueueStats;
  /** The layer named `name` (INPUT_INVALID if there is none). */
  layer<T extends Layer = Layer>(name: string): T;
  /** Loads persisted lessons and resumes the session from its last commit. Idempotent; `assemble` calls it. */
  open(): Promise<void>;
  /** Builds the request for this step under the budget. */
  assemble(request?: AssembleRequest): Promise<AssembledContext>;
  /** Runs the hooks bound to `event` and queues its extractions (which never block or throw here). */
  transition(event: string, payload?: unknown): Promise<void>;
  /** Waits for queued extractions and telemetry writes. */
  flush(): Promise<void>;
  /** Same as `flush`. */
  drain(): Promise<void>;
  /**
   * Persists the step, every layer's snapshot and a print of the last request atomically
   * (compare-and-swap on the session version), so a resumed session measures the same stable prefix.
   */
  commit(meta?: Record<string, JsonValue>): Promise<SessionRecord>;
}

/**
 * Creates a memory: layers + budget + tokenizer (+ store, transitions, telemetry).
 * Throws LAYER_UNKNOWN for an unknown layer kind, BUDGET_UNSATISFIABLE when the budget cannot cover
 * the fixed minimums, CONFIG_INVALID for other bad configuration.
 */
export function createMemory(options: MemoryOptions): Memory {
  if (!Number.isInteger(options?.budget) || options.budget <= 0) {
    throw new StrataError(
      'CONFIG_INVALID',
      `createMemory: 'budget' must be a whole number of tokens > 0, got ${String(options?.budget)}.`,
    );
  }
  if (!Array.isArray(options.layers)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `createMemory: 'layers' must be an array of layer configs or layers.`,
    );
  }
  const base =
    options.tokenizer === undefined || typeof options.tokenizer === 'string'
      ? createTiktokenTokenizer(options.tokenizer ?? 'o200k_base')
      : options.tokenizer;
  const cacheOptions = options.countCacheSize === undefined ? {} : { maxEntries: options.countCacheSize };
  const tokenizer =
    'inner' in base && 'fits' in base ? (base as CachedTokenizer) : createCachedTokenizer(base, cacheOptions);
  const layers = options.layers.map((config) => createLayer(config));
  for (const layer of layers) layer.useTokenizer?.(tokenizer);
  const byName = new Map<string, Layer>();
  for (const layer of layers) {
    if (layer.name === PREVIOUS_REQUEST) {
      throw new StrataError(
        'CONFIG_INVALID',
        `The layer name '${PREVIOUS_REQUEST}' is reserved (the session keeps its previous request under it). Choose another 'name'.`,
      );
    }
    if (byName.has(layer.name)) {
      throw new StrataError(
        'CONFIG_INVALID',
        `Two layers are named '${layer.name}'. Give each layer a unique 'name'.`,
      );
    }
    byName.set(layer.name, layer);
  }
  const assembler: ContextAssembler = createContextAssembler({
    tokenizer,
    budget: options.budget,
    system: options.system,
    layers,
  });
  const bindings = collectBindings(options.transitions ?? {}, layers, byName);
  const sinks: TelemetrySink[] =
    options.telemetry === undefined
      ? []
      : Array.isArray(options.telemetry)
        ? [...options.telemetry]
        : [options.telemetry as TelemetrySink];
  const now = options.now ?? Date.now;
  const namespace = options.namespace ?? 'default';
  const sessionId = options.sessionId;
  const store = options.store;
  let step = 0;
  let sessionVersion = 0;
  let transitionCount = 0;
  let opening: Promise<void> | undefined;
  let opened = false;
  const applied = new Set<string>();

  const emit = (name: string, details: Record<string, unknown>): void => {
    if (sinks.length === 0) return;
    const record: MemoryEventRecord = { type: 'event', name, step, sessionId, at: now(), details };
    for (const sink of sinks) safeWrite(sink, record);
  };
  const queue = createExtractionQueue({
    ...options.extraction,
    onEvent: (event) =>
      emit(event.name, {
        job: event.job,
        attempt: event.attempt,
        ...(event.error ? { code: event.error.code, message: event.error.message } : {}),
      }),
  });

  const open = async (): Promise<void> => {
    if (opened) return;
    opening ??= (async () => {
      if (store) await store.open();
      for (const layer of layers) await layer.open?.({ store, namespace, sessionId });
      if (store && sessionId) {
        const record = await store.loadSession(sessionId);
        if (record) {
          for (const layer of layers) {
            const snapshot = record.layers[layer.name];
            if (snapshot !== undefined) layer.restore(snapshot);
          }
          const print = record.layers[PREVIOUS_REQUEST];
          if (print !== undefined && print !== null) assembler.restorePrevious(print);
          step = record.step;
          sessionVersion = record.version;
        }
      }
      opened = true;
    })();
    try {
      await opening;
    } catch (error) {
      opening = undefined;
      throw error;
    }
  };

  const runExtraction = (
    extractor: Extractor,
    targets: readonly Layer[],
    input: ExtractionInput,
    coalesceKey: string | undefined,
  ): void => {
    const job = `${extractor.name}@${input.event}`;
    queue.enqueue(
      job,
      async () => {
        const result: ExtractionResult = await extractor.run(input);
        if (!result || typeof result.idempotencyKey !== 'string' || result.idempotencyKey === '') {
          throw new StrataError(
            'EXTRACTION_FAILED',
            `Extractor '${extractor.name}' returned a result without an 'idempotencyKey' (use input.idempotencyKey).`,
          );
        }
        if (applied.has(result.idempotencyKey)) return;
        const meta = {
          extractor: extractor.name,
          event: input.event,
          step: input.step,
          sessionId,
          provenance: {
            source: `extractor:${extractor.name}`,
            event: input.event,
            step: input.step,
            ...(sessionId === undefined ? {} : { sessionId }),
            createdAt: now(),
          },
        };
        for (const layer of targets) await layer.applyExtraction?.(result, meta);
        applied.add(result.idempotencyKey);
        emit('extraction-applied', {
          extractor: extractor.name,
          event: input.event,
          idempotencyKey: result.idempotencyKey,
        });
      },
      coalesceKey === undefined ? {} : { coalesceKey },
    );
  };

  const memory: Memory = {
    budget: options.budget,
    system: options.system,
    tokenizer,
    namespace,
    sessionId,
    layers,
    get step() {
      return step;
    },
    get extractionFailures() {
      return queue.failures;
    },
    get pendingExtractions() {
      return queue.pending;
    },
    get extractionStats() {
      return queue.stats;
    },
    layer<T extends Layer = Layer>(name: string): T {
      const layer = byName.get(name);
      if (!layer) {
        throw new StrataError(
          'INPUT_INVALID',
          `No layer named '${name}'. Layers: ${[...byName.keys()].join(', ')}.`,
        );
      }
      return layer as T;
    },
    open,
    async assemble(request: AssembleRequest = {}) {
      if (!opened) await open();
      const started = performance.now();
      const query = request.query;
      const keySet = new Set((request.keys ?? []).map((key) => key.toLowerCase()));
      for (const layer of layers) if (layer.prepare) await layer.prepare({ query, keys: keySet });
      step += 1;
      const context = assembler.assemble(request, step, now());
      if (sinks.length > 0) {
        const microseconds = Math.round((performance.now() - started) * 1000);
        const record = {
          type: 'assemble' as const,
          step,
          sessionId,
          at: now(),
          budget: context.budget,
          tokens: context.tokens,
          stablePrefixTokens: context.stablePrefixTokens,
          microseconds,
          extractions: queue.stats,
          layers: context.layers.map((layer) => ({
            name: layer.name,
            tokens: layer.tokens,
            items: layer.items,
            // Items left out: listed ones plus the counted tail (see AssembledLayer.omitted).
            dropped: layer.dropped.length + (layer.omitted?.count ?? 0),
            truncated: layer.truncated.length,
          })),
          dropped: context.layers.flatMap((layer) =>
            layer.dropped
              .filter((item) => item.reason !== 'ranked-out')
              .map((item) => ({ layer: layer.name, id: item.id, reason: item.reason })),
          ),
        };
        for (const sink of sinks) safeWrite(sink, record);
      }
      return context;
    },
    async transition(event, payload) {
      if (typeof event !== 'string' || event === '') {
        throw new StrataError(
          'INPUT_INVALID',
          'transition(event): the event must be a non-empty string such as "combat-end".',
        );
      }
      if (!opened) await open();
      const bound = bindings.get(event) ?? [];
      transitionCount += 1;
      const extractions = bound.filter((binding) => 'extract' in binding);
      // Extractors see the layers as they were when the event fired (before resets).
      let snapshots: Record<string, JsonValue> | undefined;
      if (extractions.length > 0) {
        snapshots = {};
        for (const layer of layers) snapshots[layer.name] = layer.snapshot();
      }
      for (const binding of bound) {
        if ('extract' in binding) continue;
        const layer = byName.get(binding.layer) as Layer;
        runHook(layer, binding.action, event, payload);
      }
      for (const binding of extractions) {
        if (!('extract' in binding)) continue;
        const targets = binding.into
          ? binding.into.map((name) => byName.get(name) as Layer)
          : layers.filter((layer) => typeof layer.applyExtraction === 'function');
        runExtraction(
          binding.extract,
          targets,
          {
            event,
            payload,
            step,
            sessionId,
            layers: snapshots ?? {},
            idempotencyKey: `${sessionId ?? namespace}:${event}:${step}:${transitionCount}:${binding.extract.name}`,
          },
          binding.latestOnly === true
            ? `${event}\u0000${binding.extract.name}\u0000${(binding.into ?? []).join(',')}`
            : undefined,
        );
      }
      emit('transition', { event, hooks: bound.length });
    },
    async flush() {
      await queue.drain();
      for (const sink of sinks) await sink.flush?.();
    },
    async drain() {
      await memory.flush();
    },
    async commit(meta) {
      if (!store || !sessionId) {
        throw new StrataError(
          'NOT_SUPPORTED',
          'commit() is not supported by a memory without a store and a sessionId. Pass both to createMemory.',
        );
      }
      if (!opened) await open();
      const snapshots: Record<string, JsonValue> = {};
      for (const layer of layers) snapshots[layer.name] = layer.snapshot();
      // The resumed session's first request measures its stable prefix against this one.
      snapshots[PREVIOUS_REQUEST] = assembler.previousRequest();
      const record = await store.commitSession({
        sessionId,
        namespace,
        step,
        layers: snapshots,
        ...(meta === undefined ? {} : { meta }),
        expectedVersion: sessionVersion,
      });
      sessionVersion = record.version;
      return record;
    },
  };
  return memory;
}

function runHook(layer: Layer, action: LayerAction, event: string, payload: unknown): void {
  if (action === 'reset') layer.reset?.();
  else if (action === 'overwrite') layer.overwrite?.(payload);
  else layer.expire?.(event);
}

function collectBindings(
  transitions: TransitionMap,
  layers: readonly Layer[],
  byName: ReadonlyMap<string, Layer>,
): Map<string, TransitionBinding[]> {
  const result = new Map<string, TransitionBinding[]>();
  const add = (event: string, binding: TransitionBinding): void => {
    const list = result.get(event) ?? [];
    list.push(binding);
    result.set(event, list);
  };
  for (const layer of layers)
    for (const binding of layer.bindings) add(binding.event, { layer: layer.name, action: binding.action });
  for (const [event, list] of Object.entries(transitions)) {
    if (!Array.isArray(list)) {
      throw new StrataError('CONFIG_INVALID', `transitions['${event}'] must be an array of bindings.`);
    }
    for (const binding of list as TransitionBinding[]) {
      if ('extract' in binding) {
        if (typeof binding.extract?.run !== 'function' || typeof binding.extract.name !== 'string') {
          throw new StrataError(
            'CONFIG_INVALID',
            `transitions['${event}']: 'extract' needs an extractor { name, run(input) }.`,
          );
        }
        for (const name of binding.into ?? []) {
          const target = byName.get(name);
          if (!target)
            throw new StrataError(
              'CONFIG_INVALID',
              `transitions['${event}']: no layer named '${name}' to extract into.`,
            );
          if (typeof target.applyExtraction !== 'function') {
            throw new StrataError(
              'NOT_SUPPORTED',
              `Extraction results are not supported by layer '${name}' (${target.kind}).`,
            );
          }
        }
      } else {
        const layer = byName.get(binding.layer);
        if (!layer) {
          throw new StrataError(
            'CONFIG_INVALID',
            `transitions['${event}']: no layer named '${binding.layer}'. Layers: ${[...byName.keys()].join(', ')}.`,
          );
        }
        if (!['reset', 'overwrite', 'expire'].includes(binding.action)) {
          throw new StrataError(
            'CONFIG_INVALID',
            `transitions['${event}']: unknown action '${String(binding.action)}'. Use reset, overwrite or expire.`,
          );
        }
        if (typeof layer[binding.action] !== 'function') {
          throw new StrataError(
            'NOT_SUPPORTED',
            `Action '${binding.action}' is not supported by layer '${layer.name}' (${layer.kind}).`,
          );
        }
      }
      add(event, binding);
    }
  }
  return result;
}

function safeWrite(sink: TelemetrySink, record: Parameters<TelemetrySink['write']>[0]): void {
  try {
    sink.write(record);
  } catch {
    // Telemetry must never break the agent.
  }
}
