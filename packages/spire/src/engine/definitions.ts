// Contracts between the engine and its content: what a card, relic, potion, power, monster,
// encounter and event must declare. Content files implement these; the engine never switches on ids
// except through the hooks declared here.
import type {
  CardEnchantment,
  CharacterId,
  CombatCard,
  CombatState,
  DeckCard,
  IntentType,
  MonsterState,
  RewardItem,
  RunState,
  SummonState,
} from './run-state.js';

export type CardType = 'Attack' | 'Skill' | 'Power' | 'Status' | 'Curse';
export type CardRarity = 'Basic' | 'Common' | 'Uncommon' | 'Rare' | 'Special' | 'Curse';
export type CardTarget = 'AnyEnemy' | 'AllEnemies' | 'RandomEnemy' | 'Self' | 'None';
export type CardColor = CharacterId | 'COLORLESS' | 'STATUS' | 'CURSE';

/** A (base, upgraded) pair of numbers. */
export type Upgradable = readonly [number, number];

/** The target of an attack or debuff: one monster index, all monsters, or a random living one. */
export type AttackTarget = number | 'all' | 'random';

/** Cards a hand holds at most: content that puts cards into the hand stops there. */
export const HAND_LIMIT = 10;

/**
 * StS2: the combat counter with the Replay a card (by uid) gained in combat (Hidden Gem). Whoever sets
 * one also raises the `replaysGiven` counter, so plays look these up only in combats that have them.
 */
export function replayKey(uid: number): string {
  return `replay:${uid}`;
}

/** StS2: the monster memory that marks a monster a card stunned (Whistle): its interrupted move's index + 1. */
export const CARD_STUN = 'cardStun';
/** StS2: the move id of a monster a card stunned, for its turn doing nothing. */
export const CARD_STUN_MOVE = 'STUNNED';

