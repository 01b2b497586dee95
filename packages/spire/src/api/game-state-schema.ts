import { z } from 'zod';
import type { GameState } from './game-state.js';
import { stateMalformedError } from './state-malformed-error.js';

/**
 * Zod schemas for `GameState`, used where states are untrusted (bridge payloads, files). Lenient on
 * unknown extra fields (the mod adds fields over versions: they pass through untouched), strict on the
 * fields spire relies on: required fields must be present with the right type.
 */

const integer = z.number().int();
const optional = <T extends z.ZodType>(schema: T) => schema.exactOptional();
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();
const optionalNullable = <T extends z.ZodType>(schema: T) => schema.nullable().exactOptional();
const passthroughRecord = z.record(z.string(), z.unknown());

/** Zod schema of `DynamicValue` (a loose object: fields the mod adds later pass through). */
export const dynamicValueSchema = z.looseObject({
  name: z.string(),
  base_value: z.number(),
  current_value: z.number(),
  enchanted_value: optionalNullable(z.number()),
  is_modified: optional(z.boolean()),
  was_just_upgraded: optional(z.boolean()),
});

/** Zod schema of `Power` (a loose object: fields the mod adds later pass through). */
export const powerSchema = z.looseObject({
  index: integer,
  power_id: z.string(),
  name: z.string(),
  amount: nullable(z.number()),
  is_debuff: z.boolean(),
  description: optional(z.string()),
});

/** Zod schema of `GeneratedCard` (a loose object: fields the mod adds later pass through). */
export const generatedCardSchema = z.looseObject({
  card_id: z.string(),
  name: z.string(),
  upgraded: z.boolean(),
  card_type: z.string(),
  energy_cost: integer,
  rules_text: z.string(),
  keywords: optional(z.array(z.string())),
});

const cardViewShape = {
  index: integer,
  card_id: z.string(),
  name: z.string(),
  upgraded: z.boolean(),
  card_type: z.string(),
  rarity: optional(z.string()),
  energy_cost: integer,
  costs_x: z.boolean(),
  star_cost: optional(integer),
  star_costs_x: optional(z.boolean()),
  rules_text: z.string(),
  resolved_rules_text: optional(z.string()),
  dynamic_values: optional(z.array(dynamicValueSchema)),
  keywords: optional(z.array(z.string())),
  generated_cards: optional(z.array(generatedCardSchema)),
};

/** Zod schema of `CardView` (a loose object: fields the mod adds later pass through). */
export const cardViewSchema = z.looseObject(cardViewShape);

/** Zod schema of `DeckCard` (a loose object: fields the mod adds later pass through). */
export const deckCardSchema = z.looseObject({
  ...cardViewShape,
  rarity: z.string(),
  enchantment_id: optionalNullable(z.string()),
  enchantment_name: optionalNullable(z.string()),
});

/** Zod schema of `TargetPreview` (a loose object: fields the mod adds later pass through). */
export const targetPreviewSchema = z.looseObject({
  target_index: integer,
  damage: z.number(),
  hits: integer,
  total_damage: z.number(),
});

/** Zod schema of `HandCard` (a loose object: fields the mod adds later pass through). */
export const handCardSchema = z.looseObject({
  ...cardViewShape,
  playable: z.boolean(),
  unplayable_reason: optionalNullable(z.string()),
  target_type: z.string(),
  requires_target: z.boolean(),
  target_index_space: optionalNullable(z.string()),
  valid_target_indices: z.array(integer),
  damage: optionalNullable(z.number()),
  block: optionalNullable(z.number()),
  hits: optionalNullable(integer),
  total_damage: optionalNullable(z.number()),
  replay: optionalNullable(integer),
  target_previews: optionalNullable(z.array(targetPreviewSchema)),
  enchantment_id: optionalNullable(z.string()),
  enchantment_name: optionalNullable(z.string()),
});

/** Zod schema of `PileCard` (a loose object: fields the mod adds later pass through). */
export const pileCardSchema = z.looseObject({
  card_id: z.string(),
  upgraded: z.boolean(),
  card_type: z.string(),
  name: optional(z.string()),
});

/** Zod schema of `Orb` (a loose object: fields the mod adds later pass through). */
export const orbSchema = z.looseObject({
  slot_index: integer,
  orb_id: z.string(),
  name: z.string(),
  passive_value: z.number(),
  evoke_value: z.number(),
  is_front: optional(z.boolean()),
});

