// The engine's internal run state: plain JSON, mutated in place by the rules and projected onto
// the API's GameState for agents. Optional fields are `null`, never absent, so serialisation is stable.
import type { RandomState } from './random.js';

/** A character id (the engine plays IRONCLAD and SILENT). */
export type CharacterId = 'IRONCLAD' | 'SILENT' | 'REGENT' | 'NECROBINDER' | 'DEFECT';

/** Which game's rules and content a run plays: Slay the Spire (`sts1`) or Slay the Spire 2 (`sts2`). */
export type Ruleset = 'sts1' | 'sts2';

/** StS2: an enchantment on a card (Sharp 3, Nimble 2...): its id and number, kept with the card. */
export interface CardEnchantment {
  id: string;
  amount: number;
}

/** A card in the deck. `uid` is unique within a run and survives into combat piles. */
export interface DeckCard {
  uid: number;
  id: string;
  upgraded: boolean;
  /**
   * StS2's enchantment of the card. Absent (not null) on a card without one, unlike the state's other
   * optional fields: StS1 runs never have one, and their saved runs and golden runs keep their shape.
   */
  enchantment?: CardEnchantment;
  /** StS2: won combats a card that leaves the deck after some (Guilty) has been through; absent otherwise. */
  combats?: number;
  /** StS2: damage the card gained for good (The Scythe); absent on every other card, as `enchantment`. */
  bonus?: number;
}

/** A card inside combat: a deck card (or a generated one) plus combat-only modifiers. */
export interface CombatCard extends DeckCard {
  /** Cost override for the rest of combat (e.g. set to 0), or null. */
  combatCost: number | null;
  /** Cost override until the card is played or the turn ends, or null. */
  turnCost: number | null;
  /** Extra damage gained during combat (Rampage-like growth). */
  bonus: number;
  /** Retain this card at the end of this turn only. */
  retainOnce: boolean;
  /** StS2: Ethereal given in combat (Music Box's copy, Ghost Seed's Strikes); absent otherwise. */
  ethereal?: boolean;
  /** StS2: Retain given in combat (Snap); absent otherwise. */
  retain?: boolean;
  /** StS2: Replay given in combat (Transfigure): the card is played this many extra times; absent otherwise. */
  replays?: number;
}

/** Powers by id with their amount; insertion order is deterministic. */
export type Powers = Record<string, number>;

export interface PlayerCombat {
  block: number;
  energy: number;
  /** StS2's second resource (the Regent's): kept between turns, spent by cards with a star cost. */
  stars: number;
  powers: Powers;
}

/** A companion fighting beside the player (StS2's Osty): its HP absorbs unblocked attack damage. */
export interface SummonState {
  id: string;
  name: string;
  hp: number;
  maxHp: number;
}

export type IntentType =
  | 'Attack'
  | 'AttackBuff'
  | 'AttackDebuff'
  | 'AttackDefend'
  | 'Buff'
  | 'Debuff'
  | 'StrongDebuff'
  | 'Defend'
  | 'DefendBuff'
  | 'DefendDebuff'
  | 'Escape'
  | 'Sleep'
  | 'Stun'
  | 'Summon'
  | 'Heal'
  | 'StatusCard'
  | 'DeathBlow'
  | 'Unknown';

/** A monster's chosen move, as rolled at the end of the previous turn. */
export interface MonsterMove {
  id: string;
  name: string;
  intent: IntentType;
  /** Base damage per hit before powers, or null for non-attacks. */
  baseDamage: number | null;
  hits: number;
}

/** A monster in combat: HP, block, powers, its move and memory. */
export interface MonsterState {
  uid: number;
  id: string;
  name: string;
  hp: number;
  maxHp: number;
  block: number;
  powers: Powers;
  alive: boolean;
  escaped: boolean;
  move: MonsterMove;
  /** Move ids used so far, most recent last (capped). */
  history: string[];
  /** Per-monster memory (rolled bite damage, mode-shift threshold, charge counters...). */
  memory: Record<string, number>;
  /**
   * Deck cards the monster stole (StS2's Thieving Hopper), given back to the deck when it is killed;
   * absent on a monster that stole none, so StS1 states keep their shape.
   */
  stolenCards?: DeckCard[];
}