/** What a card, relic, potion or power may do during combat. Implemented by the engine. */
export interface CombatContext {
  readonly run: RunState;
  /** Deal attack damage from the player (strength, weak, vulnerable, relics apply). Returns unblocked damage dealt in total. */
  attack(target: AttackTarget, base: number, hits?: number): number;
  /** Deal damage that ignores strength/weak (thorns, Bomb, potions): still affected by vulnerable if `attackLike`. */
  damageMonster(index: number, amount: number, options?: { readonly ignoreVulnerable?: boolean }): number;
  /** Deals damage to every living monster. */
  damageAllMonsters(amount: number): void;
  /** StS1's ClearCardQueueAction: the copies still to come of the cards being played (Double Tap, Burst) are dropped. */
  clearCardQueue(): void;
  /** Gain block (dexterity and frail apply unless `raw`). */
  gainBlock(amount: number, raw?: boolean): void;
  /** Apply a power to the player (negative amounts reduce it; artifact blocks debuffs). */
  applyToPlayer(power: string, amount: number): void;
  /** Applies a power to a monster (artifact blocks debuffs). */
  applyToMonster(index: number, power: string, amount: number): void;
  /** Applies a power to every living monster. */
  applyToAllMonsters(power: string, amount: number): void;
  /** Draws cards. */
  draw(count: number): void;
  /** Gains (or, negative, loses) energy. */
  gainEnergy(amount: number): void;
  /** The player loses HP (block does not apply). */
  loseHp(amount: number): void;
  /** Takes HP from a monster directly (no Block, Vulnerable or Intangible): a Doom kill. Returns the HP lost. */
  reduceMonsterHp(monster: MonsterState, damage: number, fromAttack: boolean): number;
  /** Damage that is not an attack when `attacker` is null (a Burn's): Block takes it first. */
  damagePlayer(damage: number, attacker: MonsterState | null): void;
  /** Heals the player, up to max HP. */
  heal(amount: number): void;
  /** Gains gold. */
  gainGold(amount: number): void;
  /** Create a new card in a pile (`hand` overflows to discard at 10 cards). */
  addCard(
    id: string,
    pile: 'hand' | 'draw' | 'discard' | 'drawRandom',
    upgraded?: boolean,
    costZeroThisTurn?: boolean,
  ): void;
  /** Exhaust a specific card wherever it is. */
  exhaustCard(card: CombatCard): void;
  /** Moves a card to the discard pile. */
  discardCard(card: CombatCard): void;
  /** Ask the player to choose cards; the defining card's `onSelect` resolves it. */
  requestSelection(request: SelectionRequest): void;
  /** Living, present monsters with their index. */
  livingMonsters(): readonly MonsterState[];
  /** A monster's index in the combat. */
  monsterIndex(monster: MonsterState): number;
  /** The index of a random living monster. */
  randomMonsterIndex(): number;
  /** Random integer from the combat stream. */
  randomInt(min: number, max: number): number;
  /** Player power amount (0 if absent). */
  playerPower(power: string): number;
  /** Energy spent on the current X-cost card. */
  readonly xValue: number;
  /** Energy paid for the card being played (0 when it is played for free). */
  readonly energySpent: number;
  /** Counter for this combat (e.g. 'attacksThisTurn'). */
  counter(name: string): number;
  /** Upgrade a combat card in place. */
  upgradeCard(card: CombatCard): void;
  /** Play a card for free (Havoc); it is exhausted afterwards if `exhaust`. */
  playFree(card: CombatCard, exhaust: boolean): void;
  /** Adds a line to the run's log. */
  log(message: string): void;
  /** StS2: gain (or, negative, spend) Stars. */
  gainStars(amount: number): void;
  /** StS2: Forge — the Sovereign Blade deals `amount` more damage; one is created in hand if there is none. */
  forge(amount: number): void;
  /** StS2: Summon — the companion (Osty) gains `amount` max HP and HP, and comes back if it was dead. */
  summon(amount: number): void;
  /** StS2: the companion deals `amount` damage to a monster (or all); nothing if it is dead. */
  summonAttack(target: number | 'all', amount: number): void;
  /** StS2: the companion (Osty) dies, if it is alive (Bone Shards, Sacrifice). */
  killSummon(): void;
}

export interface SelectionRequest {
  /** Where the options come from; `generated`: new cards made from `generated` (a Discovery-like choice). */
  readonly source: 'hand' | 'discard' | 'draw' | 'exhaust' | 'generated';
  readonly count: number;
  readonly minimum?: number;
  readonly prompt: string;
  readonly filter?: (card: CombatCard) => boolean;
  /** The relic asking, when no card is being played (its `onSelect` resolves the choice). */
  readonly relic?: string;
  /** The potion asking, when no card is being played (its `onSelect` resolves the choice). */
  readonly potion?: string;
  /**
   * The monster asking during its turn (StS2's Knowledge Demon): its definition's `onSelect` resolves
   * the choice, and the player's turn starts once it is made.
   */
  readonly monster?: string;
  /** Card ids of a `generated` choice; the cards chosen go nowhere until `onSelect` places them. */
  readonly generated?: readonly string[];
}

