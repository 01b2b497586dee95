// StS2 powers: names and kinds from the facts, the simulator's own text, and whether the engine
// models the power's behaviour (its hooks live in engine/combat.ts, keyed by these ids).
import type { PowerDefinition } from '../../engine/definitions.js';
import { STS2_POWER_FACTS } from './data/sts2-power-facts.js';

/** The simulator's text for the powers whose behaviour the engine models. */
const MODELLED: Readonly<Record<string, string>> = {
  SLIPPERY: 'The next times it loses HP (as many as its amount), it loses only 1 HP instead.',
  HARD_TO_KILL: 'Each hit it takes and each HP loss is reduced to 9 (before its Block).',
  HARDENED_SHELL:
    "It cannot lose more than its amount of HP each turn (counted over the player's turn and the monsters' turn after it; the export does not say when the count restarts).",
  SKITTISH: "The first time it is hit each turn (counted from the player's turn), it gains that much Block.",
  CURL_UP: 'Gains that much Block upon first being hit (once).',
  VITAL_SPARK: 'The first time it takes Attack damage each turn, the player gains 1 Energy.',
  PERSONAL_HIVE: 'Whenever an Attack hits it, adds that many Dazed into your draw pile.',
  SLOW: 'Whenever you play a card, it takes 10% more damage from Attacks this turn (counted after the card).',
  PAPER_CUTS: 'Whenever it deals unblocked attack damage to you, you lose that much Max HP.',
  SUCK: 'Whenever it deals unblocked attack damage to you, it gains that much Strength.',
  STRENGTH: 'Adds its amount to the damage of each hit of Attacks (negative amounts reduce it).',
  DEXTERITY: 'Adds its amount to the Block gained from cards (negative amounts reduce it).',
  VULNERABLE: 'Takes 50% more damage from Attacks. Decreases by 1 at the end of each round.',
  WEAK: 'Deals 25% less damage with Attacks. Decreases by 1 at the end of each round.',
  FRAIL: 'Gains 25% less Block from cards. Decreases by 1 at the end of each round.',
  POISON: 'Loses that much HP at the start of its turn, then Poison decreases by 1.',
  THORNS: 'When hit by an attack, deals its amount back to the attacker.',
  PLOW: 'The first time its HP falls to this amount or below, it loses Plow and its Strength and is stunned.',
  SHRIEK: 'The first time its HP falls to half its max HP or below, it is stunned.',
  INTANGIBLE: 'Damage and HP loss taken are reduced to 1. Decreases by 1 each round.',
  ARTIFACT: 'Negates the next debuff applied.',
  RITUAL: 'Gains that much Strength at the end of each of its turns.',
  METALLICIZE: 'Gains that much Block at the end of each turn.',
  PLATING:
    "Gains that much Block at the end of its owner's turn; decreases by 1 at the start of its owner's turn.",
  DEMON_FORM: 'At the start of your turn, gain that much Strength.',
  NOXIOUS_FUMES: 'At the start of your turn, apply that much Poison to ALL enemies.',
  FEEL_NO_PAIN: 'Whenever a card is Exhausted, gain that much Block.',
  RUPTURE: 'Whenever you lose HP, gain that much Strength.',
  ENVENOM: 'Whenever an Attack deals unblocked damage, apply that much Poison.',
  AFTERIMAGE: 'Whenever you play a card, gain that much Block.',
  NO_DRAW: 'You cannot draw more cards this turn.',
  VIGOR: 'Your next Attack deals that much more damage.',
  BLUR: 'Block is not removed at the start of your next turn(s).',
  BARRICADE: 'Block is not removed at the start of your turn.',
  PYRE: 'Gain that much Energy at the start of each turn.',
  FURNACE: 'At the start of your turn, Forge that much.',
  INFERNO:
    'At the start of your turn, lose 1 HP; whenever you lose HP on your turn, deal that much damage to ALL enemies.',
  SERPENT_FORM: 'Whenever you play a card, deal that much damage to a random enemy.',
  DISINTEGRATION: 'At the end of your turn, take that much damage.',
  DRAW_CARDS_NEXT_TURN: 'At the start of your next turn, draw that many more cards.',
  ENERGY_NEXT_TURN: 'At the start of your next turn, gain that much Energy.',
  WASTE_AWAY: 'Gain that much less Energy each turn.',
  MIND_ROT: 'Draw that many fewer cards each turn.',
  SLOTH: 'You cannot play more than 3 cards each turn.',
  IMBALANCED:
    "When this creature's attack is fully blocked, it is Off Balance and spends its next turn Dizzy.",
  FREE_ATTACK: 'Your next Attack costs 0.',
  SURROUNDED:
    'Enemies attacking from behind deal 50% more damage. The simulator faces the last enemy you targeted; enemies with Back Attack that you do not face attack from behind.',
  BACK_ATTACK_LEFT: 'Deals 50% more damage when attacking you from behind (see Surrounded).',
  BACK_ATTACK_RIGHT: 'Deals 50% more damage when attacking you from behind (see Surrounded).',
  STRANGLE: 'Whenever you play a card this turn, this enemy loses that much HP.',
  GRASP: 'Whenever you play a card, lose 1 Energy.',
  HUNGER: 'Whenever you play an Attack or Skill, it is Exhausted.',
  SCRUTINY: 'You cannot draw additional cards during your turn (the turn-start draw still happens).',
  CRAB_RAGE: 'When an ally dies, gains 5 Strength and 99 Block.',
  ADAPTABLE: 'When it would die, it revives at full HP for its next phase (Test Subject).',
  MINION: 'Leaves combat when no enemy without Minion is left.',
  STEAM_ERUPTION: 'When killed, deals that much damage to you at the end of your next turn.',
  NEMESIS: 'At the end of every other turn, gains 1 Intangible.',
  PAINFUL_STABS:
    'Whenever it deals unblocked attack damage to you, shuffle that many Wounds into your Discard Pile.',
  CHAINS_OF_BINDING:
    'The first cards you draw each turn (its amount) are Bound: the simulator makes them unplayable that turn; the exact rule of Bound in the real game is not known to the simulator.',
  DOOM: 'At the end of its turn, a creature whose HP is at most its Doom dies.',
  SHACKLED: 'Regains that much Strength at the end of the round.',
  LOSE_STRENGTH: 'Loses that much Strength at the end of your turn.',
  LOSE_DEXTERITY: 'Loses that much Dexterity at the end of your turn.',
  TANK: 'Takes double damage from enemies (the half damage it gives allies has no ally to protect in single-player).',
  ROYALTIES: 'At the end of a won combat, gain that much Gold.',
  SWORD_SAGE: 'Sovereign Blade hits that many additional times.',
  REAPER_FORM: 'Whenever an Attack of yours deals damage, it also applies that much Doom.',
  CALAMITY: 'Whenever you play an Attack, add a random Attack of your character into your Hand.',
  NIGHTMARE: 'At the start of your next turn, the copies chosen with Nightmare go into your Hand.',
  MAYHEM: 'At the start of your turn, play the top card of your Draw Pile (once per stack).',
  SPECTRUM_SHIFT: 'At the start of your turn, add that many random Colorless cards into your Hand.',
  MONARCHS_GAZE:
    'Whenever you hit an enemy with an attack, it loses that much Strength until the end of the round.',
  DANSE_MACABRE: 'Whenever you play a card that costs 2 Energy or more, gain that much Block.',
  NEXT_TURN_ENERGY: 'Gain that much Energy next turn.',
  DEBILITATE:
    'Vulnerable and Weak are twice as effective against it; decreases by 1 at the end of each of its turns.',
  BORROWED_TIME: 'Cards cost 1 more Energy this turn.',
  SIC_EM: 'Whenever Osty hits it this turn, Summon that much.',
  CLARITY: 'At the start of each of your next turns (its amount), draw 1 more card.',
  RADIANCE: 'At the start of each of your next turns (its amount), gain 1 more Energy.',
  DEMISE: 'Loses that much HP at the end of each of its turns.',
  RETAIN_HAND: 'Your Hand is Retained at the end of each of your next turns (its amount).',
  SHRINK: 'Its attacks deal 30% less damage; decreases by 1 at the end of each of its turns.',
  DUPLICATION: 'This turn, your next card (that many) is played an extra time.',
  GIGANTIFICATION: 'Your next Attack (that many) deals triple damage.',
  CONSTRICT: 'While the Slithering Strangler lives, take that much damage at the end of your turn.',
  HEX: 'While the Spectral Knight lives, every card in your Hand is Ethereal.',
  RINGING: 'You can play only 1 card this turn.',
  SANDPIT:
    "The Insatiable's: falls by 1 before each of its moves; when it reaches 0, the player is killed. Frantic Escape raises it by 1.",
  SMOGGY: 'You can play only 1 Skill per turn.',
  TANGLED: 'Attacks cost 1 more Energy; decreases by 1 at the end of your turn.',
  ESCAPE_ARTIST: 'Escapes the combat after that many turns (its move pattern: the Escape move).',
  FLUTTER:
    'Takes half damage from attacks; each attack that deals it damage takes 1 Flutter away, and the one that takes the last Stuns it (its next turn does nothing; the simulator then resumes the move it interrupted: the export does not say).',
  SOAR: 'Takes half damage from attacks until it lands.',
  THIEVERY: 'Each of its moves steals that much Gold after its damage; the Gold comes back if it is killed.',
  SURPRISE:
    'When it dies, a Sneaky Gremlin and a Fat Gremlin appear; the Fat Gremlin takes the stolen Gold (Heist).',
  HATCH:
    "A Tough Egg's: it hatches on its first move, which removes Hatch and makes it a Hatchling with 20-23 HP. (That it hatches on its first move is read from its page's move order: the count of turns is shown, not counted down. The 20-23 HP is the export's only value, given at ascension.)",
  CURIOUS: 'Powers cost that much Energy less.',
  IMPROVEMENT: 'At the end of combat, Upgrade that many random cards of your deck.',
  REATTACH:
    "A Decimillipede segment's: killed while another segment lives, it lies dead for a turn, then comes back with that much HP. Killed when no other segment lives, it dies.",
  SWIPE: 'Holds the card it stole from your deck: killing it gives the card back to your deck.',
  HEIST: 'Holds that much stolen Gold: killing it gives the Gold back; fleeing, it keeps it.',
  BURROWED:
    'Its Block is not removed at the start of its turn. When damage removes all its Block, it is Stunned and loses Burrowed (the Tunneler spends the stun Still Dizzy, then Bites; that the stun ends Burrowed is inferred).',
  NEXT_TURN_DRAW: 'Draw that many more cards next turn.',
  WRAITH_FORM:
    'Loses that much Dexterity every turn (at the end of the turn here; the game takes it at the start of the next, which changes no Block in between).',
  COLOSSUS: 'This turn, take 50% less damage from Vulnerable enemies.',
  CONQUEROR: 'Sovereign Blade deals double damage to this enemy this turn.',
  HANG: 'Hang cards deal that many times their damage to this enemy.',
  MASTER_PLANNER: 'When you play a Skill, it gains Sly.',
  VEILPIERCER: 'The next Ethereal cards you play (its amount) cost 0.',
  NO_ENERGY_GAIN: 'You cannot gain Energy this turn.',
  REFLECT: 'Attack damage your Block takes is dealt back to the attacker, until your next turn.',
  THE_HUNT: 'Gain that many more card rewards at the end of combat.',
  SEEKING_EDGE: 'Sovereign Blade hits ALL enemies.',
  ACCURACY: 'Shivs deal that much more damage.',
  PHANTOM_BLADES: 'The first Shiv you play each turn deals that much more damage.',
  ANTICIPATE: 'Dexterity gained until the end of this turn.',
  REPTILE_TRINKET: 'Strength gained until the end of this turn.',
  CRUELTY: 'Vulnerable enemies take that much more damage, in percent, from your Attacks.',
  TRACKING: 'Weak enemies take double damage from your Attacks.',
  ACCELERANT: 'Poison triggers that many additional times.',
  BLACK_HOLE: 'Whenever you gain or spend Stars, deal that much damage to ALL enemies.',
  CHILD_OF_THE_STARS: 'Whenever you spend Stars, gain that much Block for each Star spent.',
  CRIMSON_MANTLE: 'At the start of your turn, lose 1 HP and gain that much Block.',
  GENESIS: 'At the start of your turn, gain that many Stars.',
  DEMESNE: 'At the start of your turn, gain that much Energy and draw that many more cards.',
  PREP_TIME: 'At the start of your turn, gain that much Vigor.',
  ROLLING_BOULDER: 'At the start of your turn, deal that much damage to ALL enemies, then it grows by 5.',
  COUNTDOWN: 'At the start of your turn, apply that much Doom to a random enemy.',
  SENTRY_MODE: 'At the start of your turn, add that many Sweeping Gaze into your Hand.',
  AGGRESSION:
    'At the start of your turn, put a random Attack from your Discard Pile into your Hand and Upgrade it.',
  DRUM_OF_BATTLE: 'At the start of your turn, Exhaust the top card of your Draw Pile.',
  THE_BOMB: 'Bombs counting down; each deals its damage to ALL enemies at the end of its third turn.',
  PALE_BLUE_DOT: 'If you play 5 or more cards in a turn, draw that many more cards next turn.',
  CORROSIVE_WAVE: 'This turn, whenever you draw a card, apply that much Poison to ALL enemies.',
  SPEEDSTER: 'Whenever you draw a card during your turn, deal that much damage to ALL enemies.',
  PAGESTORM: 'Whenever you draw an Ethereal card, draw that many cards.',
  AUTOMATION: 'Every 10 cards you draw, gain that much Energy.',
  MONOLOGUE: 'This turn, whenever you play a card, gain that much Strength this turn.',
  TENDER: 'Whenever you play a card, lose that much Strength and Dexterity this turn.',
  PANACHE: 'Every 5th card you play in a turn deals that much damage to ALL enemies.',
  SPIRIT_OF_ASH: 'Whenever you play an Ethereal card, gain that much Block.',
  PARRY: 'Whenever you play Sovereign Blade, gain that much Block.',
  DEVOUR_LIFE: 'Whenever you play a Soul, Summon that much.',
  HAUNT: 'Whenever you play a Soul, a random enemy loses that much HP.',
  VICIOUS: 'Whenever you apply Vulnerable, draw that many cards.',
  OUTBREAK: 'Every 3 times you apply Poison, deal that much damage to ALL enemies.',
  SHROUD: 'Whenever you apply Doom, gain that much Block.',
  SLEIGHT_OF_FLESH: 'Whenever you apply a debuff to an enemy, it takes that much damage.',
  FREE_SKILL: 'Your next Skill costs 0.',
  VOID_FORM: 'The first cards you play each turn (its amount) cost 0.',
  RAGE: 'This turn, whenever you play an Attack, gain that much Block.',
  FLAME_BARRIER: 'This turn, whenever you are attacked, deal that much damage back.',
  BURST: 'This turn, your next Skill is played an extra time (per stack).',
  DOUBLE_DAMAGE: 'This turn, your Attacks deal double damage.',
  INFINITE_BLADES: 'At the start of your turn, add that many Shivs into your Hand.',
  TOOLS_OF_THE_TRADE: 'At the start of your turn, draw that many cards, then discard that many.',
  DARK_EMBRACE: 'Whenever a card is Exhausted, draw that many cards.',
  JUGGERNAUT: 'Whenever you gain Block, deal that much damage to a random enemy.',
  DOUBLE_TAP: 'This turn, your next Attack is played an extra time (per stack).',
  NEXT_TURN_BLOCK: 'Gain that much Block at the start of your next turn.',
  DOUBLE_DAMAGE_NEXT: 'Next turn, your Attacks deal double damage.',
  WELL_LAID_PLANS: 'At the end of your turn, choose up to that many cards to Retain.',
  CALCIFY: "Osty's attacks deal that much more damage.",
  FRIENDSHIP: 'Gain that much Energy at the start of each turn.',
  SUMMON_NEXT_TURN: 'At the start of your next turn, Summon that much.',
  STAR_NEXT_TURN: 'At the start of your next turn, gain that many Stars.',
  FAN_OF_KNIVES: 'Shivs hit ALL enemies.',
  SHADOWMELD: 'This turn, Block you gain is doubled.',
  UNMOVABLE: 'The first time you gain Block from a card each turn, it is doubled.',
  JUGGLING: 'The third Attack you play each turn adds a copy of itself into your Hand.',
  STAMPEDE:
    'At the end of your turn, that many random Attacks in your Hand are played against random enemies.',
  HELLRAISER: 'Whenever you draw a card containing "Strike", it is played against a random enemy.',
  FASTEN: 'Defend cards give that much more Block.',
  ORBIT: 'Every 4 Energy you spend on cards, gain that much Energy.',
  PILLAR_OF_CREATION: 'Whenever you create a card (add a new card to a pile), gain that much Block.',
  ARSENAL: 'Whenever you create a card (add a new card to a pile), gain that much Strength.',
  OBLIVION: 'This turn, whenever you play a card, this enemy gets that much Doom.',
  TYRANNY:
    'At the start of your turn, draw that many cards, then Exhaust that many chosen cards from your Hand (skipped if another start-of-turn choice is open).',
  NOSTALGIA:
    'The first Attack or Skill you play each turn goes on top of your Draw Pile instead of the Discard Pile.',
  LETHALITY:
    'The first Attack each turn deals that much more damage, in percent (after the first, the shown damage of Attacks in hand keeps the bonus until another Attack is played).',
  FOREGONE_CONCLUSION:
    'At the start of your next turn, choose that many cards of your Draw Pile to put into your Hand (before Tyranny; if another start-of-turn choice is open, it waits a turn).',
  DIAMOND_DIADEM: 'Enemy attacks deal half damage to you until the start of your next turn.',
  STRATAGEM:
    'Whenever your Draw Pile is shuffled, choose that many of its cards to put into your Hand (when a draw shuffled it, from the cards left after that draw; skipped while another choice is open).',
  NO_BLOCK: 'You gain no Block from cards. Decreases by 1 at the end of your turn.',
  THE_GAMBIT: 'If you take unblocked attack damage this combat, you die.',
  TORIC_TOUGHNESS:
    'The Block Toric Toughness still gives at the start of your coming turns (in all: each turn gives its share).',
  REBOUND: 'The next card you play this turn goes on top of your Draw Pile.',
  ENTROPY:
    'At the start of your turn, Transform that many cards you choose from your Hand into random cards of their pool, for the rest of the combat (after Tyranny; skipped if another start-of-turn choice is open).',
  TERRITORIAL:
    'At the end of its turn, gains that much Strength. (The Byrdonis page gives no amount: it spawns with 1.)',
  HIGH_VOLTAGE: 'At the start of its turn, before its move, gains that much Strength.',
  RAMPART: "At the start of the player's turn, each living Turret Operator gains that much Block.",
  ENRAGE: 'Whenever you play a Skill, gains that much Strength.',
  RAVENOUS:
    'When another enemy dies, it eats it: it is Stunned (its next turn does nothing) and gains that much Strength.',
  POSSESS_STRENGTH:
    'When killed, gives back the Strength its moves took from you (what Artifact blocked is not given).',
  POSSESS_SPEED:
    'When killed, gives back the Dexterity its moves took from you (what Artifact blocked is not given).',
  SLUMBER:
    'Asleep (it only Snores): falls by 1 at the end of each of its turns and each time it loses HP; at 0 it wakes, loses its Plating and Rolls Out.',
  ASLEEP:
    'Asleep (it only Sleeps): falls by 1 at the end of each of its turns; at 0, or as soon as it loses HP, it wakes and Slashes.',
  STOCK:
    'When killed, a new Axebot takes its place with 1 less Stock and opens with Boot Up (Stock 2: two replacements).',
  ILLUSION:
    "When it dies, it revives at full HP in the enemies' next turn (acting again from the turn after); it comes with Minion, so it leaves once no other enemy lives.",
  GALVANIC:
    'Your Power cards are Galvanized while it lives: playing one deals you that much damage (Block takes it first). The export does not say what Galvanized does: this reading is inferred from the amount.',
  INFESTED:
    'When it dies, 4 Wrigglers take its place, each spending its first turn stunned, then biting and wriggling in turn (which comes first is not in the export: the simulator picks at random).',
  BATTLEWORN_DUMMY_TIME_LIMIT:
    "The turns left to defeat the Battleworn Dummy: falls by 1 after each of your turns (inferred timing); at 0 the dummy leaves, the fight ends and the event's reward is lost. Defeated in time, it gives the reward.",
  DAMPEN:
    "While the Magi Knight lives, your cards are Downgraded: at the end of each of its turns it downgrades every upgraded card of the fight's piles, and its death upgrades them again (a card upgraded in between stays upgraded until the Knight's next turn ends).",
};

