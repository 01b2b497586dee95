// Generates the StS2 fact tables of `packages/spire/src/content/sts2/data/` from a public Slay the
// Spire 2 wiki data export (JSON per game version, e.g. the `data/v0.103.2/` folder of the
// tfriedel/sts2-wiki repository). Only facts are kept: ids, names, types, rarities, costs, numbers,
// move patterns. Rules texts are not copied: each sentence of a card's, relic's or potion's text is
// matched against the effects the simulator models and stored as a structured effect, or counted as
// not simulated. The simulator writes its own text from these effects.
//
//   node --import tsx scripts/generate-sts2-data.ts <export-folder> <game-version>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;

const [folder, version] = process.argv.slice(2);
if (folder === undefined || version === undefined) {
  console.error('usage: generate-sts2-data.ts <export-folder> <game-version>');
  process.exit(2);
}
const out = 'packages/spire/src/content/sts2/data';

function load(name: string): Json[] {
  return JSON.parse(readFileSync(join(folder as string, `${name}.json`), 'utf8')) as Json[];
}

/** `SovereignBlade` -> `SOVEREIGN_BLADE`, the id the agent mod reports. */
function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
}

const powersRaw = load('powers');
const powerByTitle = new Map<string, string>();
for (const power of powersRaw) {
  const id = snake(String(power.class_name)).replace(/_POWER$/, '');
  powerByTitle.set(String(power.title).toLowerCase(), id);
}
const cardsRaw = load('cards');
const cardByTitle = new Map<string, string>();
for (const card of cardsRaw)
  cardByTitle.set(String(card.title).toLowerCase(), snake(String(card.class_name)));

type Amount = string | number;
type Effect = Record<string, Amount | boolean>;

