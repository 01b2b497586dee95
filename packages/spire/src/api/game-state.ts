/**
 * The game state as plain JSON, in the shape of the Slay the Spire 2 agent mod's `GET /state`
 * (state_version 10/11, snake_case). The simulator emits it, both bridges translate into it, and the
 * agent renders it, so one agent drives the simulator and the real games alike.
 *
 * Rules of this file: fields are added, never renamed. Required fields are the ones the real mod always
 * sends and the agent relies on; optional ones are sent by some mod versions or screens only. The
 * simulator should fill every field it can (optional included) so its states look like the real game's.
 * Open string unions (`KnownX | (string & {})`) list the documented values and still accept new ones.
 */

/** Screens documented by the mod. `UNKNOWN` is what the mod reports for a screen it cannot name. */
export type KnownScreen =
  | 'MAIN_MENU'
  | 'CHARACTER_SELECT'
  | 'MAP'
  | 'COMBAT'
  | 'EVENT'
  | 'SHOP'
  | 'REST'
  | 'REWARD'
  | 'CHEST'
  | 'CARD_SELECTION'
  | 'CARDS_VIEW'
  | 'BUNDLE_SELECTION'
  | 'CRYSTAL_SPHERE'
  | 'MODAL'
  | 'GAME_OVER'
  | 'TIMELINE'
  | 'UNKNOWN';
/** The screen a state is on: one spire knows, or any other name the mod reports. */
export type Screen = KnownScreen | (string & {});

/** A card's type (the mod may report others). */
export type CardType = 'Attack' | 'Skill' | 'Power' | 'Status' | 'Curse' | (string & {});
/** A card's rarity (the mod may report others). */
export type CardRarity =
  | 'Basic'
  | 'Starter'
  | 'Common'
  | 'Uncommon'
  | 'Rare'
  | 'Special'
  | 'Curse'
  | 'Event'
  | 'Ancient'
  | (string & {});
/** Who a card or potion hits. `AnyEnemy` needs a `target_index`; the others do not. */
export type TargetType =
  | 'None'
  | 'Self'
  | 'AnyEnemy'
  | 'AllEnemies'
  | 'RandomEnemy'
  | 'AnyPlayer'
  | 'AnyAlly'
  | (string & {});
/** Why a card in hand cannot be played now. */
export type UnplayableReason =
  | 'not_enough_energy'
  | 'not_enough_stars'
  | 'no_living_allies'
  | 'blocked_by_hook'
  | 'unplayable'
  | 'unsupported_target_type'
  | (string & {});
/** What an enemy intends to do next. An `Attack` intent carries `damage`, `hits` and `total_damage`. */
export type IntentType =
  | 'Attack'
  | 'Defend'
  | 'Buff'
  | 'Debuff'
  | 'Heal'
  | 'StatusCard'
  | 'Summon'
  | 'Stun'
  | 'Sleep'
  | 'Escape'
  | 'DeathBlow'
  | 'Unknown'
  | (string & {});
/** The kind of room a map node is. */
export type MapNodeType =
  | 'Monster'
  | 'Elite'
  | 'Boss'
  | 'Rest'
  | 'Shop'
  | 'Event'
  | 'Treasure'
  | 'Ancient'
  | 'Unknown'
  | (string & {});
/** The kind of a reward on the reward screen. */
export type RewardType =
  | 'Gold'
  | 'Card'
  | 'Potion'
  | 'Relic'
  | 'RemoveCard'
  | 'SpecialCard'
  | 'LinkedRewardSet'
  | (string & {});
/** The id of a rest site option. */
export type RestOptionId = 'HEAL' | 'SMITH' | 'LIFT' | 'DIG' | 'RECALL' | 'TOKE' | 'MEND' | (string & {});
/** What a card selection screen is for. */
export type SelectionKind =
  | 'deck_card_select'
  | 'deck_upgrade_select'
  | 'deck_transform_select'
  | 'deck_enchant_select'
  | 'combat_hand_select'
  | (string & {});
/** The kind of the current combat. */
export type CombatType = 'monster' | 'elite' | 'boss' | (string & {});

/**
 * A number shown on a card (`Damage`, `Block`, `Cards`, `Repeat`...) before and after modifiers. In
 * the hand, `current_value` is after the player's modifiers (Strength, Weak, Dexterity, Frail...)
 * and before the target's; `is_modified` when it differs from `base_value`.
 */
