import { StrataError } from '../errors/strata-error.js';
import type { LayerOptions } from './layer.js';

export interface ResolvedLayerOptions {
  name: string;
  budget: number;
  minimum: number;
  priority: number;
  stable: boolean;
  trusted: boolean;
  instructions: string | undefined;
}

/** Fills a layer's common options with its kind's defaults and checks them. */
export function resolveLayerOptions(
  kind: string,
  options: LayerOptions,
  defaults: { budget: number; priority: number; stable: boolean },
): ResolvedLayerOptions {
  const name = options.name ?? kind;
  const budget = options.budget ?? defaults.budget;
  const minimum = options.minimum ?? 0;
  for (const [field, value] of [
    ['budget', budget],
    ['minimum', minimum],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new StrataError(
        'CONFIG_INVALID',
        `Layer '${name}' (${kind}): '${field}' must be a whole number of tokens >= 0, got ${String(value)}.`,
      );
    }
  }
  if (minimum > budget) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Layer '${name}' (${kind}): minimum ${minimum} is above its budget ${budget}. Lower the minimum or raise the budget.`,
    );
  }
  const priority = options.priority ?? defaults.priority;
  if (!Number.isFinite(priority)) {
    throw new StrataError('CONFIG_INVALID', `Layer '${name}' (${kind}): 'priority' must be a finite number.`);
  }
  return {
    name,
    budget,
    minimum,
    priority,
    stable: options.stable ?? defaults.stable,
    trusted: options.trusted === true,
    instructions: options.instructions,
  };
}

/** Normalizes an event option that accepts one name or several. */
export function eventList(events: string | readonly string[] | undefined): string[] {
  if (events === undefined) return [];
  return typeof events === 'string' ? [events] : [...events];
}