/** Cleans a text template into sentences with `{Var}` placeholders and no markup. */
function sentences(template: string): string[] {
  const clean = template
    .replace(/\[\/?[a-z_]+(=[^\]]*)?\]/g, '')
    .replace(/\{(\w+):(starIcons|energyIcons)\(\)\}/g, '{$1} $2')
    .replace(/\{\w+:plural:([^|}]*)\|([^}]*)\}/g, '$2')
    .replace(/\{(\w+)(:[^}]*)?\}/g, '{$1}')
    .replace(/\s+/g, ' ')
    .trim();
  return clean
    .split(/(?<=[.!])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

function amountOf(token: string | undefined): Amount {
  if (token === undefined) return 1;
  if (/^\{\w+\}$/.test(token)) return token.slice(1, -1).replace(/Power$/, '');
  if (token === 'a' || token === 'an' || token === 'one') return 1;
  if (token === 'twice') return 2;
  return Number(token);
}

const N = String.raw`(\{\w+\}|\d+|a|an)`;

function powerId(name: string): string | null {
  return (
    powerByTitle.get(name.toLowerCase().replace(/s$/, '')) ?? powerByTitle.get(name.toLowerCase()) ?? null
  );
}

/** Maps one sentence onto modelled effects, or null when the simulator does not model it. */
function parseSentence(sentence: string, target: string): Effect[] | null {
  const s = sentence.replace(/ ?(stars|starIcons|energyIcons|energy)(?=[ .,])/g, '').replace(/\s+\./g, '.');
  const single = target === 'AnyEnemy' ? 'target' : target === 'RandomEnemy' ? 'random' : 'all';
  let m: RegExpMatchArray | null;
  m = s.match(
    new RegExp(`^Deal ${N} damage( to ALL enemies| to a random enemy)?( twice| ${N} times| X times)?\\.$`),
  );
  if (m) {
    const where = m[2] === ' to ALL enemies' ? 'all' : m[2] === ' to a random enemy' ? 'random' : single;
    const hits = m[3] === undefined ? 1 : m[3] === ' twice' ? 2 : m[3] === ' X times' ? 'X' : amountOf(m[4]);
    return [{ kind: 'damage', amount: amountOf(m[1]), target: where, hits }];
  }
  m = s.match(new RegExp(`^Gain ${N} Block\\.$`));
  if (m) return [{ kind: 'block', amount: amountOf(m[1]) }];
  m = s.match(new RegExp(`^Draw ${N} cards?\\.$`));
  if (m) return [{ kind: 'draw', amount: amountOf(m[1]) }];
  m = s.match(/^Draw (\{\w+\})\.$/);
  if (m) return [{ kind: 'draw', amount: amountOf(m[1]) }];
  m = s.match(new RegExp(`^Gain ${N}\\.$`));
  if (m) {
    const amount = amountOf(m[1]);
    if (typeof amount === 'string' && /Star/.test(amount)) return [{ kind: 'stars', amount }];
    return [{ kind: 'energy', amount }];
  }
  m = s.match(new RegExp(`^Next turn, gain ${N}\\.$`));
  if (m) return [{ kind: 'nextTurnEnergy', amount: amountOf(m[1]) }];
  m = s.match(new RegExp(`^Lose ${N} HP\\.$`));
  if (m) return [{ kind: 'loseHp', amount: amountOf(m[1]) }];
  m = s.match(new RegExp(`^Heal ${N} HP\\.$`));
  if (m) return [{ kind: 'heal', amount: amountOf(m[1]) }];
  m = s.match(new RegExp(`^Forge ${N}\\.$`));
  if (m) return [{ kind: 'forge', amount: amountOf(m[1]) }];
  m = s.match(new RegExp(`^Summon ${N}\\.$`));
  if (m) return [{ kind: 'summon', amount: amountOf(m[1]) }];
  m = s.match(new RegExp(`^Osty deals ${N} damage( to ALL enemies)?\\.$`));
  if (m) {
    return [{ kind: 'osty', amount: amountOf(m[1]), target: m[2] === undefined ? single : 'all' }];
  }
  m = s.match(new RegExp(`^Apply ${N} ([A-Z][\\w ]*?)( to ALL enemies)?\\.$`));
  if (m) {
    const id = powerId(m[2] ?? '');
    if (id === null) return null;
    return [{ kind: 'power', power: id, amount: amountOf(m[1]), to: m[3] === undefined ? single : 'all' }];
  }
  m = s.match(new RegExp(`^Gain ${N} ([A-Z][\\w ]*?)( this turn)?\\.$`));
  if (m) {
    const id = powerId(m[2] ?? '');
    if (id === null) return null;
    const effect: Effect = { kind: 'power', power: id, amount: amountOf(m[1]), to: 'self' };
    if (m[3] !== undefined) effect.thisTurn = true;
    return [effect];
  }
  m = s.match(new RegExp(`^(Enemy loses|ALL enemies lose) ${N} Strength this turn\\.$`));
  if (m) {
    return [
      {
        kind: 'power',
        power: 'STRENGTH',
        amount: amountOf(m[2]),
        to: m[1] === 'Enemy loses' ? single : 'all',
        negative: true,
        thisTurn: true,
      },
    ];
  }
  m = s.match(new RegExp(`^Add ${N} ([A-Z][\\w' ]*?) into your (Hand|Discard Pile|Draw Pile)\\.$`));
  if (m) {
    const id =
      cardByTitle.get((m[2] ?? '').toLowerCase().replace(/s$/, '')) ??
      cardByTitle.get((m[2] ?? '').toLowerCase());
    if (id === undefined) return null;
    const pile = m[3] === 'Hand' ? 'hand' : m[3] === 'Discard Pile' ? 'discard' : 'drawRandom';
    return [{ kind: 'addCard', card: id, amount: amountOf(m[1]), pile }];
  }
  m = s.match(new RegExp(`^The enemy gains ${N} Strength\\.$`));
  if (m) {
    return [{ kind: 'power', power: 'STRENGTH', amount: amountOf(m[1]), to: single }];
  }
  m = s.match(new RegExp(`^Add ${N} into your (Hand|Discard Pile|Draw Pile)\\.$`));
  if (m) return null;
  if (s === 'Add a copy of this card into your Discard Pile.') return [{ kind: 'copySelf', pile: 'discard' }];
  m = s.match(new RegExp(`^Raise your Max HP by ${N}\\.$`));
  if (m) return [{ kind: 'maxHp', amount: amountOf(m[1]) }];
  return null;
}

interface Parsed {
  effects: Effect[];
  unmodelled: number;
}

function parseText(template: string, target: string): Parsed {
  const effects: Effect[] = [];
  let unmodelled = 0;
  for (const sentence of sentences(template)) {
    const parsed = parseSentence(sentence, target);
    if (parsed === null) unmodelled++;
    else effects.push(...parsed);
  }
  return { effects, unmodelled };
}

function varsOf(raw: Json): Record<string, [number, number]> {
  const vars: Record<string, [number, number]> = {};
  for (const entry of (raw.vars as Json[] | undefined) ?? []) {
    const name = String(entry.type);
    const base = Number(entry.base_value);
    const upgraded = entry.upgraded_value === undefined ? base : Number(entry.upgraded_value);
    vars[name] = [base, upgraded];
  }
  return vars;
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function write(name: string, header: string, type: string, typeName: string, rows: unknown[]): void {
  const body = rows.map((row) => `  ${literal(row)},`).join('\n');
  const text = `// Generated by scripts/generate-sts2-data.ts from a public Slay the Spire 2 wiki data export
// (game version ${version}). Facts only (ids, names, numbers); do not edit by hand.
${header}
${type}

export const ${name}: readonly ${typeName}[] = [
${body}
];
`;
  writeFileSync(join(out, `${name.toLowerCase().replace(/_/g, '-')}.ts`), text);
}

// ---- cards ---------------------------------------------------------------

const cards = cardsRaw.map((raw) => {
  const id = snake(String(raw.class_name));
  const target = String(raw.target);
  const parsed = parseText(String(raw.description_template ?? ''), target);
  const keywords = ((raw.keywords as string[] | undefined) ?? []).filter((keyword) => keyword !== '');
  const upgradeKeywords: Record<string, string> = {};
  for (const upgrade of (raw.upgrades as Json[] | undefined) ?? []) {
    if (upgrade.keyword !== undefined) upgradeKeywords[String(upgrade.keyword)] = String(upgrade.action);
  }
  // A Power card applies the power of its own name when no sentence says more.
  const ownPower = `${id}_POWER`;
  if (
    raw.type === 'Power' &&
    parsed.effects.every((effect) => effect.kind !== 'power') &&
    powersRaw.some((power) => snake(String(power.class_name)) === ownPower)
  ) {
    const first = Object.keys(varsOf(raw))[0];
    parsed.effects.push({ kind: 'power', power: id, amount: first ?? 1, to: 'self', own: true });
    parsed.unmodelled = 0;
  }
  return {
    id,
    name: String(raw.title),
    character: String(raw.character ?? 'Colorless'),
    type: String(raw.type),
    rarity: String(raw.rarity),
    target,
    cost: raw.x_cost === true ? -1 : Number(raw.energy_cost ?? 0),
    starCost: raw.star_cost === undefined ? 0 : Number(raw.star_cost),
    keywords,
    upgradeKeywords,
    vars: varsOf(raw),
    effects: parsed.effects,
    unmodelled: parsed.unmodelled,
  };
});
write('STS2_CARD_FACTS', "import type { Sts2CardFacts } from '../facts.js';", '', 'Sts2CardFacts', cards);

// ---- relics, potions, powers ---------------------------------------------

const TRIGGERS: readonly [RegExp, string][] = [
  [/^At the start of each combat, /, 'combatStart'],
  [/^Start each combat with /, 'combatStartWith'],
  [/^At the end of combat, /, 'combatEnd'],
  [/^At the start of your turn, /, 'turnStart'],
  [/^Upon pickup, /, 'pickup'],
];

function parseRelic(template: string): Parsed & { trigger: string | null } {
  const effects: Effect[] = [];
  let unmodelled = 0;
  let trigger: string | null = null;
  for (const sentence of sentences(template)) {
    let rest = sentence;
    let found: string | null = null;
    for (const [pattern, name] of TRIGGERS) {
      if (pattern.test(rest)) {
        found = name;
        rest = rest.replace(pattern, '');
        rest = rest.charAt(0).toUpperCase() + rest.slice(1);
        break;
      }
    }
    if (found === 'combatStartWith') {
      found = 'combatStart';
      rest = `Gain ${rest}`;
    }
    if (/^Gain .* at the start of each turn\.$/.test(sentence)) {
      found = 'energyPerTurn';
      rest = sentence.replace(' at the start of each turn', '');
    }
    if (found === 'pickup') rest = rest.replace(/^Gain (\{\w+\}) Gold\.$/, 'Gain $1 Gold.');
    const parsed = found === null ? null : parseSentence(rest, 'AllEnemies');
    const gold = found === 'pickup' ? rest.match(/^Gain (\{\w+\}) Gold\.$/) : null;
    if (gold !== null) {
      effects.push({ kind: 'gold', amount: amountOf(gold[1]) });
      trigger = found;
    } else if (parsed === null || (trigger !== null && trigger !== found)) {
      unmodelled++;
    } else {
      effects.push(...parsed);
      trigger = found;
    }
  }
  return { effects, unmodelled, trigger };
}

const relics = load('relics').map((raw) => {
  const parsed = parseRelic(String(raw.description ?? ''));
  return {
    id: snake(String(raw.class_name)),
    name: String(raw.title),
    rarity: String(raw.rarity),
    pool: String(raw.pool ?? 'Unknown'),
    vars: varsOf(raw),
    trigger: parsed.trigger,
    effects: parsed.effects,
    unmodelled: parsed.unmodelled,
  };
});
write('STS2_RELIC_FACTS', "import type { Sts2RelicFacts } from '../facts.js';", '', 'Sts2RelicFacts', relics);

const potions = load('potions').map((raw) => {
  const description = String(raw.description ?? '').replace(/\[blue\](\d+)\[\/blue\]/g, '$1');
  const target = String(raw.target);
  const parsed = parseText(description, target);
  if (/^Triple your Block\.$/.test(description)) {
    parsed.effects.push({ kind: 'multiplyBlock', amount: 3 });
    parsed.unmodelled = 0;
  }
  return {
    id: snake(String(raw.class_name)),
    name: String(raw.title),
    rarity: String(raw.rarity),
    usage: String(raw.usage),
    target,
    pool: String(raw.pool ?? 'Unknown'),
    vars: varsOf(raw),
    effects: parsed.effects,
    unmodelled: parsed.unmodelled,
  };
});
write(
  'STS2_POTION_FACTS',
  "import type { Sts2PotionFacts } from '../facts.js';",
  '',
  'Sts2PotionFacts',
  potions,
);

const powers = powersRaw.map((raw) => ({
  id: snake(String(raw.class_name)).replace(/_POWER$/, ''),
  name: String(raw.title),
  debuff: raw.type === 'Debuff',
  stack: String(raw.stack_type ?? 'Counter'),
}));
write('STS2_POWER_FACTS', "import type { Sts2PowerFacts } from '../facts.js';", '', 'Sts2PowerFacts', powers);

// ---- monsters, encounters, acts, characters --------------------------------

/** A card's id from its title as a sentence names it, singular or plural ("Wounds"). */
function cardIdOf(title: string): string {
  const lower = title.toLowerCase();
  return cardByTitle.get(lower) ?? cardByTitle.get(lower.replace(/s$/, '')) ?? snake(title);
}

function powerIdOf(title: string): string {
  return powerByTitle.get(title.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()) ?? snake(title);
}

const monstersRaw = load('monsters');
/** A monster's id from its title or class name as a page names it ("Gas Bomb", "EyeWithTeeth"). */
const monsterByName = new Map<string, string>();
for (const monster of monstersRaw) {
  const id = snake(String(monster.class_name));
  monsterByName.set(String(monster.title).toLowerCase(), id);
  monsterByName.set(String(monster.class_name).toLowerCase(), id);
}

function parseMoveEffect(effect: string, intentTypes: readonly string[]): Effect | null {
  let m: RegExpMatchArray | null;
  const plain = effect
    .replace(/(\d+)\/(\d+)/g, '$1')
    .replace(/ Power\b/, '')
    .replace(/ per player$/, '');
  // The per-monster pages' phrasings: "Apply 5 Thorns to self", "Remove 5 Thorns from self",
  // "Gain 1 Strength", "Apply -2 Strength to player" or "to all targets" (the player, seen from the
  // monster), "Apply 3 Strength to all allies", "Add 4 Burn cards to player's hand".
  m = plain.match(
    /^(?:Apply (\d+) (\w+) to self|Gain (\d+) (Strength|Dexterity|Vigor|Thorns|Artifact|Plating|Intangible))$/,
  );
  if (m)
    return { kind: 'power', power: powerIdOf(m[2] ?? m[4] ?? ''), amount: Number(m[1] ?? m[3]), to: 'self' };
  m = plain.match(/^Remove (\d+) (\w+) from self$/);
  if (m) return { kind: 'power', power: powerIdOf(m[2] ?? ''), amount: -Number(m[1]), to: 'self' };
  m = plain.match(/^Apply (-?\d+) (\w+) to (?:player|all enemies|all targets|each target)$/);
  if (m) return { kind: 'power', power: powerIdOf(m[2] ?? ''), amount: Number(m[1]), to: 'player' };
  m = plain.match(/^Apply (\d+) (\w+) to all (?:allies|teammates)$/);
  if (m) return { kind: 'power', power: powerIdOf(m[2] ?? ''), amount: Number(m[1]), to: 'allies' };
  m = plain.match(
    /^Add (\d+) (\w+)(?: cards?)? to player's (discard|draw) pile|^Add (\d+) (\w+)(?: cards?)? to player's hand$/,
  );
  if (m)
    return {
      kind: 'status',
      card: cardIdOf(m[2] ?? m[5] ?? ''),
      amount: Number(m[1] ?? m[4]),
      pile: m[3] ?? 'hand',
    };
  // Monsters it summons (kind 'spawn': a card's 'summon' is the Necrobinder's Osty): "Summon Gas Bomb", "Summon another Two-Tailed Rat", "Summon 3 ToughEgg minions (...)",
  // "Spawn a defensive bot (Guardbot or Noisebot)" (one of them, at random).
  m = plain.match(/^Summon (?:(\d+) )?(?:an? |another )?(.+?)(?: illusion| minions?(?: \(.*\))?)?$/);
  if (m && monsterByName.has((m[2] ?? '').toLowerCase()))
    return {
      kind: 'spawn',
      monster: monsterByName.get((m[2] ?? '').toLowerCase()) ?? '',
      amount: Number(m[1] ?? 1),
      ...(/minion/i.test(plain) ? { minion: true } : {}),
    };
  m = plain.match(/^Spawn an? \w+ bot \((\w+) or (\w+)\)$/);
  if (m && monsterByName.has((m[1] ?? '').toLowerCase()) && monsterByName.has((m[2] ?? '').toLowerCase()))
    return {
      kind: 'spawn',
      monster: `${monsterByName.get((m[1] ?? '').toLowerCase())}|${monsterByName.get((m[2] ?? '').toLowerCase())}`,
      amount: 1,
    };
  // A monster that dies after its own move (the Gas Bomb's Explode).
  if (/^Dies after attacking$/.test(plain)) return { kind: 'die' };
  // One word ("Apply 2 Weak", "Apply 1 PainfulStabs") or a title of several ("Apply 3 Chains of Binding").
  m = plain.match(/^Apply (\d+)? ?(\w+|[A-Z][a-z]+(?: [A-Za-z]+)+)$/);
  if (m) {
    const id = powerIdOf(m[2] ?? '');
    const debuff = powersRaw.some(
      (power) => snake(String(power.class_name)).replace(/_POWER$/, '') === id && power.type === 'Debuff',
    );
    const onPlayer = debuff && intentTypes.some((type) => type === 'debuff' || type === 'status');
    return {
      kind: 'power',
      power: id,
      amount: m[1] === undefined ? 1 : Number(m[1]),
      to: onPlayer ? 'player' : 'self',
    };
  }
  m = plain.match(/^Gain (\d+) Block$/);
  if (m) return { kind: 'block', amount: Number(m[1]) };
  m = plain.match(/^Heal (\d+)$/);
  if (m) return { kind: 'heal', amount: Number(m[1]) };
  m = plain.match(/^Add (\d+ )?(\w+) to (discard|draw|hand)/);
  if (m) {
    const card = cardIdOf(m[2] ?? '');
    return { kind: 'status', card, amount: m[1] === undefined ? 1 : Number(m[1]), pile: m[3] ?? 'discard' };
  }
  return null;
}

/**
 * The export's page of one monster (`monsters/<Class>.json`), or null: it lists some move effects the
 * summary table (`monsters.json`) leaves out (the Spiny Toad's Thorns, a Strength gain, a Block).
 */
function monsterPage(className: string): Json | null {
  try {
    return JSON.parse(readFileSync(join(folder as string, 'monsters', `${className}.json`), 'utf8')) as Json;
  } catch {
    return null;
  }
}

/**
 * Page sentences with nothing to simulate: looks alone (visual states, flying, growing), and a move
 * that only waits (a stun's empty turn, the Rocket's recharge, a spawned gremlin waking).
 */
const LOOKS_ONLY =
  /visual|Grow larger|Begin flying|Land \(stop flying\)|hovering state|burnt state|curled state|^Uncurl|^Remove Soar$|no action taken|^Sleep \(recharge\)$|^Wake up$/i;

/** The effect's identity for de-duplication: the same power, block, heal or card, whatever its amount. */
function effectKey(effect: Effect): string {
  return `${effect.kind}/${String(effect.power ?? effect.card ?? effect.monster ?? '')}/${Math.sign(Number(effect.amount))}/${String(effect.to ?? effect.pile ?? '')}`;
}

const monsters = monstersRaw.map((raw) => {
  const page = monsterPage(String(raw.class_name));
  const pageMoves = (page?.moves as Json[] | undefined) ?? [];
  const moves = ((raw.moves as Json[] | undefined) ?? []).map((move) => {
    const intents = (move.intents as Json[] | undefined) ?? [];
    const types = intents.map((intent) => String(intent.type));
    const attack = intents.find(
      (intent) => intent.type === 'attack' || intent.type === 'multi_attack' || intent.type === 'death_blow',
    );
    const effects: Effect[] = [];
    let unmodelled = 0;
    // Status effects whose sentence gives no count ("Add Wound to discard"): the page may give it.
    const implicitCount = new Set<Effect>();
    for (const text of (move.effects as string[] | undefined) ?? []) {
      if (/^Deal |^\d+(\/\d+)? hits$/.test(text)) continue;
      const parsed = parseMoveEffect(text, types);
      if (parsed === null) unmodelled++;
      else {
        effects.push(parsed);
        if (parsed.kind === 'status' && !/\d/.test(text)) implicitCount.add(parsed);
      }
    }
    // The monster's own page: effects the table leaves out, and the counts and piles of the status
    // cards it names without a count ("Add Burn to discard" where the page says "Add 4 Burn cards to
    // player's hand"). Page sentences that parse to nothing count as not simulated, except the ones
    // about looks alone (visual states, flying, growing) and those the table already counted.
    const pageMove = pageMoves.find((other) => other.id === move.id);
    const pageTexts = ((pageMove?.effects as string[] | undefined) ?? []).filter(
      (text) => !/^Deal |^\d+(\/\d+)? hits/.test(text),
    );
    const pageEffects: Effect[] = [];
    let pageUnmodelled = 0;
    for (const text of pageTexts) {
      const parsed = parseMoveEffect(text, types);
      if (parsed !== null) pageEffects.push(parsed);
      else if (!LOOKS_ONLY.test(text)) pageUnmodelled++;
    }
    for (const implicit of implicitCount) {
      const counted = pageEffects.filter(
        (effect) => effect.kind === 'status' && effect.card === implicit.card,
      );
      if (counted.length === 0) continue;
      effects.splice(effects.indexOf(implicit), 1, ...counted);
    }
    const known = new Set(effects.map(effectKey));
    for (const effect of pageEffects) {
      if (known.has(effectKey(effect))) continue;
      known.add(effectKey(effect));
      effects.push(effect);
    }
    // The table's "Apply Minion" on a summoning move is the summoned minions' power, not the summoner's.
    if (types.includes('summon'))
      for (let index = effects.length - 1; index >= 0; index--)
        if (effects[index]?.power === 'MINION') effects.splice(index, 1);
    unmodelled = Math.max(unmodelled, pageUnmodelled);
    const damage = attack === undefined ? null : Number(attack.damage_base ?? attack.damage ?? 0);
    const hits = attack === undefined ? 0 : Number(attack.hits_base ?? attack.hits ?? 1);
    return {
      id: String(move.id),
      name: String(move.title ?? move.id),
      intents: types,
      damage,
      hits,
      effects,
      unmodelled,
    };
  });
  const pattern = (raw.move_pattern as Json | undefined) ?? {};
  const followUps: Record<string, string[]> = {};
  for (const line of (pattern.follow_ups as string[] | undefined) ?? []) {
    const [from, to] = line.split('->').map((part) => part.trim());
    if (from === undefined || to === undefined) continue;
    followUps[from] = [
      ...(followUps[from] ?? []),
      ...to.split(/\s*(?:\||,|or)\s*/).filter((x) => x.length > 0),
    ];
  }
  // `min_hp_base` is the ascension-0 minimum where the export has an ascension value; the range width
  // is the same at every ascension.
  const width = Number(raw.max_hp ?? 0) - Number(raw.min_hp ?? 0);
  const minHp = Number(raw.min_hp_base ?? raw.min_hp ?? 0);
  const maxHp = minHp + Math.max(0, width);
  return {
    id: snake(String(raw.class_name)),
    name: String(raw.title),
    hp: [minHp, Math.max(minHp, maxHp)],
    moves,
    startsWith: pattern.starts_with === undefined ? null : String(pattern.starts_with),
    followUps,
    repeats: ((pattern.repeats as string[] | undefined) ?? []).map(String),
    powersOnSpawn: ((raw.powers_on_spawn as string[] | undefined) ?? []).map((name) =>
      snake(name).replace(/_POWER$/, ''),
    ),
  };
});
write(
  'STS2_MONSTER_FACTS',
  "import type { Sts2MonsterFacts } from '../facts.js';",
  '',
  'Sts2MonsterFacts',
  monsters,
);

const actsRaw = load('acts');
const encounters = load('encounters').map((raw) => ({
  id: snake(String(raw.class_name)),
  name: String(raw.title),
  room: String(raw.room_type),
  weak: raw.is_weak === true,
  monsters: ((raw.monsters as string[] | undefined) ?? []).map(snake),
  acts: ((raw.acts as string[] | undefined) ?? []).map(String),
}));
write(
  'STS2_ENCOUNTER_FACTS',
  "import type { Sts2EncounterFacts } from '../facts.js';",
  '',
  'Sts2EncounterFacts',
  encounters,
);

const acts = actsRaw.map((raw) => ({
  id: snake(String(raw.class_name)),
  name: String(raw.title),
  rooms: Number(raw.base_number_of_rooms ?? 15),
  encounters: ((raw.encounters as string[] | undefined) ?? []).map(snake),
  bosses: ((raw.bosses as string[] | undefined) ?? []).map(snake),
}));
write('STS2_ACT_FACTS', "import type { Sts2ActFacts } from '../facts.js';", '', 'Sts2ActFacts', acts);

const characters = load('characters')
  .filter((raw) => ((raw.starting_deck as string[] | undefined) ?? []).length > 0)
  .map((raw) => ({
    id: snake(String(raw.class_name)),
    name: String(raw.title),
    hp: Number(raw.starting_hp),
    gold: Number(raw.starting_gold),
    relic: snake(String(raw.starting_relic ?? '')),
    deck: ((raw.starting_deck as string[] | undefined) ?? []).map(snake),
  }));
write(
  'STS2_CHARACTER_FACTS',
  "import type { Sts2CharacterFacts } from '../facts.js';",
  '',
  'Sts2CharacterFacts',
  characters,
);

console.log(
  `cards ${cards.length}, relics ${relics.length}, potions ${potions.length}, powers ${powers.length}, monsters ${monsters.length}, encounters ${encounters.length}, acts ${acts.length}, characters ${characters.length}`,
);