export interface DynamicValue {
  name: string;
  /** The card's own number (upgrades and in-combat growth counted, enchantment not). */
  base_value: number;
  current_value: number;
  /** `base_value` with the card's enchantment (Sharp 2 on a 14: 16). */
  enchanted_value?: number | null;
  is_modified?: boolean;
  was_just_upgraded?: boolean;
}

/** A buff or debuff on the player or an enemy (`STRENGTH_POWER`, `VULNERABLE_POWER`, ...). */
export interface Power {
  index: number;
  power_id: string;
  name: string;
  /** Stacks; null for powers without an amount. */
  amount: number | null;
  is_debuff: boolean;
  description?: string;
}

/** A card another card creates when played (Blade Dance -> Shiv). */
export interface GeneratedCard {
  card_id: string;
  name: string;
  upgraded: boolean;
  card_type: CardType;
  energy_cost: number;
  rules_text: string;
  keywords?: string[];
}

/**
 * Fields every card view shares (deck, hand, reward, shop, selection). `rules_text` is the card's plain
 * rules; `resolved_rules_text` the same text with current numbers filled in (strength, upgrades).
 */
export interface CardView {
  index: number;
  card_id: string;
  name: string;
  upgraded: boolean;
  card_type: CardType;
  rarity?: CardRarity;
  /** Energy cost after modifiers; -1 with `costs_x` for X-cost cards. */
  energy_cost: number;
  costs_x: boolean;
  star_cost?: number;
  star_costs_x?: boolean;
  rules_text: string;
  resolved_rules_text?: string;
  dynamic_values?: DynamicValue[];
  /** Keyword names (`Exhaust`, `Ethereal`, `Innate`, `Retain`, ...); a spire extension the mod keeps in agent_view. */
  keywords?: string[];
  generated_cards?: GeneratedCard[];
}

/** One card in the run's deck (`run.deck[]`). */
export interface DeckCard extends CardView {
  rarity: CardRarity;
  enchantment_id?: string | null;
  enchantment_name?: string | null;
}

/** Damage a targeted card would deal to one enemy, after all modifiers. */
export interface TargetPreview {
  target_index: number;
  damage: number;
  hits: number;
  total_damage: number;
}

/** One card in hand (`combat.hand[]`); `index` is the `card_index` of `play_card`. */
export interface HandCard extends CardView {
  playable: boolean;
  unplayable_reason?: UnplayableReason | null;
  target_type: TargetType;
  /** When true, `play_card` needs a `target_index` from `valid_target_indices`. */
  requires_target: boolean;
  target_index_space?: string | null;
  valid_target_indices: number[];
  /**
   * StS2: the card's own damage and Block (`base_value` of `Damage`/`Block`, no enchantment nor
   * modifier; the number after the player's modifiers is `current_value` in `dynamic_values`, see
   * cardCurrentValue), `total_damage` = `damage` x `hits`. StS1 (no `dynamic_values`): after the
   * player's modifiers. Null for cards without that number.
   */
  damage?: number | null;
  block?: number | null;
  hits?: number | null;
  total_damage?: number | null;
  replay?: number | null;
  /** The damage per enemy after the player's and the target's modifiers (the real StS2 mod leaves some null). */
  target_previews?: TargetPreview[] | null;
  /** StS2: the card's enchantment, as the deck's cards name it (DeckCard). */
  enchantment_id?: string | null;
  enchantment_name?: string | null;
}

/** A card in the draw, discard or exhaust pile (order of the draw pile is not meaningful). */
export interface PileCard {
  card_id: string;
  upgraded: boolean;
  card_type: CardType;
  /** Display name; a spire extension (the mod sends ids only). */
  name?: string;
}

/** An orb in one of the player's orb slots (Defect). */
export interface Orb {
  slot_index: number;
  orb_id: string;
  name: string;
  passive_value: number;
  evoke_value: number;
  is_front?: boolean;
}

