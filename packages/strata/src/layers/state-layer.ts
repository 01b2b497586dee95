import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { applyStatePatch } from '../state/apply-state-patch.js';
import { formatSchemaIssues, validateWithSchema } from '../state/validate-with-schema.js';
import type { ExtractionMeta, ExtractionResult } from '../transitions/extractor.js';
import { sectionFrame } from './escape-untrusted.js';
import { fitItems } from './fit-items.js';
import type { FitRequest, Layer, LayerFit, LayerOptions } from './layer.js';
import { resolveLayerOptions } from './resolve-layer-options.js';

export interface StateLayerOptions<S extends StandardSchemaV1> extends LayerOptions {
  /** Validates the state after every update (zod v4 or any Standard Schema). */
  schema: S;
  /** Initial state; must pass the schema. */
  initial: StandardSchemaV1.InferOutput<S>;
}

/** A JSON object validated by a schema, updated by JSON merge patches, rendered as compact JSON. */
export interface StateLayer<S extends StandardSchemaV1 = StandardSchemaV1> extends Layer {
  readonly state: StandardSchemaV1.InferOutput<S>;
  /**
   * Applies a JSON merge patch (RFC 7396) and validates the result. An invalid patch throws
   * STATE_PATCH_INVALID and leaves the state as it was.
   */
  patch(patch: unknown): StandardSchemaV1.InferOutput<S>;
}

/** Creates a state layer (defaults: budget 400, priority 90, dynamic). */
export function createStateLayer<S extends StandardSchemaV1>(options: StateLayerOptions<S>): StateLayer<S> {
  const resolved = resolveLayerOptions('state', options, { budget: 400, priority: 90, stable: false });
  if (!options.schema || typeof options.schema !== 'object' || !('~standard' in options.schema)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `State layer '${resolved.name}' needs a 'schema' implementing Standard Schema (e.g. a zod v4 schema).`,
    );
  }
  const initial = validateWithSchema(options.schema, options.initial);
  if (!initial.ok) {
    throw new StrataError(
      'CONFIG_INVALID',
      `State layer '${resolved.name}': the initial state does not pass its schema:\n${formatSchemaIssues(initial.issues)}`,
      { details: { issues: initial.issues } },
    );
  }
  const frame = sectionFrame(resolved.name, resolved.instructions);
  let state = initial.value as StandardSchemaV1.InferOutput<S>;
  let line = renderState(state);
  let revision = 0;
  const replace = (next: StandardSchemaV1.InferOutput<S>): void => {
    state = next;
    line = renderState(next);
    revision += 1;
  };
  return {
    ...resolved,
    kind: 'state',
    usesQuery: false,
    bindings: [],
    get revision() {
      return revision;
    },
    get state() {
      return state;
    },
    patch(patch: unknown) {
      const next = applyStatePatch(options.schema, state as JsonValue, patch);
      replace(next);
      return next;
    },
    fit(request: FitRequest): LayerFit {
      return fitItems([{ id: 'state', line }], frame, request, { contiguous: true });
    },
    snapshot(): JsonValue {
      return { state: state as JsonValue };
    },
    restore(snapshot: JsonValue) {
      const value = (snapshot as { state?: unknown } | null)?.state;
      const checked = validateWithSchema(options.schema, value);
      if (!checked.ok) {
        throw new StrataError(
          'STATE_CORRUPT',
          `State layer '${resolved.name}': the committed state no longer passes the schema:\n${formatSchemaIssues(checked.issues)}`,
          { details: { issues: checked.issues } },
        );
      }
      replace(checked.value);
    },
    reset() {
      replace(initial.value as StandardSchemaV1.InferOutput<S>);
    },
    async applyExtraction(result: ExtractionResult, _meta: ExtractionMeta): Promise<void> {
      if (result.statePatch !== undefined)
        replace(applyStatePatch(options.schema, state as JsonValue, result.statePatch));
    },
  };
}

/** Compact JSON with keys sorted at every level (a stable rendering), `<` escaped as \u003c. */
export function renderState(value: unknown): string {
  return JSON.stringify(sortKeys(value)).replace(/</g, '\\u003c');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}
