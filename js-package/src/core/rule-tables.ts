/**
 * The rule tables a user interface offers (issue 37): each preset's initiative system, round
 * length, creature rules and condition set; how each initiative system runs a round; Greyhawk's
 * activity dice (GH-DICE-01); the damage types (A5E-DMG-05); each condition set's conditions.
 * They come from the core's own definitions, so a GM screen that lists from them offers exactly
 * what the engine takes.
 */
import {
  ruleTablesJson as readRuleTables,
  type ActivityDie,
  type ConditionSet,
  type ConditionSetTable,
  type CreatureRules,
  type DamageType,
  type DieSize,
  type InitiativeSystemTable,
  type PresetTable,
  type RuleTables,
} from "../wasm/turnkeeper.js";
import { ensureReady } from "./loader.js";
import { guard } from "./errors.js";

export type { ActivityDie, ConditionSet, ConditionSetTable, CreatureRules, DamageType, DieSize, InitiativeSystemTable, PresetTable, RuleTables };

let tables: RuleTables | undefined;

function freeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) freeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Every rule table, read once from the core and then shared: the object is frozen, so copy
 * what you want to change.
 *
 * ```ts
 * const { presets, initiativeSystems, greyhawkActivities } = ruleTables();
 * const system = presets.find((p) => p.preset === "gh5e")?.initiative; // "greyhawk"
 * const die = greyhawkActivities.find((a) => a.activity === "melee")?.die; // "d8"
 * ```
 */
export function ruleTables(): RuleTables {
  ensureReady();
  tables ??= freeze(JSON.parse(guard(() => readRuleTables())) as RuleTables);
  return tables;
}