/** Zod schema of `CombatPlayer` (a loose object: fields the mod adds later pass through). */
export const combatPlayerSchema = z.looseObject({
  current_hp: integer,
  max_hp: integer,
  block: integer,
  energy: integer,
  powers: z.array(powerSchema),
  stars: optional(integer),
  focus: optional(integer),
  base_orb_slots: optional(integer),
  orb_capacity: optional(integer),
  empty_orb_slots: optional(integer),
  orbs: optional(z.array(orbSchema)),
  draw_cards: optional(z.array(pileCardSchema)),
  discard_cards: optional(z.array(pileCardSchema)),
  exhaust_cards: optional(z.array(pileCardSchema)),
  cards_played_this_turn: optional(integer),
  attacks_played_this_turn: optional(integer),
  skills_played_this_turn: optional(integer),
});

/** Zod schema of `PlayerSummary` (a loose object: fields the mod adds later pass through). */
export const playerSummarySchema = z.looseObject({
  player_id: z.string(),
  slot_index: integer,
  is_local: z.boolean(),
  is_connected: optional(z.boolean()),
  character_id: z.string(),
  character_name: optional(z.string()),
  current_hp: integer,
  max_hp: integer,
  is_alive: z.boolean(),
  block: optional(integer),
  energy: optional(integer),
  stars: optional(integer),
  focus: optional(integer),
  gold: optional(integer),
});

/** Zod schema of `Intent` (a loose object: fields the mod adds later pass through). */
export const intentSchema = z.looseObject({
  index: integer,
  intent_type: z.string(),
  label: optionalNullable(z.string()),
  damage: nullable(z.number()),
  hits: nullable(integer),
  total_damage: nullable(z.number()),
  status_card_count: optionalNullable(integer),
});

/** Zod schema of `Enemy` (a loose object: fields the mod adds later pass through). */
export const enemySchema = z.looseObject({
  index: integer,
  enemy_id: z.string(),
  name: z.string(),
  current_hp: integer,
  max_hp: integer,
  block: integer,
  is_alive: z.boolean(),
  is_hittable: z.boolean(),
  is_half_dead: optional(z.boolean()),
  powers: z.array(powerSchema),
  intent: optionalNullable(z.string()),
  move_id: optionalNullable(z.string()),
  intents: z.array(intentSchema),
});

/** Zod schema of `CombatState` (a loose object: fields the mod adds later pass through). */
export const combatStateSchema = z.looseObject({
  player: combatPlayerSchema,
  players: optional(z.array(playerSummarySchema)),
  hand: z.array(handCardSchema),
  enemies: z.array(enemySchema),
  end_turn_will_kill_player: optional(z.boolean()),
});

/** Zod schema of `Relic` (a loose object: fields the mod adds later pass through). */
export const relicSchema = z.looseObject({
  index: integer,
  relic_id: z.string(),
  name: z.string(),
  description: nullable(z.string()),
  counter: optionalNullable(z.number()),
  stack: optionalNullable(z.number()),
  is_melted: optional(z.boolean()),
  rarity: optionalNullable(z.string()),
});

/** Zod schema of `Potion` (a loose object: fields the mod adds later pass through). */
export const potionSchema = z.looseObject({
  index: integer,
  potion_id: nullable(z.string()),
  name: nullable(z.string()),
  description: optionalNullable(z.string()),
  rarity: optionalNullable(z.string()),
  occupied: z.boolean(),
  usage: optionalNullable(z.string()),
  target_type: optionalNullable(z.string()),
  is_queued: optional(z.boolean()),
  requires_target: z.boolean(),
  target_index_space: optionalNullable(z.string()),
  valid_target_indices: optional(z.array(integer)),
  can_use: z.boolean(),
  can_discard: z.boolean(),
});

/** Zod schema of `AscensionEffect` (a loose object: fields the mod adds later pass through). */
export const ascensionEffectSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});

/** Zod schema of `RunState` (a loose object: fields the mod adds later pass through). */
export const runStateSchema = z.looseObject({
  character_id: z.string(),
  character_name: optional(z.string()),
  floor: integer,
  act: optional(integer),
  ascension: optional(integer),
  ascension_effects: optional(z.array(ascensionEffectSchema)),
  current_hp: integer,
  max_hp: integer,
  gold: integer,
  max_energy: optional(integer),
  base_orb_slots: optional(integer),
  deck: z.array(deckCardSchema),
  relics: z.array(relicSchema),
  potions: z.array(potionSchema),
  players: optional(z.array(playerSummarySchema)),
  act_id: optionalNullable(z.string()),
  boss_id: optionalNullable(z.string()),
});

