// StS2 colorless, event, curse and status cards whose texts are mechanics: cards that play other
// cards (Beat Down, Catastrophe), give Replay (Hidden Gem), hold the hand back (Normality,
// Enthralled), stun (Whistle) or set a rule for the coming turns (The Gambit, Toric Toughness,
// Rebound). Numbers come from the facts; where the export lacks one the rule gives it. Texts are
// the simulator's own.
import type { CardPlay, CombatContext, RelicRestOption } from '../../engine/definitions.js';
import { CARD_STUN, CARD_STUN_MOVE, replayKey } from '../../engine/definitions.js';
import type { CombatCard } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import {
  isUnplayableCard,
  randomPoolCard,
  STS2_CARD_FACTS_BY_ID,
  type Sts2CardRule,
  varOf,
} from './sts2-card-rules.js';

/** The part of a card that acts on other players: a one-player run has none (see the multiplayer rules). */
const ALONE = '(Multiplayer only: with no other player that part does nothing.)';

const typeOf = (card: CombatCard): string => STS2_CARD_FACTS_BY_ID.get(card.id)?.type ?? 'Skill';

/** Takes up to `count` random cards of `pile` that pass `keep` out of it and plays each for free. */
function playRandomFrom(
  x: CombatContext,
  pile: 'drawPile' | 'discardPile',
  count: number,
  keep: (card: CombatCard) => boolean,
): void {
  for (let played = 0; played < count; played++) {
    const combat = x.run.combat;
    // A played card that asks for a choice ends the run of plays (the choice must be made first).
    if (combat === null || combat.over || combat.selection !== null) return;
    const cards = combat[pile].filter(keep);
    const card = cards[x.randomInt(0, cards.length - 1)];
    if (card === undefined) return;
    combat[pile].splice(combat[pile].indexOf(card), 1);
    x.playFree(card, false);
  }
}

/**
 * Stuns a monster: its current move is replaced by a turn doing nothing, after which it makes the move
 * it had (the game's Stun follows up with it). The engine ends the stun in the monster's turn.
 */
export function stun(x: CombatContext, index: number): void {
  const monster = x.run.combat?.monsters[index];
  if (monster === undefined || !monster.alive) return;
  if ((monster.memory[CARD_STUN] ?? 0) === 0) {
    const moves = runServices().getMonster(monster.id).moves;
    const at = moves.findIndex((move) => move.id === monster.move.id);
    // A move the definition lacks resumes as a newly rolled one (index past the end).
    monster.memory[CARD_STUN] = (at < 0 ? moves.length : at) + 1;
  }
  monster.move = { id: CARD_STUN_MOVE, name: 'Stunned', intent: 'Stun', baseDamage: null, hits: 0 };
}

/** Whether Osty is alive (his cards need him). */
const ostyAlive = (x: CombatContext): boolean => (x.run.combat?.summon?.hp ?? 0) > 0;

function playHiddenGem(x: CombatContext, c: CardPlay): void {
  const combat = x.run.combat;
  if (combat === null) return;
  // Cards that have no Replay yet and can be played; Attacks, Skills and Powers first (statuses and
  // curses only when nothing else is left), as the game's notes describe.
  const open = combat.drawPile.filter(
    (card) => (combat.counters[replayKey(card.uid)] ?? 0) === 0 && !isUnplayableCard(card),
  );
  const preferred = open.filter((card) => ['Attack', 'Skill', 'Power'].includes(typeOf(card)));
  const pool = preferred.length > 0 ? preferred : open;
  const card = pool[x.randomInt(0, pool.length - 1)];
  if (card === undefined) return;
  combat.counters[replayKey(card.uid)] = c.magic;
  combat.counters.replaysGiven = (combat.counters.replaysGiven ?? 0) + 1;
}

function playMetamorphosis(x: CombatContext, c: CardPlay): void {
  const combat = x.run.combat;
  if (combat === null) return;
  for (let copy = 0; copy < c.magic; copy++) {
    const id = randomPoolCard(x, 'Attack');
    if (id === null) return;
    x.addCard(id, 'drawRandom');
    // The new card is the run's newest (addCard gives it the next uid).
    const uid = x.run.counters.nextUid - 1;
    const added = combat.drawPile.find((card) => card.uid === uid);
    if (added !== undefined) added.combatCost = 0;
  }
}

function playToricToughness(x: CombatContext, c: CardPlay): void {
  const combat = x.run.combat;
  if (combat === null) return;
  x.gainBlock(c.block);
  // The Block of the coming turns is the card's number, given as Block Next Turn gives it.
  const turns = varOf(c, 'Turns');
  for (let ahead = 1; ahead <= turns; ahead++) {
    const key = `toric:${combat.turn + ahead}`;
    combat.counters[key] = (combat.counters[key] ?? 0) + c.block;
  }
  x.applyToPlayer('TORIC_TOUGHNESS', c.block * turns);
}

/**
 * Byrdonis Egg's Hatch: Byrdpip is obtained, and the game's Byrdpip turns the Egg into Byrd Swoop on
 * pickup (the simulator's adds Byrd Swoop, so the Egg leaves the deck here). Like the other rest
 * options it uses the site's one action.
 */
const HATCH: RelicRestOption = {
  id: 'hatch',
  title: 'Hatch',
  label: 'Hatch: your Byrdonis Egg hatches into Byrdpip (obtain the relic; the Egg becomes Byrd Swoop).',
  enabled: (run) => run.deck.some((card) => card.id === 'BYRDONIS_EGG'),
  choose: (run) => {
    const egg = run.deck.findIndex((card) => card.id === 'BYRDONIS_EGG');
    if (egg < 0) return;
    run.deck.splice(egg, 1);
    runServices().addRelic(run, 'BYRDPIP');
  },
};