/** Numbers a card exposes; `damage`, `block` and `magic` fill `!D!`, `!B!`, `!M!` in its text. */
export interface CardDefinition {
  readonly id: string;
  readonly name: string;
  readonly color: CardColor;
  readonly type: CardType;
  readonly rarity: CardRarity;
  /** Energy cost; -1 means X, -2 unplayable. */
  readonly cost: Upgradable | number;
  /** StS2: Stars the card costs besides its energy. */
  readonly starCost?: number;
  readonly target: CardTarget;
  readonly damage?: Upgradable;
  readonly block?: Upgradable;
  readonly magic?: Upgradable;
  /** Hits of an attack (for intents-style previews); 'magic' when the magic number is the hit count. */
  readonly hits?: Upgradable | 'magic';
  readonly exhaust?: readonly [boolean, boolean] | boolean;
  readonly ethereal?: readonly [boolean, boolean] | boolean;
  readonly innate?: readonly [boolean, boolean] | boolean;
  readonly retain?: readonly [boolean, boolean] | boolean;
  /** StS2's Sly: discarded from the hand by an effect during the turn, the card is played for free. */
  readonly sly?: readonly [boolean, boolean] | boolean;
  /** StS2: the card cannot be removed from the deck or transformed (unupgraded, upgraded). */
  readonly eternal?: readonly [boolean, boolean] | boolean;
  /** Rules text with placeholders; `upgradedText` when the wording changes. */
  readonly text: string;
  readonly upgradedText?: string;
  /** Cards that may be upgraded more than once are not modelled; curses and statuses cannot be upgraded. */
  readonly play?: (context: CombatContext, card: CardPlay) => void;
  /** Resolves a card selection the card requested. */
  readonly onSelect?: (context: CombatContext, chosen: readonly CombatCard[], card: CardPlay) => void;
  /** Why the card cannot be played now, or null. */
  readonly unplayableReason?: (context: CombatContext, card: CardPlay) => string | null;
  /** StS2: an option rest sites offer while the card is in the deck (Byrdonis Egg's Hatch). */
  readonly restOption?: RelicRestOption;
  /** StS2: when an act starts (its map made) while the card is in the deck (Spoils Map marks a site). */
  readonly atActStart?: (run: RunState, card: DeckCard) => void;
  /** StS2: the card leaves the deck after this many won combats (Guilty); `DeckCard.combats` counts them. */
  readonly leavesDeckAfterCombats?: number;
  /** StS2: while this card is in the hand, why another card of the hand cannot be played now, or null (Normality). */
  readonly whileInHand?: (context: CombatContext, other: CombatCard) => string | null;
  /** At the end of the player's turn while in hand (Burn, Decay, Regret...). */
  readonly endOfTurnInHand?: (context: CombatContext, card: CardPlay) => void;
  /**
   * StS2: where the card goes after it is played instead of the Discard Pile: `hand` at once (Particle
   * Wall), `handNextTurn` at the start of the next turn (Bolas), `replayFromExhaust` played again from
   * the Exhaust Pile at the start of every turn (Bombardment).
   */
  readonly afterPlay?: 'hand' | 'handNextTurn' | 'replayFromExhaust';
  /** When the card is drawn. */
  readonly onDraw?: (context: CombatContext, card: CardPlay) => void;
  /** When a card effect discards it from the hand (Reflex, Tactician); not the end-of-turn discard. */
  readonly onManualDiscard?: (context: CombatContext, card: CardPlay) => void;
  /** When the card is exhausted. */
  readonly onExhaust?: (context: CombatContext, card: CardPlay) => void;
  /** Extra energy-cost rule (e.g. cheaper per card played); returns the cost to show. */
  readonly dynamicCost?: (context: CombatContext, base: number) => number;
  /**
   * StS2: Osty deals the card's damage, plus this from his state or the piles (Unleash: his HP;
   * Squeeze: the other Osty Attacks); the play and the shown damage both add it, as Osty's hits count
   * (no Strength, Weak or Attack relics). Changes nothing: the view asks it for the hand's cards.
   */
  readonly summonDamage?: (context: CombatContext, card: CardPlay, summon: SummonState) => number;
  /**
   * What the player's powers add to this card's own damage before Strength and Weak (a Shiv's Accuracy,
   * StS2's Phantom Blades): the card's play adds it, and the shown damage (the real StS2 state's
   * `current_value`) reads the same function. Changes nothing.
   */
  readonly ownDamageBonus?: (context: CombatContext) => number;
  /** StS2: a creature died (an enemy or Osty) while the card is in the hand, Draw or Discard Pile. */
  readonly onCreatureDeath?: (context: CombatContext, card: CombatCard) => void;
  /**
   * StS2: another card was played (and went to its pile) while this one is in the Draw or Discard
   * Pile; `energyPaid` is the Energy paid for it (0 when played for free).
   */
  readonly onOtherCardPlayed?: (
    context: CombatContext,
    card: CombatCard,
    type: CardType,
    energyPaid: number,
  ) => void;
  /** StS2: at the end of the player's turn, the card is played if it is on top of the Draw Pile. */
  readonly playedFromDrawTopAtTurnEnd?: boolean;
}