/** Powers that wear off by 1 at the end of each round. */
const TURN_BASED = new Set(['VULNERABLE', 'WEAK', 'FRAIL']);

/** Powers the engine uses internally that the export does not list. */
const ENGINE_ONLY: readonly [string, string, boolean][] = [
  ['SHACKLED', 'Shackled', false],
  ['LOSE_STRENGTH', 'Strength Down', true],
  ['LOSE_DEXTERITY', 'Dexterity Down', true],
  ['NEXT_TURN_ENERGY', 'Energy Next Turn', false],
  ['NEXT_TURN_DRAW', 'Draw Next Turn', false],
  ['BOUND', 'Bound', true],
  ['DOUBLE_TAP', 'Double Tap', false],
  ['NEXT_TURN_BLOCK', 'Block Next Turn', false],
  ['DOUBLE_DAMAGE_NEXT', 'Double Damage Next Turn', false],
];

const NAMES = new Map<string, string>();
for (const facts of STS2_POWER_FACTS) NAMES.set(facts.id, facts.name);
for (const [id, name] of ENGINE_ONLY) if (!NAMES.has(id)) NAMES.set(id, name);

export function sts2PowerName(id: string): string {
  return NAMES.get(id) ?? id;
}

export function isModelledSts2Power(id: string): boolean {
  return MODELLED[id] !== undefined;
}

export function buildSts2Powers(): PowerDefinition[] {
  const powers: PowerDefinition[] = STS2_POWER_FACTS.map((facts) => ({
    id: facts.id,
    name: facts.name,
    debuff: facts.debuff,
    turnBased: TURN_BASED.has(facts.id),
    text:
      MODELLED[facts.id] ??
      `${facts.debuff ? 'Debuff' : 'Buff'} of Slay the Spire 2; its effect is not simulated (only its amount is tracked).`,
  }));
  for (const [id, name, debuff] of ENGINE_ONLY) {
    if (powers.some((power) => power.id === id)) continue;
    powers.push({ id, name, debuff, turnBased: false, text: MODELLED[id] ?? 'Engine bookkeeping.' });
  }
  return powers;
}
