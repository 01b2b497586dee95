// The shapes of the StS2 fact tables in `data/` (generated from a public wiki data export of the game,
// see scripts/generate-sts2-data.ts). Facts only: the simulator's rules texts are written from the
// structured effects, never copied.

/** The game version the StS2 facts follow. */
export const STS2_GAME_VERSION = 'v0.103.2';

/** A number of a card, relic or potion: the name of one of its variables or a literal. */
export type Sts2Amount = string | number;

/** One modelled effect of a card, relic, potion or monster move. */
export type Sts2Effect = Readonly<Record<string, string | number | boolean>> & { readonly kind: string };

export interface Sts2CardFacts {
  readonly id: string;
  readonly name: string;
  /** Ironclad, Silent, Regent, Necrobinder, Defect, Colorless, Status, Curse, Token, Event, Quest. */
  readonly character: string;
  readonly type: string;
  readonly rarity: string;
  readonly target: string;
  /** Energy cost; -1 for X. */
  readonly cost: number;
  readonly starCost: number;
  readonly keywords: readonly string[];
  /** Keywords an upgrade adds or removes: `{ Exhaust: 'remove' }`. */
  readonly upgradeKeywords: Readonly<Record<string, string>>;
  /** Variables as [base, upgraded]. */
  readonly vars: Readonly<Record<string, readonly [number, number]>>;
  readonly effects: readonly Sts2Effect[];
  /** Sentences of the game's text the simulator does not model. */
  readonly unmodelled: number;
}

export interface Sts2RelicFacts {
  readonly id: string;
  readonly name: string;
  readonly rarity: string;
  readonly pool: string;
  readonly vars: Readonly<Record<string, readonly [number, number]>>;
  /** When its modelled effects happen: combatStart, combatEnd, turnStart, pickup, energyPerTurn. */
  readonly trigger: string | null;
  readonly effects: readonly Sts2Effect[];
  readonly unmodelled: number;
}

export interface Sts2PotionFacts {
  readonly id: string;
  readonly name: string;
  readonly rarity: string;
  readonly usage: string;
  readonly target: string;
  readonly pool: string;
  readonly vars: Readonly<Record<string, readonly [number, number]>>;
  readonly effects: readonly Sts2Effect[];
  readonly unmodelled: number;
}

export interface Sts2PowerFacts {
  /** Without the `_POWER` suffix the mod's ids carry. */
  readonly id: string;
  readonly name: string;
  readonly debuff: boolean;
  readonly stack: string;
}

export interface Sts2MoveFacts {
  readonly id: string;
  readonly name: string;
  /** attack, multi_attack, buff, debuff, block, status, summon, stun, heal, sleep, escape, death_blow, hidden. */
  readonly intents: readonly string[];
  /** Damage per hit at ascension 0, or null. */
  readonly damage: number | null;
  readonly hits: number;
  readonly effects: readonly Sts2Effect[];
  readonly unmodelled: number;
}

export interface Sts2MonsterFacts {
  readonly id: string;
  readonly name: string;
  /** HP range at ascension 0 ([0, 0] when the export does not know it). */
  readonly hp: readonly [number, number];
  readonly moves: readonly Sts2MoveFacts[];
  readonly startsWith: string | null;
  /** Move id -> the move ids that may follow it. */
  readonly followUps: Readonly<Record<string, readonly string[]>>;
  readonly repeats: readonly string[];
  readonly powersOnSpawn: readonly string[];
}

export interface Sts2EncounterFacts {
  readonly id: string;
  readonly name: string;
  /** Monster, Elite, Boss. */
  readonly room: string;
  readonly weak: boolean;
  readonly monsters: readonly string[];
  readonly acts: readonly string[];
}

export interface Sts2ActFacts {
  readonly id: string;
  readonly name: string;
  readonly rooms: number;
  readonly encounters: readonly string[];
  readonly bosses: readonly string[];
}

export interface Sts2CharacterFacts {
  readonly id: string;
  readonly name: string;
  readonly hp: number;
  readonly gold: number;
  readonly relic: string;
  readonly deck: readonly string[];
}