/** The resolved numbers of one card being played or shown. */
export interface CardPlay {
  readonly card: CombatCard;
  readonly upgraded: boolean;
  readonly damage: number;
  readonly block: number;
  readonly magic: number;
  readonly target: number;
}

/**
 * StS2: an enchantment a deck card can carry (Sharp, Nimble, Instinct...). Its number (`amount`) lives on
 * the card (`DeckCard.enchantment`); the engine asks these hooks where the card's numbers, keywords and
 * plays are decided. `first` is true on the card's first play of the combat.
 */
export interface EnchantmentDefinition {
  readonly id: string;
  readonly name: string;
  /** The simulator's text with the enchantment's number. */
  text(amount: number): string;
  /** The card types it may go on (all when absent). */
  readonly cardTypes?: readonly CardType[];
  /** Added to the card's damage number, before Strength (the real state's `enchanted_value` shows this). */
  readonly damage?: (amount: number, first: boolean) => number;
  /** Multiplies the card's damage number, after `damage`, rounded down. */
  readonly damageMultiplier?: number;
  /** Added to the card's block number, before Dexterity. */
  readonly block?: (amount: number) => number;
  readonly innate?: boolean;
  readonly retain?: boolean;
  /** StS2: the enchanted card cannot be removed from the deck or transformed (Tezcatara's Ember). */
  readonly eternal?: boolean;
  /** true: the card gains Exhaust; false: it loses it. */
  readonly exhaust?: boolean;
  /** The card's energy cost while enchanted. */
  readonly cost?: number;
  /** Extra times the card is played when played (Replay). */
  readonly replays?: (amount: number, first: boolean) => number;
  /** After the card's own effect (and its replays) resolved. */
  readonly onPlayed?: (context: CombatContext, card: CombatCard, amount: number, first: boolean) => void;
  readonly onDrawn?: (context: CombatContext, card: CombatCard, amount: number) => void;
  /** At the end of the player's turn, while the card is in hand (`cost`: its cost now, -1 for X). */
  readonly endOfTurnInHand?: (context: CombatContext, card: CombatCard, amount: number, cost: number) => void;
  /** When the discard pile is shuffled into the draw pile, the card goes on top instead. */
  readonly toTopOnShuffle?: boolean;
  /** Played (free) at the start of each combat, before the first draw. */
  readonly playedAtCombatStart?: boolean;
  /** What the real enchantment does that the simulator does not; absent when fully modelled. */
  readonly unsimulated?: string;
}

