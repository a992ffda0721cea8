// What each ruleset does differently, for the GM screen: which turn commands exist and when
// they are valid, how the order reads, and the sample fights. The package refuses a command at
// the wrong time (OUT_OF_ORDER) or one its rules forbid (NOT_ALLOWED); this table lets the page
// offer only what it would accept, so a refusal is news and not the way a GM finds out.
import { ruleTables } from "turnkeeper";

// Which system a preset runs and what each system allows come from the package's rule tables
// (read when first needed: the page's modules load before `init()` has finished).

/** The initiative system an encounter runs (the preset's, unless overridden). */
export function systemOf(config) {
  return config.initiative ?? ruleTables().presets.find((p) => p.preset === config.preset)?.initiative;
}

const systemRow = (system) => ruleTables().initiativeSystems.find((s) => s.system === system);
/** Systems that declare and roll every round (C-04). */
export const declares = (system) => systemRow(system)?.declaresEachRound ?? false;
/** Systems where a creature may hold its turn (C-09: GH-INIT-13, HYB-INIT-02). */
const delays = (system) => systemRow(system)?.allowsDelay ?? false;

/** How the order reads, for the line under the round. */
export const ORDER_NOTES = {
  greyhawk: "Greyhawk: everyone declares, then rolls the dice of what they declared; the lowest count acts first.",
  side: "OSE: each side rolls 1d6, the higher acts first, through morale, movement, missiles, spells and melee.",
  abilityCheck: "A5E: d20 + Dex once per fight, highest first; world actions act at the start of each round.",
  dexScore: "OSR/5e hybrid: no roll, the highest Dex score acts first.",
  standard: "5e: d20 + Dex once per fight, highest first.",
};

/**
 * Which turn commands apply to this encounter (`shown`) and which the package takes now
 * (`valid`), from its phase, the turn under way and who is delaying.
 * @param {import("turnkeeper").Encounter | null} enc
 */
export function controls(enc) {
  const none = { start: false, surprise: false, declare: false, roll: false, endWorld: false, nextPhase: false, endTurn: false, delay: false, resume: false, nextRound: false, end: false };
  if (!enc) return { shown: { ...none, start: true, endTurn: true, nextRound: true }, valid: none, system: undefined, phase: undefined };
  const system = systemOf(enc.config);
  const phase = enc.phase;
  const current = enc.current();
  const acting = current?.actor?.type === "participant";
  const running = phase === "declaring" || phase === "turns" || phase === "world" || phase === "between";
  const lastOsePhase = current?.phase === "melee";
  const shown = {
    start: true,
    surprise: system === "side",
    declare: declares(system),
    roll: declares(system),
    endWorld: enc.worldActions().length > 0,
    nextPhase: system === "side",
    endTurn: true,
    delay: delays(system),
    resume: delays(system),
    nextRound: true,
    end: true,
  };
  const valid = {
    start: phase === "setup",
    // OSE-SURP-02: before the first round (the package takes it until round 1 is rolled).
    surprise: phase === "setup" || (phase === "declaring" && enc.round === 0),
    declare: phase === "declaring",
    roll: phase === "declaring",
    endWorld: phase === "world",
    nextPhase: phase === "turns" && system === "side" && !!current && !lastOsePhase,
    endTurn: phase === "turns",
    // GH-INIT-13: once a round ("already delayed this round" once it has resumed).
    delay: phase === "turns" && acting && enc.participant(current.actor.participant)?.turn !== "resumed",
    resume: phase === "turns" && enc.delayed().length > 0,
    nextRound: phase === "turns" || phase === "world" || phase === "between",
    end: running,
  };
  for (const k of Object.keys(valid)) valid[k] &&= shown[k];
  return { shown, valid, system, phase };
}

/** The button to press next, for a GM who just wants the fight to go on. */
export function primary(c) {
  const order = ["start", "declare", "roll", "endWorld", "endTurn", "nextRound"];
  return order.find((k) => c.valid[k]);
}

const pc = (hp, level = 3) => ({ kind: "pc", zeroHp: "deathSaves", hp: { current: hp, max: hp }, level });
const monster = (hp, level = 1) => ({ kind: "monster", zeroHp: "dies", hp: { current: hp, max: hp }, level });

/** Sample fights: participants with hit points, and (Greyhawk, OSE) what each plans to do. */
export const SAMPLES = {
  gh5e: [
    { id: "rupert", name: "Rupert", side: "party", dex: 16, plan: ["ranged"], creature: pc(21) },
    { id: "delsenora", name: "Delsenora", side: "party", dex: 14, plan: ["spell"], creature: pc(16) },
    { id: "rath", name: "Rath", side: "party", dex: 10, plan: ["move", "melee"], creature: pc(28) },
    { id: "troll", name: "Troll", side: "foes", dex: 13, npc: true, plan: ["move", "melee"], creature: monster(84, 8) },
    ...[1, 2, 3].map((i) => ({ id: `hob${i}`, name: `Hobgoblin ${i}`, side: "foes", dex: 12, npc: true, group: "hobgoblins", plan: ["ranged"], creature: monster(11, 1) })),
  ],
  a5e: [
    { id: "kira", name: "Kira", side: "party", dex: 16, creature: pc(24) },
    { id: "bram", name: "Bram", side: "party", dex: 12, creature: pc(30) },
    { id: "ogre", name: "Ogre", side: "foes", dex: 8, npc: true, creature: monster(59, 7) },
    { id: "gob1", name: "Goblin 1", side: "foes", dex: 14, npc: true, creature: monster(7, 1) },
  ],
  hyb: [
    { id: "ash", name: "Ash", side: "party", dex: 15, creature: pc(18) },
    { id: "wren", name: "Wren", side: "party", dex: 11, creature: pc(14) },
    { id: "ghoul", name: "Ghoul", side: "foes", dex: 13, npc: true, creature: monster(22, 5) },
  ],
  ose: [
    { id: "fighter", name: "Fighter", side: "party", dex: 12, creature: pc(14, 2) },
    { id: "cleric", name: "Cleric", side: "party", dex: 9, plan: { spell: true }, creature: pc(9, 2) },
    ...[1, 2, 3].map((i) => ({ id: `orc${i}`, name: `Orc ${i}`, side: "orcs", dex: 10, npc: true, creature: monster(5, 1) })),
  ],
};
