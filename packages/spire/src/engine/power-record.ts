// The powers record of a creature, with one fixed property layout.
import { contentSet } from '../content/registry.js';
import type { Powers, Ruleset } from './run-state.js';

/** Every power id of `ruleset`, in its content's order: the keys every powers record of its runs is made with. */
export function knownPowerIds(ruleset: Ruleset): readonly string[] {
  return contentSet(ruleset).powers.map((power) => power.id);
}

const makers = new Map<Ruleset, () => Powers>();

/**
 * A new powers record with no power: every power id of the ruleset is an own key set to `undefined`
 * (a removed power is set back to `undefined`, never deleted), so V8 gives every record of a ruleset
 * one fixed shape and each `(powers.ID ?? 0)` read is a monomorphic fast-property load instead of a
 * dictionary probe. Readers that enumerate (`Object.keys`, `Object.entries`) skip the `undefined` values.
 */
export function powerRecord(ruleset: Ruleset): Powers {
  let make = makers.get(ruleset);
  if (make === undefined) {
    make = maker(knownPowerIds(ruleset));
    makers.set(ruleset, make);
  }
  return make();
}

/**
 * A function that makes records with exactly `ids`, compiled once. Under 128 keys an object literal
 * (copied from its boilerplate, the cheapest way to make an object); at 128 or more a literal is a
 * dictionary, so a constructor assigning each key by name (keyed stores past a few dozen keys make a
 * dictionary too).
 */
function maker(ids: readonly string[]): () => Powers {
  for (const id of ids)
    if (!/^[A-Z][A-Z0-9_]*$/.test(id))
      throw new Error(`power id ${JSON.stringify(id)} is not an upper-case identifier`);
  // The ids are checked above (upper-case identifiers), so the generated code is only these keys.
  if (ids.length < 128)
    return new Function(
      `return () => ({ ${ids.map((id) => `${id}: undefined`).join(', ')} });`,
    )() as () => Powers;
  const PowerRecord = new Function(ids.map((id) => `this.${id} = undefined;`).join('\n')) as new () => Powers;
  return () => new PowerRecord();
}

/** The ids of the powers present in `powers` (amount not `undefined`), in the record's key order. */
export function presentPowerIds(powers: Powers): string[] {
  const ids: string[] = [];
  for (const id in powers) if (powers[id] !== undefined) ids.push(id);
  return ids;
}