/** A relic: its rarity, text and the hooks it runs. */
export interface RelicDefinition {
  readonly id: string;
  readonly name: string;
  readonly rarity: 'Starter' | 'Common' | 'Uncommon' | 'Rare' | 'Boss' | 'Shop' | 'Special';
  readonly character?: CharacterId;
  readonly text: string;
  /** When the relic is obtained. */
  readonly onPickup?: (run: RunState) => void;
  /** At the start of each combat. */
  readonly atCombatStart?: (context: CombatContext) => void;
  /** At the start of each player turn. */
  readonly atTurnStart?: (context: CombatContext, turn: number) => void;
  /** At the end of each player turn. */
  readonly atTurnEnd?: (context: CombatContext) => void;
  /** At the end of each player turn, the cards the hand kept (Retain, Runic Pyramid), after the discard. */
  readonly onCardsRetained?: (context: CombatContext, cards: readonly CombatCard[]) => void;
  /** After each card the player plays. */
  readonly onCardPlayed?: (context: CombatContext, card: CardPlay, type: CardType) => void;
  /** At the end of each combat. */
  readonly onCombatEnd?: (context: CombatContext) => void;
  /** When the draw pile is reshuffled. */
  readonly onShuffle?: (context: CombatContext) => void;
  /** When a card is exhausted. */
  readonly onExhaust?: (context: CombatContext, card: CombatCard) => void;
  /** When a monster dies. */
  readonly onMonsterDeath?: (context: CombatContext) => void;
  /** When the player loses HP. */
  readonly onPlayerHpLoss?: (context: CombatContext, amount: number) => void;
  /** After the player drinks a potion in combat. */
  readonly onPotionUsed?: (context: CombatContext) => void;
  /** Flat damage added to each hit of an Attack card, before Strength, Weak and Vulnerable. */
  readonly attackDamageBonus?: (context: CombatContext, card: CombatCard) => number;
  /**
   * Block added to Block gained from `card` being played (after Dexterity and Frail), `play` being its
   * number among the combat's cards played. Changes nothing: the state's view asks it for the hand's
   * cards (with the next play's number); what the bonus spends goes in `afterCardBlock`.
   */
  readonly cardBlockBonus?: (context: CombatContext, block: number, card: CombatCard, play: number) => number;
  /** After Block from `card` being played was gained (`cardBlockBonus` was asked): what the bonus spends (Vambrace's first time). */
  readonly afterCardBlock?: (context: CombatContext, card: CombatCard, play: number) => void;
  /** StS2: the Attack card being played deals double damage (as Pen Nib's); Vitruvian Minion. */
  readonly doublesAttackDamage?: (card: CombatCard) => boolean;
  /** The HP the player loses instead of `amount` (a cap on the loss), before it is lost. */
  readonly hpLossLimit?: (context: CombatContext, amount: number) => number;
  /** StS2: a card being played applied a debuff (`amount` of power `power`) to the monster at `index`. */
  readonly onMonsterDebuffed?: (context: CombatContext, index: number, power: string, amount: number) => void;
  /** StS2: the unblocked damage of one hit of the player's attack on a monster (more than 0), before it is lost. */
  readonly unblockedAttackDamage?: (context: CombatContext, damage: number) => number;
  /** StS2: damage took the last of the Block of the monster at `index` (the hit's HP loss follows). */
  readonly onMonsterBlockBroken?: (context: CombatContext, index: number) => void;
  /** A card choice (a card's or a relic's) was resolved, after its effect. */
  readonly onSelectionResolved?: (context: CombatContext) => void;
  /** Resolves a card choice the relic asked for (`requestSelection` with `relic`). */
  readonly onSelect?: (context: CombatContext, chosen: readonly CombatCard[]) => void;
  /** Up to this much Block stays at the start of the player's turn instead of all of it going. */
  readonly retainedBlock?: number;
  /** Energy per turn added. */
  readonly energy?: number;
  /** StS2: Power cards cost this much more Energy in combat (Spiked Gauntlets). */
  readonly powerCostIncrease?: number;
  /**
   * StS2: the relic plays the player's first turn of each combat, up to this many cards, then ends it
   * (Whispering Earring's Vakuu).
   */
  readonly playsFirstTurn?: number;
  /** StS2: the card played as this card of each turn (5 for the 5th) costs no Energy (Brilliant Scarf). */
  readonly freeCardOfTurn?: number;
  /** Rest sites heal extra / cannot rest... */
  readonly onRest?: (run: RunState) => void;
  /** A card joins the master deck (any source); the card may still be changed (an Egg upgrades it). */
  readonly onCardAddedToDeck?: (run: RunState, card: DeckCard) => void;
  /**
   * The player entered a room of the map and it was set up (a `RoomType`; a `?` room: what it turned
   * into, then 'event').
   */
  readonly onRoomEntered?: (run: RunState, room: string) => void;
  /** StS2: the player can no longer gain gold (Ectoplasm). */
  readonly preventsGoldGain?: boolean;
  /** The player gained gold (any source, after it was added). */
  readonly onGoldGained?: (run: RunState, amount: number) => void;
  /** The rewards of a won fight were rolled; the relic may change or add items. */
  readonly onCombatRewards?: (run: RunState, items: RewardItem[], kind: CombatState['kind']) => void;
  /** StS2: `?` rooms are always events now (Golden Compass's Act). */
  readonly unknownRoomsAreEvents?: (run: RunState) => boolean;
  /** `?` rooms never turn into regular fights (an event instead). */
  readonly unknownRoomsWithoutFights?: boolean;
  /** Percent off every price at the merchant (applied after the engine's own discounts). */
  readonly shopDiscount?: number;
  /** Card rewards draw from the colorless cards of their rarity too. */
  readonly colorlessCardRewards?: boolean;
  /** StS2: card rewards draw from every character's cards of their rarity (Prismatic Gem). */
  readonly everyCharacterCardRewards?: boolean;
  /** The merchant replaces every card, relic and potion bought by a new one. */
  readonly restocksShop?: boolean;
  /** Every rest-site option may be taken once per site, not one in all (the relic's counter tracks them). */
  readonly everyRestOption?: boolean;
  /** An option the relic adds to rest sites (Girya's Lift, Shovel's Dig). */
  readonly restOption?: RelicRestOption;
  /** Cards discarded from hand during the player's turn by a card or effect (not the end-of-turn discard). */
  readonly onCardDiscarded?: (context: CombatContext, count: number) => void;
  /** StS2: the player spent Stars (the amount spent). */
  readonly onStarsSpent?: (context: CombatContext, amount: number) => void;
  /** Strength added to a Strength gain of the player (`amount` is the gain so far). */
  readonly strengthGainBonus?: (context: CombatContext, amount: number) => number;
  /** A card was created into a combat pile outside the monsters' turn. */
  readonly onCardCreated?: (context: CombatContext) => void;
  /** StS2: a monster joined the combat (at its start or later), after its setup. */
  readonly onMonsterSpawned?: (context: CombatContext, monster: MonsterState) => void;
  /** StS2: Doom killed an enemy that is not a Minion. */
  readonly onDoomKill?: (context: CombatContext) => void;
  /** StS2: the companion (Osty) attacked. */
  readonly onSummonAttack?: (context: CombatContext) => void;
  /** Whether the player may travel to any room of the next map row, ignoring the paths (Winged Boots). */
  readonly freeTravel?: (run: RunState) => boolean;
  /** The player entered a room off the paths, as `freeTravel` allowed. */
  readonly onFreeTravel?: (run: RunState) => void;
  /** A card reward was rolled (after combat, from an event or a relic); the relic may change its cards. */
  readonly onCardReward?: (run: RunState, cards: DeckCard[]) => void;
  /** StS2: another way to take the card reward being chosen (Driftwood's reroll, Pael's Wing's sacrifice). */
  readonly cardRewardAlternative?: RelicRewardAlternative;
}

