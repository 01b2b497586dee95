import { SpireError, stateMalformedError } from '@strata-memory/spire';
import { z } from 'zod';

// The renderer reads a state defensively (every field optional), but it indexes lists and reads
// fields of what it finds there: a `hand` that is a string, or a card that is null, would end in a
// TypeError deep inside it. This schema states the types of the fields it reads (StateView), all
// optional and nullable, unknown fields kept, so a wrongly typed state fails at the door with the
// field's path instead. It is looser than spire's GameState schema on purpose: partial states from
// older mod versions and the simulator's own states must still render.

const text = z.string().nullish();
const number = z.number().nullish();
const flag = z.boolean().nullish();
const indices = z.array(z.number()).nullish();

const power = z.looseObject({
  power_id: text,
  name: text,
  amount: number,
  description: text,
  is_debuff: flag,
});
const powers = z.array(power).nullish();

const card = z.looseObject({
  index: z.number().optional(),
  card_id: text,
  name: text,
  upgraded: flag,
  card_type: text,
  rarity: text,
  energy_cost: number,
  star_cost: number,
  costs_x: flag,
  playable: flag,
  unplayable_reason: text,
  requires_target: flag,
  valid_target_indices: indices,
  rules_text: text,
  resolved_rules_text: text,
  description: text,
  damage: number,
  block: number,
  hits: number,
  dynamic_values: z.array(z.looseObject({ name: text, current_value: number })).nullish(),
});

const intent = z.looseObject({
  intent_type: text,
  label: text,
  damage: number,
  hits: number,
  total_damage: number,
  status_card_count: number,
});

const enemy = z.looseObject({
  index: z.number().optional(),
  enemy_id: text,
  name: text,
  current_hp: number,
  max_hp: number,
  block: number,
  is_alive: flag,
  is_hittable: flag,
  is_half_dead: flag,
  powers,
  intent: text,
  move_id: text,
  intents: z.array(intent).nullish(),
});

const potion = z.looseObject({
  index: z.number().optional(),
  potion_id: text,
  name: text,
  description: text,
  occupied: flag,
  target_type: text,
  requires_target: flag,
  valid_target_indices: indices,
  can_use: flag,
  can_discard: flag,
});

const relic = z.looseObject({ relic_id: text, name: text, description: text, counter: number });

const pileCards = z.union([z.array(z.unknown()), z.number()]).nullish();

const player = z.looseObject({
  current_hp: number,
  max_hp: number,
  block: number,
  energy: number,
  max_energy: number,
  stars: number,
  focus: number,
  powers,
  orbs: z.array(z.looseObject({ name: text, orb_id: text })).nullish(),
  draw_cards: pileCards,
  discard_cards: pileCards,
  exhaust_cards: pileCards,
  draw_pile_count: number,
  discard_pile_count: number,
  exhaust_pile_count: number,
});

const combat = z.looseObject({
  player: player.nullish(),
  hand: z.array(card).nullish(),
  enemies: z.array(enemy).nullish(),
});

const run = z.looseObject({
  character_id: text,
  character_name: text,
  floor: number,
  act: number,
  current_hp: number,
  max_hp: number,
  gold: number,
  max_energy: number,
  deck: z.array(card).nullish(),
  relics: z.array(relic).nullish(),
  potions: z.array(potion).nullish(),
  boss_id: text,
  boss_name: text,
});

export const stateViewSchema = z.looseObject({
  screen: text,
  act: number,
  floor: number,
  turn: number,
  combat_type: text,
  boss_encounter_id: text,
  available_actions: z.array(z.string()).nullish(),
  combat: combat.nullish(),
  run: run.nullish(),
});

/**
 * The state as the renderer reads it. Throws `SpireError('STATE_MALFORMED')` naming the first wrongly
 * typed fields (`details.issues`: `{path, message, received}`), e.g. `$.combat.hand: expected array`.
 */
export function parseStateView(state: unknown, source = 'game state'): Record<string, unknown> {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) {
    throw new SpireError(
      'STATE_MALFORMED',
      `The ${source} is ${state === null ? 'null' : Array.isArray(state) ? 'an array' : typeof state}, not an object. Pass a game state as the StS2 mod's GET /state returns it.`,
      { details: { source, issues: [{ path: '$', message: 'expected an object' }] } },
    );
  }
  const result = stateViewSchema.safeParse(state);
  if (result.success) return state as Record<string, unknown>;
  throw stateMalformedError(
    state,
    result.error,
    source,
    'Fix the state (a list must be a JSON array of objects), or check that the mod and spire versions match.',
  );
}
