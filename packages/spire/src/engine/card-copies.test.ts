// StS1's Double Tap and Burst copy a card as it is used: their onUseCard runs in UseCardAction's
// constructor, right after card.use has only queued the card's actions (decompiled AbstractPlayer.useCard,
// UseCardAction, BurstPower.onUseCard; sts_lightspeed's BattleContext::useCard runs useSkillCard, which
// queues Havoc's PlayTopCard, then onUseSkillCard, which queues Burst's copy). So the charge is spent
// before the card's effect: Havoc is copied rather than the card it plays, and Burst does not copy itself.
// The copy is then used as a card of its own: the monsters' onUseCard (Enrage's AngerPower, Sharp Hide)
// reacts to it as to the original, and so do the player's (After Image, the relics' counters: sts_lightspeed's
// onUseAttackCard / onUseSkillCard run for purgeOnUse copies), after the original's have resolved.
import { describe, expect, it } from 'vitest';
import { newCombatCard, playAt, runInFight } from './test-helpers.js';

describe('copies of a card played (StS1)', () => {
  it('Burst copies Havoc, not the Skill Havoc plays: two cards come off the draw pile', () => {
    const { run } = runInFight({
      monsters: ['JAW_WORM'],
      deck: Array.from({ length: 10 }, () => 'STRIKE_IRONCLAD'),
    });
    const combat = run.combat;
    const worm = combat?.monsters[0];
    if (combat === null || worm === undefined) throw new Error('expected the Jaw Worm fight');
    worm.hp = 999;
    // The top of the draw pile is its last card.
    combat.drawPile = [
      newCombatCard(run, 'STRIKE_IRONCLAD'),
      newCombatCard(run, 'DEFEND_IRONCLAD'),
      newCombatCard(run, 'DEFEND_IRONCLAD'),
    ];
    combat.player.powers.BURST = 1;
    playAt(run, 'HAVOC');
    expect(combat.player.powers.BURST).toBeUndefined();
    expect(combat.drawPile.map((card) => card.id)).toEqual(['STRIKE_IRONCLAD']);
    expect(combat.exhaustPile.map((card) => card.id)).toEqual(['DEFEND_IRONCLAD', 'DEFEND_IRONCLAD']);
  });

  it('Burst+ leaves 2 charges: the Burst card is not its own next Skill', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], character: 'SILENT' });
    playAt(run, 'BURST', 0, true);
    expect(run.combat?.player.powers.BURST).toBe(2);
  });

  it("Enrage (Gremlin Nob's) reacts to a Burst copy too: a Defend played twice gives it Strength twice", () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'] });
    const monster = run.combat?.monsters[0];
    if (run.combat === null || monster === undefined) throw new Error('expected the Jaw Worm fight');
    monster.powers.ENRAGE = 2;
    run.combat.player.powers.BURST = 1;
    playAt(run, 'DEFEND_IRONCLAD');
    expect(monster.powers.STRENGTH).toBe(4);
  });

  it('Sharp Hide reacts to a Double Tap copy too: the player takes its damage twice', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'] });
    const monster = run.combat?.monsters[0];
    if (run.combat === null || monster === undefined) throw new Error('expected the Jaw Worm fight');
    monster.hp = 999;
    monster.powers.SHARP_HIDE = 3;
    run.combat.player.block = 0;
    run.combat.player.powers.DOUBLE_TAP = 1;
    const hp = run.hp;
    playAt(run, 'STRIKE_IRONCLAD');
    expect(hp - run.hp).toBe(6);
  });

  it("After Image fires for a Burst copy too: a Defend played twice gives the After Image's Block twice", () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'] });
    if (run.combat === null) throw new Error('expected the Jaw Worm fight');
    run.combat.player.block = 0;
    run.combat.player.powers.AFTER_IMAGE = 1;
    run.combat.player.powers.BURST = 1;
    playAt(run, 'DEFEND_IRONCLAD');
    // 5 + 1 for the card, 5 + 1 for its copy (the old code gave After Image's once: 11).
    expect(run.combat.player.block).toBe(12);
  });

  it('a Double Tap copy counts as an Attack played: Shuriken gives Strength when the copy is the third Attack', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], relics: ['SHURIKEN'] });
    const monster = run.combat?.monsters[0];
    if (run.combat === null || monster === undefined) throw new Error('expected the Jaw Worm fight');
    monster.hp = 999;
    run.combat.counters.attacksThisTurn = 1;
    run.combat.player.powers.DOUBLE_TAP = 1;
    playAt(run, 'STRIKE_IRONCLAD');
    expect(run.combat.counters.attacksThisTurn).toBe(3);
    expect(run.combat.player.powers.STRENGTH).toBe(1);
  });

  it('Pen Nib doubles the 10th Attack but not its Double Tap copy, which counts toward the next 10', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], relics: ['PEN_NIB'] });
    const monster = run.combat?.monsters[0];
    const penNib = run.relics[0];
    if (run.combat === null || monster === undefined || penNib === undefined)
      throw new Error('expected the fight');
    monster.hp = 999;
    monster.block = 0;
    penNib.counter = 9;
    run.combat.player.powers.DOUBLE_TAP = 1;
    playAt(run, 'STRIKE_IRONCLAD');
    // 12 for the doubled Strike, 6 for its copy (the old code doubled both: 24).
    expect(999 - monster.hp).toBe(18);
    expect(penNib.counter).toBe(1);
  });
});
