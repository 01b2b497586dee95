// The engine's run-level actions and the active ruleset's lookups that content rules call (gain gold,
// add a card to the deck, roll a reward, a card's definition...). Those modules import the content sets
// (the registry builds them), so a rule importing them would close a module circle: instead the engine
// hands them over here when it loads (engine/run.ts), and content imports only this file and types.
import type { CardDefinition, MonsterDefinition, RelicDefinition } from '../engine/definitions.js';
import type { CharacterId, DeckCard, RunState } from '../engine/run-state.js';

export interface RunServices {
  /** Gold gained (relics hear of it). */
  gainGold(run: RunState, amount: number): void;
  /** A card joins the master deck (relics hear of it). */
  addCardToDeck(run: RunState, card: DeckCard): void;
  /** A potion into the first free slot; false when none is free. */
  gainPotion(run: RunState, potionId: string): boolean;
  /** A new deck card with a fresh uid. */
  newCard(run: RunState, id: string, upgraded?: boolean): DeckCard;
  /** A card reward of the character's pool, as after a fight of that kind. */
  rollCardReward(run: RunState, source: 'monster' | 'elite' | 'boss', count?: number): DeckCard[];
  /** A random potion id, rolled like a reward's. */
  rollPotion(run: RunState): string;
  /** A reward relic's rarity, rolled with the game's odds. */
  rollRelicRarity(run: RunState): 'Common' | 'Uncommon' | 'Rare';
  /** A relic of the rarity the player does not own (null when none is left). */
  rollRelic(
    run: RunState,
    rarity: 'Common' | 'Uncommon' | 'Rare' | 'Boss' | 'Shop',
    exclude?: readonly string[],
  ): string | null;
  /** The player obtains a relic (its pickup effect runs). */
  addRelic(run: RunState, relicId: string): void;
  /** The active ruleset's definitions and pools (the registry's). */
  getCard(id: string): CardDefinition;
  getRelic(id: string): RelicDefinition;
  getMonster(id: string): MonsterDefinition;
  cardPool(character: CharacterId, rarity: 'Common' | 'Uncommon' | 'Rare'): readonly string[];
  colorlessPool(rarity: 'Uncommon' | 'Rare'): readonly string[];
  randomCurses(): readonly string[];
}

let provided: RunServices | undefined;

/** Called once by the engine as it loads. */
export function provideRunServices(services: RunServices): void {
  provided = services;
}

/** The engine's run-level actions (the engine is loaded whenever a rule runs). */
export function runServices(): RunServices {
  if (provided === undefined)
    throw new Error('The spire engine (engine/run.ts) is not loaded: content rules run only inside a run.');
  return provided;
}
