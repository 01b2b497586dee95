import type { StandardSchemaV1 } from '@standard-schema/spec';
import { StrataError } from '../errors/strata-error.js';
import { createKnowledgeLayer, type KnowledgeLayerOptions } from './knowledge-layer.js';
import type { Layer } from './layer.js';
import { createLessonsLayer, type LessonsLayerOptions } from './lessons-layer.js';
import { createMessagesLayer, type MessagesLayerOptions } from './messages-layer.js';
import { createNotesLayer, type NotesLayerOptions } from './notes-layer.js';
import { createObservationLayer, type ObservationLayerOptions } from './observation-layer.js';
import { createStateLayer, type StateLayerOptions } from './state-layer.js';
import { createSummaryLayer, type SummaryLayerOptions } from './summary-layer.js';
import { createWindowLayer, type WindowLayerOptions } from './window-layer.js';

/** A built-in layer described in configuration, by kind. */
export type LayerConfig =
  | ({ kind: 'knowledge' } & KnowledgeLayerOptions)
  | ({ kind: 'summary' } & SummaryLayerOptions)
  | ({ kind: 'window' } & WindowLayerOptions)
  | ({ kind: 'lessons' } & LessonsLayerOptions)
  | ({ kind: 'notes' } & NotesLayerOptions)
  | ({ kind: 'state' } & StateLayerOptions<StandardSchemaV1>)
  | ({ kind: 'observation' } & ObservationLayerOptions<never>)
  | ({ kind: 'messages' } & MessagesLayerOptions);

const factories: Record<string, (config: never) => Layer> = {
  knowledge: createKnowledgeLayer,
  summary: createSummaryLayer,
  window: createWindowLayer,
  lessons: createLessonsLayer,
  notes: createNotesLayer,
  state: createStateLayer,
  observation: createObservationLayer,
  messages: createMessagesLayer,
};

/** The built-in layer kinds. */
export const LAYER_KINDS = Object.freeze(Object.keys(factories));

/** True for a ready layer object (anything with `fit`), as opposed to a config. */
export function isLayer(value: unknown): value is Layer {
  return typeof (value as Layer | undefined)?.fit === 'function';
}

/** Builds a layer from its config, or returns a ready layer as is. Unknown kind: LAYER_UNKNOWN. */
export function createLayer(config: LayerConfig | Layer): Layer {
  if (isLayer(config)) return config;
  const kind = (config as { kind?: unknown } | undefined)?.kind;
  const factory = typeof kind === 'string' && Object.hasOwn(factories, kind) ? factories[kind] : undefined;
  if (!factory) {
    throw new StrataError(
      'LAYER_UNKNOWN',
      `Unknown layer kind '${String(kind)}'. Use one of: ${LAYER_KINDS.join(', ')}, or pass an object implementing Layer.`,
      { details: { kind } },
    );
  }
  return factory(config as never);
}