/** Zod schema of `MapCoord` (a loose object: fields the mod adds later pass through). */
export const mapCoordSchema = z.looseObject({ row: integer, col: integer });

/** Zod schema of `AvailableMapNode` (a loose object: fields the mod adds later pass through). */
export const availableMapNodeSchema = z.looseObject({
  index: integer,
  row: integer,
  col: integer,
  node_type: z.string(),
  state: z.string(),
});

/** Zod schema of `MapNode` (a loose object: fields the mod adds later pass through). */
export const mapNodeSchema = z.looseObject({
  row: integer,
  col: integer,
  node_type: z.string(),
  state: z.string(),
  visited: z.boolean(),
  is_current: z.boolean(),
  is_available: z.boolean(),
  is_start: optional(z.boolean()),
  is_boss: optional(z.boolean()),
  is_second_boss: optional(z.boolean()),
  parents: z.array(mapCoordSchema),
  children: z.array(mapCoordSchema),
});

/** Zod schema of `MapState` (a loose object: fields the mod adds later pass through). */
export const mapStateSchema = z.looseObject({
  current_node: nullable(mapCoordSchema),
  rows: integer,
  cols: integer,
  available_nodes: z.array(availableMapNodeSchema),
  nodes: z.array(mapNodeSchema),
  starting_node: optionalNullable(mapCoordSchema),
  boss_node: optionalNullable(mapCoordSchema),
  second_boss_node: optionalNullable(mapCoordSchema),
  is_travel_enabled: optional(z.boolean()),
  is_traveling: optional(z.boolean()),
  map_generation_count: optional(integer),
});

/** Zod schema of `RewardItem` (a loose object: fields the mod adds later pass through). */
export const rewardItemSchema = z.looseObject({
  index: integer,
  reward_type: z.string(),
  description: z.string(),
  claimable: z.boolean(),
});

/** Zod schema of `RewardAlternative` (a loose object: fields the mod adds later pass through). */
export const rewardAlternativeSchema = z.looseObject({ index: integer, label: z.string() });

/** Zod schema of `RewardState` (a loose object: fields the mod adds later pass through). */
export const rewardStateSchema = z.looseObject({
  pending_card_choice: z.boolean(),
  can_proceed: z.boolean(),
  rewards: z.array(rewardItemSchema),
  card_options: z.array(cardViewSchema),
  alternatives: z.array(rewardAlternativeSchema),
});

/** Zod schema of `SelectionCard` (a loose object: fields the mod adds later pass through). */
export const selectionCardSchema = z.looseObject({
  ...cardViewShape,
  stable_id: optional(z.string()),
  is_selected: optional(z.boolean()),
  is_selectable: optional(z.boolean()),
  upgrade_preview_description: optionalNullable(z.string()),
  upgrade_preview_cost: optionalNullable(integer),
});

/** Zod schema of `SelectionState` (a loose object: fields the mod adds later pass through). */
export const selectionStateSchema = z.looseObject({
  kind: z.string(),
  prompt: z.string(),
  cards: z.array(selectionCardSchema),
  min_select: optional(integer),
  max_select: optional(integer),
  selected_count: optional(integer),
  requires_confirmation: optional(z.boolean()),
  can_confirm: optional(z.boolean()),
  selected_cards: optional(z.array(selectionCardSchema)),
});

/** Zod schema of `CardsViewState` (a loose object: fields the mod adds later pass through). */
export const cardsViewStateSchema = z.looseObject({
  title: z.string(),
  cards: z.array(selectionCardSchema),
});

/** Zod schema of `ShopCard` (a loose object: fields the mod adds later pass through). */
export const shopCardSchema = z.looseObject({
  ...cardViewShape,
  price: integer,
  is_stocked: z.boolean(),
  enough_gold: z.boolean(),
  on_sale: optional(z.boolean()),
  category: optional(z.string()),
});