/** A card reward of the reward screen. */
export type CardsRewardItem = Extract<RewardItem, { kind: 'cards' }>;

/** An alternative a relic offers beside the cards of a card reward (`choose_reward_alternative`). */
export interface RelicRewardAlternative {
  readonly label: string;
  /** Whether it may be taken for this card reward now. */
  readonly available: (run: RunState, item: CardsRewardItem) => boolean;
  /** Takes it; true when the card reward is done with (it leaves the screen, as a skip). */
  readonly choose: (run: RunState, item: CardsRewardItem) => boolean;
}

/** A rest-site option a relic (or a deck card) adds; choosing it takes the site's one action like Rest or Smith. */
export interface RelicRestOption {
  /** Lower-case id; the API shows it upper-case (`lift` is LIFT). */
  readonly id: string;
  readonly title: string;
  readonly label: string;
  readonly enabled: (run: RunState) => boolean;
  readonly choose: (run: RunState) => void;
}

/** A potion: its rarity, target and effect. */
export interface PotionDefinition {
  readonly id: string;
  readonly name: string;
  /** 'Special': never rolled at random (StS2's event and token potions, e.g. the Potion-Shaped Rock). */
  readonly rarity: 'Common' | 'Uncommon' | 'Rare' | 'Special';
  readonly target: 'AnyEnemy' | 'AllEnemies' | 'Self';
  readonly text: string;
  readonly combatOnly: boolean;
  /** StS2: where a potion not only for combat may be used outside it (Foul Potion: at a shop); absent: anywhere. */
  readonly usableOutsideCombat?: (run: RunState) => boolean;
  /** Drinks the potion (outside combat `context` is null). */
  readonly use: (context: CombatContext | null, run: RunState, target: number) => void;
  /** Resolves the card selection its `use` asked for (with `potion` set to its id). */
  readonly onSelect?: (context: CombatContext, chosen: readonly CombatCard[]) => void;
}

