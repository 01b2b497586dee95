// Lookup tables over all content, by id. The engine reads content only through these functions.
import type {
  CardDefinition,
  EncounterDefinition,
  EventDefinition,
  MonsterDefinition,
  PotionDefinition,
  PowerDefinition,
  RelicDefinition,
} from '../engine/definitions.js';
import { CARDS } from './cards/index.js';
import { ENCOUNTERS } from './encounters.js';
import { EVENTS } from './events.js';
import { MONSTERS } from './monsters/index.js';
import { POTIONS } from './potions.js';
import { POWERS } from './powers.js';
import { RELICS } from './relics.js';

function index<T extends { readonly id: string }>(kind: string, items: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    if (map.has(item.id)) throw new Error(`duplicate ${kind} id ${item.id}`);
    map.set(item.id, item);
  }
  return map;
}

const cards = index('card', CARDS);
const relics = index('relic', RELICS);
const potions = index('potion', POTIONS);
const powers = index('power', POWERS);
const monsters = index('monster', MONSTERS);
const encounters = index('encounter', ENCOUNTERS);
const events = index('event', EVENTS);

function lookup<T>(kind: string, map: Map<string, T>, id: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`unknown ${kind} id ${id}`);
  return found;
}

export const getCard = (id: string): CardDefinition => lookup('card', cards, id);
export const getRelic = (id: string): RelicDefinition => lookup('relic', relics, id);
export const getPotion = (id: string): PotionDefinition => lookup('potion', potions, id);
export const getMonster = (id: string): MonsterDefinition => lookup('monster', monsters, id);
export const getEncounter = (id: string): EncounterDefinition => lookup('encounter', encounters, id);
export const getEvent = (id: string): EventDefinition => lookup('event', events, id);

/** Unknown power ids (from content typos) fall back to a neutral buff so combat never crashes. */
export function getPower(id: string): PowerDefinition {
  return powers.get(id) ?? { id, name: id, debuff: false, text: '' };
}

export const allCards = (): readonly CardDefinition[] => CARDS;
export const allRelics = (): readonly RelicDefinition[] => RELICS;
export const allPotions = (): readonly PotionDefinition[] => POTIONS;
export const allPowers = (): readonly PowerDefinition[] => POWERS;
export const allMonsters = (): readonly MonsterDefinition[] => MONSTERS;
export const allEncounters = (): readonly EncounterDefinition[] => ENCOUNTERS;
export const allEvents = (): readonly EventDefinition[] => EVENTS;