/** Zod schema of `ShopRelic` (a loose object: fields the mod adds later pass through). */
export const shopRelicSchema = z.looseObject({
  index: integer,
  relic_id: z.string(),
  name: z.string(),
  description: optionalNullable(z.string()),
  rarity: optional(z.string()),
  price: integer,
  is_stocked: z.boolean(),
  enough_gold: z.boolean(),
});

/** Zod schema of `ShopPotion` (a loose object: fields the mod adds later pass through). */
export const shopPotionSchema = z.looseObject({
  index: integer,
  potion_id: nullable(z.string()),
  name: nullable(z.string()),
  description: optionalNullable(z.string()),
  rarity: optionalNullable(z.string()),
  usage: optionalNullable(z.string()),
  price: integer,
  is_stocked: z.boolean(),
  enough_gold: z.boolean(),
});

/** Zod schema of `ShopCardRemoval` (a loose object: fields the mod adds later pass through). */
export const shopCardRemovalSchema = z.looseObject({
  price: integer,
  available: z.boolean(),
  used: optional(z.boolean()),
  enough_gold: optional(z.boolean()),
});

/** Zod schema of `ShopState` (a loose object: fields the mod adds later pass through). */
export const shopStateSchema = z.looseObject({
  is_open: z.boolean(),
  can_open: z.boolean(),
  can_close: z.boolean(),
  cards: z.array(shopCardSchema),
  relics: z.array(shopRelicSchema),
  potions: z.array(shopPotionSchema),
  card_removal: nullable(shopCardRemovalSchema),
});

/** Zod schema of `RestOption` (a loose object: fields the mod adds later pass through). */
export const restOptionSchema = z.looseObject({
  index: integer,
  option_id: z.string(),
  title: z.string(),
  description: z.string(),
  is_enabled: z.boolean(),
});

/** Zod schema of `RestState` (a loose object: fields the mod adds later pass through). */
export const restStateSchema = z.looseObject({ options: z.array(restOptionSchema) });

/** Zod schema of `EventOption` (a loose object: fields the mod adds later pass through). */
export const eventOptionSchema = z.looseObject({
  index: integer,
  text_key: optional(z.string()),
  title: z.string(),
  description: z.string(),
  is_locked: z.boolean(),
  is_proceed: z.boolean(),
  will_kill_player: optional(z.boolean()),
  has_relic_preview: optional(z.boolean()),
});

/** Zod schema of `EventState` (a loose object: fields the mod adds later pass through). */
export const eventStateSchema = z.looseObject({
  event_id: z.string(),
  title: z.string(),
  description: z.string(),
  is_finished: z.boolean(),
  options: z.array(eventOptionSchema),
});

/** Zod schema of `ChestRelicOption` (a loose object: fields the mod adds later pass through). */
export const chestRelicOptionSchema = z.looseObject({
  index: integer,
  relic_id: z.string(),
  name: z.string(),
  rarity: optional(z.string()),
  description: optionalNullable(z.string()),
});

/** Zod schema of `ChestState` (a loose object: fields the mod adds later pass through). */
export const chestStateSchema = z.looseObject({
  is_opened: z.boolean(),
  has_relic_been_claimed: z.boolean(),
  relic_options: z.array(chestRelicOptionSchema),
});

/** Zod schema of `CharacterOption` (a loose object: fields the mod adds later pass through). */
export const characterOptionSchema = z.looseObject({
  index: integer,
  character_id: z.string(),
  name: z.string(),
  is_locked: z.boolean(),
  is_selected: z.boolean(),
  is_random: optional(z.boolean()),
});

/** Zod schema of `CharacterSelectState` (a loose object: fields the mod adds later pass through). */
export const characterSelectStateSchema = z.looseObject({
  selected_character_id: nullable(z.string()),
  can_embark: z.boolean(),
  ascension: integer,
  max_ascension: optional(integer),
  seed: optionalNullable(z.string()),
  characters: z.array(characterOptionSchema),
});

/** Zod schema of `ModalState` (a loose object: fields the mod adds later pass through). */
export const modalStateSchema = z.looseObject({
  type_name: z.string(),
  underlying_screen: optionalNullable(z.string()),
  can_confirm: z.boolean(),
  can_dismiss: z.boolean(),
  confirm_label: optionalNullable(z.string()),
  dismiss_label: optionalNullable(z.string()),
});