/** Powers are plain amounts; their behaviour lives in the engine's hooks keyed by id. */
export interface PowerDefinition {
  readonly id: string;
  readonly name: string;
  readonly debuff: boolean;
  /** Decreases by 1 at the end of its owner's round (vulnerable, weak, frail). */
  readonly turnBased?: boolean;
  readonly text: string;
}

/** What a monster's move does when executed. */
export interface MonsterMoveDefinition {
  readonly id: string;
  readonly name: string;
  readonly intent: IntentType;
  readonly damage?: number;
  readonly hits?: number;
  /** Side effects after damage (block, buffs, debuffs, status cards). */
  readonly effect?: (context: MonsterContext) => void;
}

/** The monster-side view of combat used by moves and AI. */
export interface MonsterContext {
  readonly combat: CombatContext;
  readonly monster: MonsterState;
  readonly index: number;
  gainBlock(amount: number): void;
  buff(power: string, amount: number): void;
  debuffPlayer(power: string, amount: number): void;
  addStatus(id: string, pile: 'draw' | 'discard' | 'hand', count: number): void;
  /** Roll in [0, 100) from the monster AI stream. */
  roll(): number;
  lastMove(id: string): boolean;
  lastTwoMoves(id: string): boolean;
  /** Replace its current intent (waking up, splitting, mode shift). */
  setMove(id: string): void;
  /** Summon a monster (slime split, gremlin leader); returns it, its move rolled. */
  spawn(monsterId: string, hp: number | null): MonsterState;
  escape(): void;
}

/** A monster: HP range, moves and the rules that pick them. */
export interface MonsterDefinition {
  readonly id: string;
  readonly name: string;
  readonly hp: Upgradable;
  readonly text: string;
  readonly moves: readonly MonsterMoveDefinition[];
  /** Powers and memory at spawn. */
  readonly setup?: (context: MonsterContext) => void;
  /** Picks the next move id (called at combat start and after each of its turns). */
  readonly nextMove: (context: MonsterContext) => string;
  /** Resolves a card choice the monster asked the player for during its turn (`SelectionRequest.monster`). */
  readonly onSelect?: (context: CombatContext, chosen: readonly CombatCard[]) => void;
  /** Reaction when it loses HP (splitting, mode shift, waking up). */
  readonly onDamaged?: (context: MonsterContext, amount: number) => void;
  /** When the monster dies. */
  readonly onDeath?: (context: MonsterContext) => void;
  /**
   * Its turn while it is down but not gone (`memory.down` is 1: StS1's half-dead Darkling); a
   * monster that sets `alive` again here rolls its next move.
   */
  readonly whileDown?: (context: MonsterContext) => void;
}

/** An encounter: the monsters of one combat, its act and pool. */
export interface EncounterDefinition {
  readonly id: string;
  readonly name: string;
  readonly act: number;
  readonly kind: 'weak' | 'strong' | 'elite' | 'boss';
  /** Relative weight within its pool. */
  readonly weight: number;
  /** What the simulator does where the facts stop (StS2 encounters listed as a pool). */
  readonly text?: string;
  /** Monster ids, or a function choosing them from the monster stream. */
  readonly monsters: (pick: <T>(items: readonly T[]) => T) => readonly string[];
}