/** The local player in combat. */
export interface CombatPlayer {
  current_hp: number;
  max_hp: number;
  block: number;
  energy: number;
  powers: Power[];
  stars?: number;
  focus?: number;
  base_orb_slots?: number;
  orb_capacity?: number;
  empty_orb_slots?: number;
  orbs?: Orb[];
  draw_cards?: PileCard[];
  discard_cards?: PileCard[];
  exhaust_cards?: PileCard[];
  cards_played_this_turn?: number;
  attacks_played_this_turn?: number;
  skills_played_this_turn?: number;
  /** Spire extension (StS2 ruleset): the player's companions (the Necrobinder's Osty). */
  summons?: Summon[];
}

/** A companion creature of the player (spire extension). */
export interface Summon {
  summon_id: string;
  name: string;
  current_hp: number;
  max_hp: number;
  is_alive: boolean;
}

/** One player of the party (single player: exactly one, `is_local: true`). */
export interface PlayerSummary {
  player_id: string;
  slot_index: number;
  is_local: boolean;
  is_connected?: boolean;
  character_id: string;
  character_name?: string;
  current_hp: number;
  max_hp: number;
  is_alive: boolean;
  block?: number;
  energy?: number;
  stars?: number;
  focus?: number;
  gold?: number;
}

/** One part of an enemy's next move, in the order the game shows them. */
export interface Intent {
  index: number;
  intent_type: IntentType;
  /** Text the game shows, e.g. `7` or `5x2`; may carry markup. */
  label?: string | null;
  /** Damage per hit after all modifiers (strength, weak, vulnerable); null when not attacking. */
  damage: number | null;
  hits: number | null;
  total_damage: number | null;
  status_card_count?: number | null;
}

/** One enemy (`combat.enemies[]`); `index` is the `target_index` of `play_card` and `use_potion`. */
export interface Enemy {
  index: number;
  enemy_id: string;
  name: string;
  current_hp: number;
  max_hp: number;
  block: number;
  is_alive: boolean;
  is_hittable: boolean;
  /** Spire extension: down but not gone (StS1's half-dead Awakened One or Darkling); it takes its turn to rise. */
  is_half_dead?: boolean;
  powers: Power[];
  /** Legacy alias of `move_id`. */
  intent?: string | null;
  move_id?: string | null;
  intents: Intent[];
}

/** The combat part of a state: the player, the enemies and the piles. */
export interface CombatState {
  player: CombatPlayer;
  players?: PlayerSummary[];
  hand: HandCard[];
  enemies: Enemy[];
  end_turn_will_kill_player?: boolean;
}

/** A relic the player holds. */
export interface Relic {
  index: number;
  relic_id: string;
  name: string;
  description: string | null;
  /** Counter shown on the relic (e.g. attacks played toward the next trigger). */
  counter?: number | null;
  stack?: number | null;
  is_melted?: boolean;
  rarity?: string | null;
}

/** A potion slot (`run.potions[]`); empty slots have `occupied: false` and null ids. */
export interface Potion {
  index: number;
  potion_id: string | null;
  name: string | null;
  description?: string | null;
  rarity?: string | null;
  occupied: boolean;
  /** `CombatOnly` or `AnyTime`. */
  usage?: string | null;
  target_type?: TargetType | null;
  is_queued?: boolean;
  requires_target: boolean;
  target_index_space?: string | null;
  valid_target_indices?: number[];
  can_use: boolean;
  can_discard: boolean;
}

/** An ascension modifier in effect. */
export interface AscensionEffect {
  id: string;
  name: string;
  description: string;
}

/** The run part of a state: character, HP, gold, deck, relics, potions, floor and act. */
export interface RunState {
  character_id: string;
  character_name?: string;
  /** Floor number over the whole run (1-based; 0 before the first room). */
  floor: number;
  /** Act number (1-based). The mod reports it at the top level (`GameState.act`); spire fills both. */
  act?: number;
  ascension?: number;
  ascension_effects?: AscensionEffect[];
  current_hp: number;
  max_hp: number;
  gold: number;
  max_energy?: number;
  base_orb_slots?: number;
  deck: DeckCard[];
  relics: Relic[];
  potions: Potion[];
  players?: PlayerSummary[];
  act_id?: string | null;
  boss_id?: string | null;
}

/** A map position. */
export interface MapCoord {
  row: number;
  col: number;
}

/** A node reachable now; `index` is the `option_index` of `choose_map_node`. */
export interface AvailableMapNode {
  index: number;
  row: number;
  col: number;
  node_type: MapNodeType;
  state: string;
}

