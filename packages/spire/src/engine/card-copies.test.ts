// StS1's Double Tap and Burst copy a card as it is used: their onUseCard runs in UseCardAction's
// constructor, right after card.use has only queued the card's actions (decompiled AbstractPlayer.useCard,
// UseCardAction, BurstPower.onUseCard; sts_lightspeed's BattleContext::useCard runs useSkillCard, which
// queues Havoc's PlayTopCard, then onUseSkillCard, which queues Burst's copy). So the charge is spent
// before the card's effect: Havoc is copied rather than the card it plays, and Burst does not copy itself.
// The copy is then used as a card of its own: the monsters' onUseCard (Enrage's AngerPower, Sharp Hide)
// reacts to it as to the original.
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
});