export interface EventOption {
  readonly label: string;
  readonly disabledReason?: string | null;
}

export interface EventContext {
  readonly run: RunState;
  roll(): number;
  randomInt(min: number, max: number): number;
  gainGold(amount: number): void;
  loseGold(amount: number): void;
  heal(amount: number): void;
  loseHp(amount: number): void;
  gainMaxHp(amount: number): void;
  loseMaxHp(amount: number): void;
  addCard(id: string, upgraded?: boolean): void;
  addRandomCard(rarity: 'Common' | 'Uncommon' | 'Rare' | null): void;
  addRelic(relicId: string | null): void;
  /** Obtain a potion (a random one by the usual rarity odds when no id is given); none without a free slot. */
  addPotion(potionId?: string): void;
  /**
   * Open a deck selection (remove, upgrade, transform, duplicate) of `count` cards picked one after
   * another; the event continues afterwards. `filter` limits the cards offered; `into` makes a
   * transform yield that card.
   */
  selectDeck(
    purpose: 'upgrade' | 'remove' | 'transform' | 'duplicate',
    count: number,
    options?: { readonly filter?: (card: DeckCard) => boolean; readonly into?: string },
  ): void;
  /**
   * StS2: let the player choose `count` deck cards (of those `filter` allows and the enchantment fits)
   * to enchant; the event goes on once they are chosen.
   */
  enchantDeck(enchantment: CardEnchantment, count: number, filter?: (card: DeckCard) => boolean): void;
  /** Start a combat from the event; the usual rewards follow, or exactly `rewards` when given. */
  fight(encounterId: string, rewards?: readonly RewardItem[]): void;
  /** End the event on a reward screen holding these items (a card item is a choice of one of its cards). */
  offerRewards(items: readonly RewardItem[]): void;
  /** Card ids of a character's reward pool at a rarity (the run's character by default). */
  cardPool(rarity: 'Common' | 'Uncommon' | 'Rare', character?: CharacterId): readonly string[];
  /** Colorless card ids of the reward pools. */
  colorlessPool(): readonly string[];
  /** A relic from the pool not owned nor in `exclude`: of `rarity`, or by the usual rarity odds when null. */
  rollRelic(rarity: 'Common' | 'Uncommon' | 'Rare' | null, exclude?: readonly string[]): string | null;
  /** A random potion id: of `rarity`, or by the usual rarity odds when null. */
  rollPotion(rarity: 'Common' | 'Uncommon' | 'Rare' | null): string;
  /** A card reward as after a normal fight (the usual rarity odds). */
  cardReward(): RewardItem;
  /** A new deck card of this id. */
  newCard(id: string, upgraded?: boolean): DeckCard;
}

/** An event: its pages, options and their effects. */
export interface EventDefinition {
  readonly id: string;
  readonly name: string;
  readonly acts: readonly number[];
  readonly text: string;
  /** The body text and options for the current page. */
  readonly page: (
    run: RunState,
    page: number,
    memory: Record<string, number>,
  ) => {
    readonly body: string;
    readonly options: readonly EventOption[];
  };
  /** Apply an option; return the next page or null when the event is over. */
  readonly choose: (
    context: EventContext,
    page: number,
    option: number,
    memory: Record<string, number>,
  ) => number | null;
  /** Roll memory at start. */
  readonly setup?: (context: EventContext, memory: Record<string, number>) => void;
  /** Whether the event can appear in this run now (default: always). */
  readonly available?: (run: RunState) => boolean;
  /**
   * StS2: whether the event takes the place of the next event a `?` room rolls (the War Historian
   * while a Lantern Key is in the deck in Act 3), whatever `available` says.
   */
  readonly forced?: (run: RunState) => boolean;
}