/** A node of the whole act map, with its edges, for route planning. */
export interface MapNode {
  row: number;
  col: number;
  node_type: MapNodeType;
  state: string;
  visited: boolean;
  is_current: boolean;
  is_available: boolean;
  is_start?: boolean;
  is_boss?: boolean;
  is_second_boss?: boolean;
  parents: MapCoord[];
  children: MapCoord[];
}

/** The act map: the nodes, their links and where the player is. */
export interface MapState {
  current_node: MapCoord | null;
  rows: number;
  cols: number;
  available_nodes: AvailableMapNode[];
  nodes: MapNode[];
  starting_node?: MapCoord | null;
  boss_node?: MapCoord | null;
  second_boss_node?: MapCoord | null;
  is_travel_enabled?: boolean;
  is_traveling?: boolean;
  map_generation_count?: number;
}

/** A reward button; `index` is the `option_index` of `claim_reward`. */
export interface RewardItem {
  index: number;
  reward_type: RewardType;
  description: string;
  claimable: boolean;
}

/** A card offered after `claim_reward` opened a card reward; `index` is `choose_reward_card`'s `option_index`. */
export interface RewardCardOption extends CardView {}

/** Another way to take a reward (e.g. an alternative to the cards offered). */
export interface RewardAlternative {
  index: number;
  label: string;
}

/** The reward screen after a combat. */
export interface RewardState {
  /** True while the card-choice overlay is open (then `choose_reward_card` / `skip_reward_cards`). */
  pending_card_choice: boolean;
  can_proceed: boolean;
  rewards: RewardItem[];
  card_options: RewardCardOption[];
  alternatives: RewardAlternative[];
}

/** A card offered on a selection screen; `index` is the `option_index` of `select_deck_card`. */
export interface SelectionCard extends CardView {
  stable_id?: string;
  is_selected?: boolean;
  is_selectable?: boolean;
  upgrade_preview_description?: string | null;
  upgrade_preview_cost?: number | null;
}

/** Choosing cards from the deck or hand (remove, upgrade, transform, exhaust, discard...). */
export interface SelectionState {
  kind: SelectionKind;
  prompt: string;
  cards: SelectionCard[];
  min_select?: number;
  max_select?: number;
  selected_count?: number;
  requires_confirmation?: boolean;
  can_confirm?: boolean;
  selected_cards?: SelectionCard[];
}

/** A read-only grid of cards (e.g. viewing a pile); closed with `close_cards_view`. */
export interface CardsViewState {
  title: string;
  cards: SelectionCard[];
}

export interface ShopCard extends CardView {
  price: number;
  /** Still on the shelf. */
  is_stocked: boolean;
  /** Stocked and affordable: this, not `is_stocked`, says whether `buy_card` can succeed now. */
  enough_gold: boolean;
  on_sale?: boolean;
  category?: string;
}

/** A relic for sale in the shop. */
export interface ShopRelic {
  index: number;
  relic_id: string;
  name: string;
  description?: string | null;
  rarity?: string;
  price: number;
  is_stocked: boolean;
  enough_gold: boolean;
}

/** A potion for sale in the shop. */
export interface ShopPotion {
  index: number;
  potion_id: string | null;
  name: string | null;
  description?: string | null;
  rarity?: string | null;
  usage?: string | null;
  price: number;
  is_stocked: boolean;
  enough_gold: boolean;
}

/** The shop's card removal service. */
export interface ShopCardRemoval {
  price: number;
  available: boolean;
  used?: boolean;
  enough_gold?: boolean;
}

/** The shop screen. */
export interface ShopState {
  /** Whether the merchant's inventory panel is open (`open_shop_inventory` first). */
  is_open: boolean;
  can_open: boolean;
  can_close: boolean;
  cards: ShopCard[];
  relics: ShopRelic[];
  potions: ShopPotion[];
  card_removal: ShopCardRemoval | null;
}

/** One option of a rest site. */
export interface RestOption {
  index: number;
  option_id: RestOptionId;
  title: string;
  description: string;
  is_enabled: boolean;
}

/** The rest site screen. */
export interface RestState {
  options: RestOption[];
}