/** Guilty's number of combats (the facts' Combats). */
const GUILTY_COMBATS = STS2_CARD_FACTS_BY_ID.get('GUILTY')?.vars.Combats?.[0] ?? 5;

export const STS2_COLORLESS_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  // ---- Colorless ----
  BEAT_DOWN: {
    text: 'Play !M! random Attacks from your Discard Pile.',
    playable: true,
    play: (x, c) =>
      playRandomFrom(
        x,
        'discardPile',
        c.magic,
        (card) => typeOf(card) === 'Attack' && !isUnplayableCard(card),
      ),
  },
  CATASTROPHE: {
    text: 'Play !M! random cards from your Draw Pile.',
    playable: true,
    play: (x, c) => playRandomFrom(x, 'drawPile', c.magic, (card) => !isUnplayableCard(card)),
  },
  HIDDEN_GEM: {
    text: 'A random card without Replay in your Draw Pile gains Replay !M!.',
    playable: true,
    // The export gives the card no variables; the game's text says Replay 2 (3 upgraded).
    magic: [2, 3],
    play: playHiddenGem,
  },
  JACKPOT: {
    text: [
      'Deal !D! damage. Add !M! random 0-cost cards of your character into your Hand.',
      'Deal !D! damage. Add !M! random Upgraded 0-cost cards of your character into your Hand.',
    ],
    play: (x, c) => {
      x.attack(c.target, c.damage);
      for (let copy = 0; copy < varOf(c, 'Cards'); copy++) {
        const id = randomPoolCard(
          x,
          null,
          (facts) => facts.cost === 0 && !facts.keywords.includes('Unplayable'),
        );
        if (id !== null) x.addCard(id, 'hand', c.upgraded);
      }
    },
  },
  THE_GAMBIT: {
    // The wiki's notes: the Block does not take Dexterity or other changes (No Block still stops it).
    text: 'Gain !B! Block. If you take unblocked attack damage this combat, die.',
    play: (x, c) => {
      if (x.playerPower('NO_BLOCK') === 0) x.gainBlock(c.block, true);
      x.applyToPlayer('THE_GAMBIT', 1);
    },
  },
  INTERCEPT: {
    text: `Gain !B! Block. Redirect all attacks on another player this turn to you. ${ALONE}`,
    play: (x, c) => x.gainBlock(c.block),
  },
  KNOCKDOWN: {
    text: [
      `Deal !D! damage. The enemy takes double damage from other players this turn. ${ALONE}`,
      `Deal !D! damage. The enemy takes triple damage from other players this turn. ${ALONE}`,
    ],
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'KNOCKDOWN', c.magic);
    },
  },
  TAG_TEAM: {
    text: `Deal !D! damage. The next Attack another player plays on the enemy is played an extra time. ${ALONE}`,
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'TAG_TEAM', 1);
    },
  },
  // ---- Curses ----
  ENTHRALLED: {
    text: 'If this is in your Hand, it must be played before other cards.',
    play: () => {},
    whileInHand: (_x, other) =>
      other.id === 'ENTHRALLED' ? null : 'Enthralled: it must be played before other cards.',
  },
  GUILTY: {
    text: `Removed from your Deck after ${GUILTY_COMBATS} combats.`,
    leavesDeckAfterCombats: GUILTY_COMBATS,
  },
  NORMALITY: {
    text: 'You cannot play more than 3 cards this turn.',
    whileInHand: (x) =>
      x.counter('cardsThisTurn') >= 3 ? 'Normality: you cannot play more than 3 cards this turn.' : null,
  },
  // ---- Quest cards ----
  BYRDONIS_EGG: {
    text: 'Can be hatched at a Rest Site (Hatch: obtain Byrdpip; the Egg becomes Byrd Swoop).',
    restOption: HATCH,
  },
  // ---- Tokens ----
  SWEEPING_GAZE: {
    text: 'Osty deals !D! damage to a random enemy.',
    unplayableReason: (x) => (ostyAlive(x) ? null : 'Sweeping Gaze needs Osty alive.'),
    play: (x, c) => x.summonAttack(x.randomMonsterIndex(), c.damage),
  },
  // ---- Event cards ----
  METAMORPHOSIS: {
    text: "Add !M! random Attacks of your character into your Draw Pile. They're free to play this combat.",
    play: playMetamorphosis,
  },
  REBOUND: {
    text: 'Deal !D! damage. Put the next card you play this turn on top of your Draw Pile.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      const combat = x.run.combat;
      if (combat === null) return;
      // The engine moves the next card played and uses one Rebound up; this card is spared unless an
      // earlier Rebound is still waiting (then this one is that "next card").
      combat.counters.reboundCard = (combat.player.powers.REBOUND ?? 0) > 0 ? -1 : c.card.uid;
      x.applyToPlayer('REBOUND', 1);
    },
  },
  STACK: {
    text: [
      'Gain Block equal to the number of cards in your Discard Pile.',
      'Gain Block equal to the number of cards in your Discard Pile +!M!.',
    ],
    // The export gives the card no variables; the game's text adds 3 when upgraded.
    magic: [0, 3],
    play: (x, c) => x.gainBlock((x.run.combat?.discardPile.length ?? 0) + c.magic),
  },
  TORIC_TOUGHNESS: {
    text: 'Gain !B! Block. Gain !B! Block at the start of the next 2 turns.',
    play: playToricToughness,
  },
  WHISTLE: {
    text: 'Deal !D! damage. Stun the enemy.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      stun(x, c.target);
    },
  },
};