/** A choice the player must make in the middle of combat (e.g. Armaments' card to upgrade). */
export interface CombatSelection {
  /** Where the options come from. */
  source: 'hand' | 'discard' | 'draw' | 'exhaust' | 'generated';
  /** uids of selectable cards (or generated cards for `generated`). */
  options: number[];
  /** Cards generated for a `generated` choice (Discovery-like), else empty. */
  generated: CombatCard[];
  /** How many must be chosen before it resolves; `minimum` < `count` allows confirming early. */
  count: number;
  minimum: number;
  chosen: number[];
  /** The card definition that resolves the choice and whether it was upgraded. */
  cardId: string;
  upgraded: boolean;
  /** The relic that resolves the choice instead of a card (a relic's own choice), or null. */
  relic: string | null;
  /** The potion that resolves the choice instead of a card (absent for a card's or a relic's choice). */
  potion?: string;
  /** The monster that asked during its turn (absent otherwise): the player's turn starts once it resolves. */
  monster?: string;
  /** A short prompt for agents. */
  prompt: string;
}

/** The engine's combat state: encounter, player, monsters, piles and counters. */
export interface CombatState {
  encounterId: string;
  kind: 'monster' | 'elite' | 'boss';
  turn: number;
  player: PlayerCombat;
  hand: CombatCard[];
  drawPile: CombatCard[];
  discardPile: CombatCard[];
  exhaustPile: CombatCard[];
  /** Played powers and other cards that left combat for good. */
  removedCards: CombatCard[];
  monsters: MonsterState[];
  /** The player's companion (StS2's Osty), or null. */
  summon: SummonState | null;
  selection: CombatSelection | null;
  /** Counters for this turn and combat (cards played, attacks played, times damaged...). */
  counters: Record<string, number>;
  /** Gold stolen by thieves, returned when they die. */
  stolenGold: number;
  /** True once every monster is dead or gone (or the player died). */
  over: boolean;
  victory: boolean;
}

export type RoomType = 'monster' | 'elite' | 'rest' | 'shop' | 'event' | 'treasure' | 'boss';

export interface MapNode {
  row: number;
  column: number;
  type: RoomType;
  /** Columns of connected nodes in the next row. */
  children: number[];
  /** StS2: a fight Fur Coat marked (its enemies have 1 HP); absent otherwise. */
  marked?: boolean;
  /**
   * StS2: a treasure site a Spoils Map marked: its chest holds `gold` more, and the map (the deck card
   * `uid`) is used up when the site is reached; absent otherwise.
   */
  spoils?: { gold: number; uid: number };
  /** Emerald-key style burning elite is not modelled. */
}

export interface MapState {
  /** Rows 0..14 of nodes (only nodes on a path). */
  nodes: MapNode[];
  bossId: string;
  /** Rows of the map when not MAP_HEIGHT (StS2's Golden Compass path); absent otherwise. */
  height?: number;
}

export interface RelicState {
  id: string;
  /** A counter for relics that count (Pen Nib, Nunchaku...), else -1. */
  counter: number;
  /** Used-up flag for once-per-run/combat relics. */
  used: boolean;
  /** StS2: deck cards the relic holds (Pael's Tooth's devoured cards); absent otherwise. */
  cards?: DeckCard[];
  /** StS2: a Wax Relic (Toy Box's), which melts away in time; absent otherwise. */
  wax?: boolean;
}

export type RewardItem =
  | { kind: 'gold'; amount: number }
  | { kind: 'potion'; potionId: string }
  | { kind: 'relic'; relicId: string }
  | {
      kind: 'cards';
      cards: DeckCard[];
      /** StS2: the cards were rerolled once (Driftwood); absent otherwise. */
      rerolled?: boolean;
      /**
       * StS2: the cards come in packs of this many, in order (Scroll Boxes): choosing a card takes its
       * whole pack; absent otherwise.
       */
      pack?: number;
    }
  | { kind: 'stolen_gold'; amount: number };

export interface RewardState {
  items: RewardItem[];
  /** Index of the card reward being chosen (card choice sub-screen), or null. */
  openCards: number | null;
  /** Go to the boss relic choice after this screen (after a boss that is not the last). */
  afterBoss: boolean;
  /** StS2: back to the shop after this screen (a relic bought there offered it); absent otherwise. */
  returnToShop?: boolean;
}

export interface ShopState {
  cards: { card: DeckCard; price: number; sold: boolean }[];
  relics: { relicId: string; price: number; sold: boolean }[];
  potions: { potionId: string; price: number; sold: boolean }[];
  removalPrice: number;
  removalUsed: boolean;
}