/** One option of an event page. */
export interface EventOption {
  index: number;
  text_key?: string;
  title: string;
  description: string;
  is_locked: boolean;
  is_proceed: boolean;
  will_kill_player?: boolean;
  has_relic_preview?: boolean;
}

/** The event screen: the event, its page text and its options. */
export interface EventState {
  event_id: string;
  title: string;
  description: string;
  /** When finished only the proceed option (index 0) remains. */
  is_finished: boolean;
  options: EventOption[];
}

/** A relic offered by an opened chest. */
export interface ChestRelicOption {
  index: number;
  relic_id: string;
  name: string;
  rarity?: string;
  description?: string | null;
}

/** The treasure chest screen. */
export interface ChestState {
  is_opened: boolean;
  has_relic_been_claimed: boolean;
  relic_options: ChestRelicOption[];
}

/** A character offered on the character select screen. */
export interface CharacterOption {
  index: number;
  character_id: string;
  name: string;
  is_locked: boolean;
  is_selected: boolean;
  is_random?: boolean;
}

/** The character select screen. */
export interface CharacterSelectState {
  selected_character_id: string | null;
  can_embark: boolean;
  ascension: number;
  max_ascension?: number;
  seed?: string | null;
  characters: CharacterOption[];
}

/** A modal dialog in front of another screen. */
export interface ModalState {
  type_name: string;
  underlying_screen?: string | null;
  can_confirm: boolean;
  can_dismiss: boolean;
  confirm_label?: string | null;
  dismiss_label?: string | null;
}

/** The game over screen. */
export interface GameOverState {
  is_victory: boolean;
  floor: number | null;
  character_id: string | null;
  can_continue: boolean;
  can_return_to_main_menu: boolean;
  showing_summary?: boolean;
  /** `intro`, `summary_animating` or `summary_ready`. */
  phase?: string;
  /** Act reached; a spire extension. */
  act?: number | null;
  /** Score shown by the game, when it shows one (StS1); a spire extension. */
  score?: number | null;
}

/** A bundle of cards offered at the start of a run (StS2 Scroll Boxes); all its cards join the deck. */
export interface CardBundle {
  index: number;
  cards: CardView[];
}

/** The game session: single or multiplayer, its phase and players. */
export interface Session {
  /** `singleplayer` or `multiplayer`. */
  mode: string;
  /** `menu`, `character_select`, `multiplayer_lobby` or `run`. */
  phase: string;
  control_scope: string;
}

/** The whole state returned by `Game.state()` and `Game.act()`. */
export interface GameState {
  /** Version of the state model (the mod's; spire emits the newest it models). */
  state_version: number;
  run_id?: string;
  screen: Screen;
  session?: Session;
  in_combat: boolean;
  /** Combat turn (1-based); null outside combat. */
  turn?: number | null;
  combat_type?: CombatType | null;
  boss_stage?: string | null;
  is_final_boss?: boolean;
  act?: number | null;
  boss_encounter_id?: string | null;
  second_boss_encounter_id?: string | null;
  /** Action names legal on this screen. Parameters come from the screen payload (hand, options...). */
  available_actions: string[];
  combat?: CombatState | null;
  run?: RunState | null;
  map?: MapState | null;
  reward?: RewardState | null;
  selection?: SelectionState | null;
  cards_view?: CardsViewState | null;
  character_select?: CharacterSelectState | null;
  chest?: ChestState | null;
  event?: EventState | null;
  shop?: ShopState | null;
  rest?: RestState | null;
  modal?: ModalState | null;
  game_over?: GameOverState | null;
  bundles?: CardBundle[] | null;
  /** Payloads spire passes through without modelling them (multiplayer, mini-games, menus). */
  crystal_sphere?: Record<string, unknown> | null;
  timeline?: Record<string, unknown> | null;
  multiplayer?: Record<string, unknown> | null;
  multiplayer_lobby?: Record<string, unknown> | null;
  /** The mod's compact text rewrite of this state; the StS2 bridge drops it unless asked to keep it. */
  agent_view?: Record<string, unknown> | null;
}

/** The `state_version` the simulator emits: the version of the recorded real states this file is modelled on. */
export const GAME_STATE_VERSION = 10;

/** State versions this file models (10: the recorded snapshots; 11: the mod's current documentation). */
export const SUPPORTED_STATE_VERSIONS: readonly number[] = [10, 11];
