import { z } from 'zod';
import { SpireError } from '../../api/game-error.js';
import { formatIssuePath } from '../../api/state-malformed-error.js';

/**
 * The JSON CommunicationMod (Slay the Spire 1) writes to its child process, one object per line:
 * `{available_commands, ready_for_command, in_game, game_state?}` or `{error, ready_for_command}`.
 * Only the fields the StS1 bridge reads are validated; everything else passes through.
 */

const integer = z.number().int();
const coordinateSchema = z.looseObject({ x: integer, y: integer });

export const communicationModCardSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  uuid: z.string().optional(),
  /** Current cost; -1 is X, -2 unplayable. */
  cost: integer,
  upgrades: integer.default(0),
  type: z.string(),
  rarity: z.string().default('COMMON'),
  has_target: z.boolean().default(false),
  exhausts: z.boolean().optional(),
  ethereal: z.boolean().optional(),
  is_playable: z.boolean().optional(),
  price: integer.optional(),
  misc: integer.optional(),
});

export const communicationModPowerSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  amount: z.number().default(0),
  damage: z.number().optional(),
  misc: z.number().optional(),
  just_applied: z.boolean().optional(),
});

export const communicationModMonsterSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  current_hp: integer,
  max_hp: integer,
  block: integer.default(0),
  intent: z.string().default('UNKNOWN'),
  move_id: z.number().optional(),
  move_base_damage: z.number().optional(),
  move_adjusted_damage: z.number().optional(),
  move_hits: z.number().optional(),
  last_move_id: z.number().optional(),
  second_last_move_id: z.number().optional(),
  half_dead: z.boolean().default(false),
  is_gone: z.boolean().default(false),
  powers: z.array(communicationModPowerSchema).default([]),
});

export const communicationModOrbSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  evoke_amount: z.number().default(0),
  passive_amount: z.number().default(0),
});

export const communicationModPlayerSchema = z.looseObject({
  current_hp: integer,
  max_hp: integer,
  block: integer.default(0),
  energy: integer,
  powers: z.array(communicationModPowerSchema).default([]),
  orbs: z.array(communicationModOrbSchema).default([]),
});

export const communicationModCombatStateSchema = z.looseObject({
  draw_pile: z.array(communicationModCardSchema).default([]),
  discard_pile: z.array(communicationModCardSchema).default([]),
  exhaust_pile: z.array(communicationModCardSchema).default([]),
  hand: z.array(communicationModCardSchema),
  limbo: z.array(communicationModCardSchema).default([]),
  monsters: z.array(communicationModMonsterSchema),
  player: communicationModPlayerSchema,
  turn: integer.default(1),
  cards_discarded_this_turn: integer.optional(),
});

export const communicationModRelicSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  counter: z.number().default(-1),
  price: integer.optional(),
});

export const communicationModPotionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  can_use: z.boolean().default(false),
  can_discard: z.boolean().default(false),
  requires_target: z.boolean().default(false),
  price: integer.optional(),
});

export const communicationModMapNodeSchema = z.looseObject({
  x: integer,
  y: integer,
  symbol: z.string().default('?'),
  children: z.array(coordinateSchema).default([]),
  parents: z.array(coordinateSchema).default([]),
});

export const communicationModGameStateSchema = z.looseObject({
  screen_type: z.string(),
  screen_name: z.string().optional(),
  is_screen_up: z.boolean().optional(),
  screen_state: z.record(z.string(), z.unknown()).default({}),
  room_phase: z.string().default('INCOMPLETE'),
  action_phase: z.string().optional(),
  current_action: z.string().optional(),
  room_type: z.string().default(''),
  current_hp: integer,
  max_hp: integer,
  floor: integer,
  act: integer,
  act_boss: z.string().optional(),
  gold: integer,
  seed: z.union([z.number(), z.string()]).optional(),
  class: z.string(),
  ascension_level: integer.default(0),
  relics: z.array(communicationModRelicSchema),
  deck: z.array(communicationModCardSchema),
  potions: z.array(communicationModPotionSchema),
  map: z.array(communicationModMapNodeSchema).default([]),
  choice_list: z.array(z.string()).optional(),
  combat_state: communicationModCombatStateSchema.optional(),
  keys: z.record(z.string(), z.boolean()).optional(),
});

export const communicationModMessageSchema = z.looseObject({
  available_commands: z.array(z.string()).default([]),
  ready_for_command: z.boolean().default(true),
  in_game: z.boolean().default(false),
  game_state: communicationModGameStateSchema.optional(),
  error: z.string().optional(),
});

export type CommunicationModCard = z.output<typeof communicationModCardSchema>;
export type CommunicationModPower = z.output<typeof communicationModPowerSchema>;
export type CommunicationModMonster = z.output<typeof communicationModMonsterSchema>;
export type CommunicationModPlayer = z.output<typeof communicationModPlayerSchema>;
export type CommunicationModCombatState = z.output<typeof communicationModCombatStateSchema>;
export type CommunicationModRelic = z.output<typeof communicationModRelicSchema>;
export type CommunicationModPotion = z.output<typeof communicationModPotionSchema>;
export type CommunicationModMapNode = z.output<typeof communicationModMapNodeSchema>;
/** A game state message of CommunicationMod, as parsed. */
export type CommunicationModGameState = z.output<typeof communicationModGameStateSchema>;
/** Any message CommunicationMod sends, as parsed. */
export type CommunicationModMessage = z.output<typeof communicationModMessageSchema>;

/**
 * Parses one line from CommunicationMod. Throws `SpireError('PROTOCOL_ERROR')` naming the bad field.
 * The seed is read from the raw text too: it is a 64-bit integer that JSON numbers cannot hold exactly.
 */
export function parseCommunicationModLine(line: string): CommunicationModMessage {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    throw new SpireError(
      'PROTOCOL_ERROR',
      `CommunicationMod sent a line that is not JSON (${JSON.stringify(line.slice(0, 80))}): ${(error as Error).message}. ` +
        'Check that the game runs CommunicationMod and nothing else writes to this process.',
      { cause: error },
    );
  }
  const result = communicationModMessageSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new SpireError(
      'PROTOCOL_ERROR',
      `CommunicationMod sent a state spire cannot read: ${issue === undefined ? '$' : formatIssuePath(issue.path)}: ` +
        `${issue?.message ?? 'invalid'}. The CommunicationMod version may be unsupported.`,
      {
        details: {
          issues: result.error.issues.slice(0, 20).map((entry) => ({
            path: formatIssuePath(entry.path),
            message: entry.message,
          })),
        },
      },
    );
  }
  const message = result.data;
  const exactSeed = /"seed"\s*:\s*(-?\d+)/.exec(line)?.[1];
  if (message.game_state !== undefined && exactSeed !== undefined) message.game_state.seed = exactSeed;
  return message;
}