export interface EventState {
  eventId: string;
  /** The page of the event (events with several steps). */
  page: number;
  /** Values rolled when the event started (gold amounts, the offered card...). */
  memory: Record<string, number>;
  /** Text ids are resolved by the event definition. */
  done: boolean;
  /** What a fight started by the event rewards instead of the usual combat rewards, or null. */
  fightRewards: RewardItem[] | null;
}

/** A choice over deck cards outside combat (upgrade at rest, removal at shop, event transforms). */
export interface DeckSelection {
  purpose: 'upgrade' | 'remove' | 'transform' | 'duplicate' | 'enchant';
  options: number[];
  count: number;
  /** Where to go once done. */
  returnTo: 'rest' | 'shop' | 'event' | 'map';
  cancellable: boolean;
  chosen: number[];
  /** A transform that always yields this card id (StS2's Wood Carvings), or null for a random card. */
  transformInto: string | null;
  /** StS2: the enchantment an `enchant` selection puts on each chosen card (absent for other purposes). */
  enchantWith?: CardEnchantment;
  /** StS2: a transform's new cards are Upgraded (Astrolabe); absent otherwise. */
  upgradeTransformed?: boolean;
  /** StS2: a random transform yields a card of the same energy cost (New Leaf, Astrolabe); absent otherwise. */
  sameCost?: boolean;
  /** StS2: a transform into a known card keeps the old card's upgrade and enchantment (Claws); absent otherwise. */
  carryOver?: boolean;
  /** StS2: the relic (by id) that keeps the cards this removal takes (Pael's Tooth); absent otherwise. */
  keepFor?: string;
}

export interface TreasureState {
  size: 'small' | 'medium' | 'large';
  relicId: string;
  gold: number;
  opened: boolean;
  claimed: boolean;
}

export interface BossRelicState {
  relicIds: string[];
}

/** Screens use the API's names; the card choice of a reward is `reward.openCards`, boss relics a CHEST. */
export type Screen =
  | 'MAP'
  | 'COMBAT'
  | 'REWARD'
  | 'REST'
  | 'SHOP'
  | 'EVENT'
  | 'CHEST'
  | 'CARD_SELECTION'
  | 'GAME_OVER';

export interface RunCounters {
  /** Card rarity offset: starts at -5%, +1% per common shown, reset on rare. */
  cardRarityOffset: number;
  /** Potion drop chance in percent. */
  potionChance: number;
  /** "?" room odds in percent. */
  unknownMonsterChance: number;
  unknownShopChance: number;
  unknownTreasureChance: number;
  /** Card removal price at shops. */
  removalPrice: number;
  /** Next uid for new cards. */
  nextUid: number;
  /** Combats fought this act (the first three use the weak pool). */
  actCombats: number;
  /** Decisions made so far (actions accepted). */
  steps: number;
}

/** The engine's whole run state, plain JSON: seed, ruleset, character, deck, map, screen, random streams. */
export interface RunState {
  seed: string;
  ruleset: Ruleset;
  character: CharacterId;
  random: RandomState;
  screen: Screen;
  act: number;
  floor: number;
  hp: number;
  maxHp: number;
  gold: number;
  deck: DeckCard[];
  relics: RelicState[];
  potions: (string | null)[];
  map: MapState;
  /** Nodes visited this act, in order. */
  path: { row: number; column: number }[];
  /** Current node, or null before the first choice of an act. */
  position: { row: number; column: number } | null;
  /** The type of the room being visited. */
  room: RoomType | null;
  combat: CombatState | null;
  reward: RewardState | null;
  /**
   * StS2: what a relic obtained while another screen was open (an event, a chest, a deck choice)
   * offered; the next reward screen shows it, or one opens for it on the way back to the map. Absent
   * when none.
   */
  pendingRewards?: RewardItem[];
  /**
   * StS2: deck choices a relic obtained while another screen was open (an event, a chest, a reward, a
   * shop, another choice) opened; each opens on the way back to the map, before `pendingRewards`.
   * Absent when none.
   */
  pendingSelections?: DeckSelection[];
  shop: ShopState | null;
  event: EventState | null;
  selection: DeckSelection | null;
  treasure: TreasureState | null;
  /** Whether the campfire's one action was taken. */
  restDone: boolean;
  bossRelic: BossRelicState | null;
  /** Encounter queues for the act, drawn when the act starts. */
  monsterQueue: string[];
  eliteQueue: string[];
  seenEvents: string[];
  counters: RunCounters;
  /** The result once the run ends. */
  result: { victory: boolean; floor: number; act: number; cause: string } | null;
  /** One-line log of the last things that happened, for agents and tests. */
  log: string[];
}