/** Zod schema of `GameOverState` (a loose object: fields the mod adds later pass through). */
export const gameOverStateSchema = z.looseObject({
  is_victory: z.boolean(),
  floor: nullable(integer),
  character_id: nullable(z.string()),
  can_continue: z.boolean(),
  can_return_to_main_menu: z.boolean(),
  showing_summary: optional(z.boolean()),
  phase: optional(z.string()),
  act: optionalNullable(integer),
  score: optionalNullable(z.number()),
});

/** Zod schema of `CardBundle` (a loose object: fields the mod adds later pass through). */
export const cardBundleSchema = z.looseObject({ index: integer, cards: z.array(cardViewSchema) });

/** Zod schema of `Session` (a loose object: fields the mod adds later pass through). */
export const sessionSchema = z.looseObject({
  mode: z.string(),
  phase: z.string(),
  control_scope: z.string(),
});

/** The screen payload an advertised action takes its parameters from: advertising it without one is malformed. */
const PAYLOAD_OF_ACTION: Readonly<Record<string, keyof GameState>> = {
  play_card: 'combat',
  end_turn: 'combat',
  choose_map_node: 'map',
  claim_reward: 'reward',
  choose_reward_card: 'reward',
  skip_reward_cards: 'reward',
  select_deck_card: 'selection',
  choose_treasure_relic: 'chest',
  choose_event_option: 'event',
  choose_rest_option: 'rest',
  buy_card: 'shop',
  buy_relic: 'shop',
  buy_potion: 'shop',
  remove_card_at_shop: 'shop',
  use_potion: 'run',
  discard_potion: 'run',
};

/** Zod schema of `GameState` (a loose object: fields the mod adds later pass through). */
export const gameStateSchema = z
  .looseObject({
    state_version: integer,
    run_id: optional(z.string()),
    screen: z.string(),
    session: optional(sessionSchema),
    in_combat: z.boolean(),
    turn: optionalNullable(integer),
    combat_type: optionalNullable(z.string()),
    boss_stage: optionalNullable(z.string()),
    is_final_boss: optional(z.boolean()),
    act: optionalNullable(integer),
    boss_encounter_id: optionalNullable(z.string()),
    second_boss_encounter_id: optionalNullable(z.string()),
    available_actions: z.array(z.string()),
    combat: optionalNullable(combatStateSchema),
    run: optionalNullable(runStateSchema),
    map: optionalNullable(mapStateSchema),
    reward: optionalNullable(rewardStateSchema),
    selection: optionalNullable(selectionStateSchema),
    cards_view: optionalNullable(cardsViewStateSchema),
    character_select: optionalNullable(characterSelectStateSchema),
    chest: optionalNullable(chestStateSchema),
    event: optionalNullable(eventStateSchema),
    shop: optionalNullable(shopStateSchema),
    rest: optionalNullable(restStateSchema),
    modal: optionalNullable(modalStateSchema),
    game_over: optionalNullable(gameOverStateSchema),
    bundles: optionalNullable(z.array(cardBundleSchema)),
    crystal_sphere: optionalNullable(passthroughRecord),
    timeline: optionalNullable(passthroughRecord),
    multiplayer: optionalNullable(passthroughRecord),
    multiplayer_lobby: optionalNullable(passthroughRecord),
    agent_view: optionalNullable(passthroughRecord),
  })
  .superRefine((state, context) => {
    for (const action of state.available_actions) {
      const payload = PAYLOAD_OF_ACTION[action];
      if (payload !== undefined && (state[payload] === undefined || state[payload] === null)) {
        context.addIssue({
          code: 'custom',
          path: [payload],
          message: `'${action}' is in available_actions but '${payload}' is missing`,
        });
      }
    }
  });

// Compile-time guard: whatever the schema accepts is a GameState (fails to type-check if the two drift).
type Assignable<T extends GameState> = T;
/** What `gameStateSchema` outputs; checked at compile time to be a `GameState`. */
export type ParsedGameState = Assignable<z.output<typeof gameStateSchema>>;

/**
 * Validates an untrusted state. Throws `SpireError('STATE_MALFORMED')` naming the first bad field paths
 * (`details.issues` lists up to 20 as `{path, message}`); `source` says where the state came from.
 */
export function parseGameState(input: unknown, source = 'game state'): GameState {
  const result = gameStateSchema.safeParse(input);
  if (result.success) return result.data;
  throw stateMalformedError(
    input,
    result.error,
    source,
    'The state may be truncated or come from an incompatible mod version; check that the mod and spire versions match.',
  );
}
