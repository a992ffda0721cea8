/** Creatures: HP, damage, dying, healing, rests, fatigue and strife (A5E, hybrid, OSE). See the README. */
import {
  CreatureHandle,
  type Ability,
  type CreatureCommand,
  type CreatureEvent,
  type CreatureRules,
  type CreatureSnapshot,
  type CreatureSpec,
  type CreatureStatus,
  type DamageBreakdown,
  type DamageChoices,
  type DamageInstance,
  type DamageReport,
  type DeathState,
  type DiceSpec,
  type DoomDeadline,
  type LongRest,
  type Moment,
  type NightlyRest,
  type OngoingDamage,
  type OseRestDay,
  type Report,
  type RollMode,
  type StabilizeMethod,
  type TempHpChoice,
} from "../wasm/turnkeeper.js";
import type { Dice } from "./dice.js";
import { withCoreDice } from "./lend.js";
import type { Batch } from "./commands.js";
import { guard, release, TurnkeeperError } from "./errors.js";
import { markFreed } from "./freed.js";
import { checkBoolean, checkNumber, checkObject, checkOptions, checkString, checkText, fromText, snapshotText, toText, typeOf } from "./text.js";
import { ensureReady } from "./loader.js";

export type {
  A5eRules,
  Ability,
  AbilityScores,
  AtZeroConsequence,
  CheckKind,
  CheckRoll,
  CreatureKind,
  CreatureRules,
  CreatureSnapshot,
  CreatureSpec,
  CreatureStatus,
  CriticalDowngrade,
  DamageBreakdown,
  DamageChoices,
  DamageInstance,
  DamageReport,
  DamageType,
  DeathReason,
  DeathState,
  Defenses,
  DiceSpec,
  Doom,
  DoomDeadline,
  Doubling,
  FatigueHitDice,
  HitDice,
  HitPoints,
  HybExhaustion,
  HybRules,
  HybState,
  InjuryRest,
  InjuryRow,
  InjuryTwenty,
  LongRest,
  MassiveAtZero,
  Moment,
  NightlyRest,
  NoRestBenefit,
  OngoingDamage,
  OseRestDay,
  OseRules,
  Outcome,
  Report,
  RestSafety,
  Rounding,
  SeventhFatigueDoom,
  StabilizeMethod,
  TempHpChoice,
  Track,
  TrackKind,
  ZeroHpRule,
} from "../wasm/turnkeeper.js";
/**
 * Game time in whole seconds, as a creature's clock keeps it: the same type as a journey's
 * {@link GameTime} (one type for an instant of game time).
 * @deprecated Use `GameTime`.
 */
export type GameSeconds = GameTime;
import type { GameTime } from "../wasm/turnkeeper.js";
/** The plain creature record inside a {@link CreatureSnapshot}. */
export type { Creature as CreatureRecord } from "../wasm/turnkeeper.js";

// Every argument is checked here and the command crosses as one JSON text, so a wrong type is
// `INVALID_ARGUMENT` before the wasm is entered and nothing the core reads can run JavaScript.
// Options left out (`undefined` or `null`) are left out of the command: the core's defaults apply.

/** `value` unless it is left out (`undefined` or `null`), checked by `check`. */
function optional<T>(value: T | undefined | null, check: (value: T) => T): T | undefined {
  return value === undefined || value === null ? undefined : check(value);
}

/**
 * What {@link Creature.toJSON} returns: the creature's own versioned snapshot (`creature`: the
 * creature, its rules and clock), the operations made or applied (`seq`), under a checksum
 * (`sum`): a changed value or a dropped field is `SNAPSHOT_INVALID`.
 */
export interface CreatureSaved {
  /** Envelope version (2). */
  v: number;
  seq: number;
  creature: CreatureSnapshot;
  sum: string;
}

export type { CreatureEvent };

/**
 * One creature with its rules and its own clock (game seconds, fight or not). Calls return reports
 * with every die and outcome; a failed call changes nothing. Like an encounter, a creature can
 * be mirrored on other clients: each call is an event (the operation and the faces it rolled)
 * that `onEvents` listeners receive in a checked {@link Batch}, for `applyEvents` elsewhere.
 */
export class Creature {
  /** @internal */
  readonly handle: CreatureHandle;
  private readonly listeners = new Set<(events: CreatureEvent[], batch: Batch<CreatureEvent>) => void>();

  constructor(spec: CreatureSpec) {
    ensureReady();
    if (spec === undefined) checkObject(spec, "Creature spec");
    const text = toText(checkOptions(spec, "Creature spec", '{ kind: "pc", hpMax: 10, rules: { type: "a5e" } }'));
    this.handle = guard(() => new CreatureHandle(text));
  }

  /**
   * Restore a {@link Creature.toJSON} snapshot (or a creature's own `{ v: 1, creature, rules,
   * time }` snapshot, as earlier versions wrote it); malformed or tampered is `SNAPSHOT_INVALID`.
   */
  static fromJSON(snapshot: CreatureSaved | CreatureSnapshot | string): Creature {
    ensureReady();
    const creature = Object.create(Creature.prototype) as Creature;
    const text = snapshotText(snapshot);
    Object.defineProperty(creature, "handle", { value: guard(() => CreatureHandle.fromJSON(text)) });
    Object.defineProperty(creature, "listeners", { value: new Set() });
    return creature;
  }

  /** A checksummed snapshot that {@link Creature.fromJSON} restores exactly. */
  toJSON(): CreatureSaved {
    return fromText(guard(() => this.handle.toJSON()));
  }

  /** Be told of each call's event and its {@link Batch} (to mirror the creature elsewhere). */
  onEvents(listener: (events: CreatureEvent[], batch: Batch<CreatureEvent>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Apply another client's batch (checked: `OUT_OF_SYNC` when one was missed or it led to a
   * different creature here) or bare events, all or nothing.
   */
  applyEvents(events: readonly CreatureEvent[] | Batch<CreatureEvent> | string): void {
    const text = typeof events === "string" ? checkText(events) : toText(events);
    guard(() => this.handle.applyEvents(text));
  }

  /** Calls made or applied so far. */
  get seq(): number {
    return guard(() => this.handle.seq());
  }

  /** The digest of the creature now (16 hex digits), as a batch carries it. */
  digest(): string {
    return guard(() => this.handle.digest());
  }

  /** Everything a UI shows at once, each value from the rules core. */
  status(): CreatureStatus {
    return fromText(guard(() => this.handle.status()));
  }

  get hp(): number {
    return this.status().hp;
  }
  get hpMax(): number {
    return this.status().hpMax;
  }
  get tempHp(): number {
    return this.status().tempHp;
  }
  /** A5E-HP-02: at or below half the HP maximum. */
  get bloodied(): boolean {
    return this.status().bloodied;
  }
  get dead(): boolean {
    return this.status().dead;
  }
  /** Dying or stable at 0 HP (A5E). */
  get unconscious(): boolean {
    return this.status().unconscious;
  }
  /** At 0 HP under the hybrid rules (HYB-DEATH-01). */
  get incapacitated(): boolean {
    return this.status().incapacitated;
  }
  get death(): DeathState {
    return this.status().death;
  }
  /** Fatigue level, counting levels still pending until the fight ends (A5E-TRACK-06). */
  get fatigue(): number {
    const t = this.status().fatigue;
    return (t.effective ?? 0) + (t.pending ?? 0);
  }
  /** Strife level, counting pending levels. */
  get strife(): number {
    const t = this.status().strife;
    return (t.effective ?? 0) + (t.pending ?? 0);
  }
  get rules(): CreatureRules {
    return this.toJSON().creature.rules;
  }
  /** The creature's clock. */
  get time(): Moment {
    return this.status().time;
  }

  /** Run one command (its arguments already checked): its result, relayed to listeners as a batch. */
  private run<T>(command: CreatureCommand, dice?: Dice): T {
    const text = toText(command);
    if (this.listeners.size === 0) return fromText<T>(withCoreDice(dice, (box) => guard(() => this.handle.execute(text, box, false))));
    const batch = JSON.parse(withCoreDice(dice, (box) => guard(() => this.handle.execute(text, box, true)))) as Batch<CreatureEvent>;
    for (const l of this.listeners) l(batch.events, batch);
    return fromText<T>(batch.events[0]?.result ?? "null");
  }

  /** What `damage` would do, step by step, changing nothing (`25 − 5 = 20, halved: 10`). */
  preview(damage: DamageInstance, choices?: DamageChoices): DamageBreakdown {
    const d = toText(checkObject(damage, "damage"));
    const c = toText(optional(choices, (v) => checkObject(v, "choices")) ?? null);
    return fromText(guard(() => this.handle.preview(d, c)));
  }

  /** Apply damage; the attacker's, target's or Narrator's choices go in `choices` (never guessed). */
  damage(damage: DamageInstance, choices?: DamageChoices, dice?: Dice): DamageReport {
    return this.run({ type: "damage", damage: checkObject(damage, "damage"), choices: optional(choices, (c) => checkObject(c, "choices")) }, dice);
  }

  /** A5E-DMG-06: roll and apply ongoing damage at the end of the creature's turn. */
  ongoingDamage(ongoing: OngoingDamage, choices?: DamageChoices, dice?: Dice): DamageReport {
    return this.run({ type: "ongoingDamage", ongoing: checkObject(ongoing, "ongoing damage"), choices: optional(choices, (c) => checkObject(c, "choices")) }, dice);
  }

  /** Regain `amount` HP, capped at the maximum (A5E-HEAL-01). Dice are rolled only by HYB injuries. */
  heal(amount: number, dice?: Dice): Report {
    return this.run({ type: "heal", amount: checkNumber(amount, "amount") }, dice);
  }

  /** Heal by rolling a formula (`{ count: 2, size: "d4", modifier: 2 }`). */
  healDice(formula: DiceSpec, dice?: Dice): Report {
    return this.run({ type: "healDice", dice: checkObject(formula, "formula") }, dice);
  }

  /** A5E-THP-02: temporary HP never stack; `choice` keeps the higher (default), the current or the new. */
  grantTempHp(amount: number, choice?: TempHpChoice): Report {
    return this.run({ type: "grantTempHp", amount: checkNumber(amount, "amount"), choice: optional(choice, (c) => checkString(c, "choice") as TempHpChoice) });
  }

  /** A5E-DEATH-03/-04: a death save with `modifier` (default 0). */
  deathSave(modifier = 0, mode?: RollMode, dice?: Dice): Report {
    return this.run({ type: "deathSave", modifier: checkNumber(modifier, "modifier"), mode: optional(mode, (m) => checkString(m, "mode") as RollMode) }, dice);
  }

  /** A5E-DEATH-09 / HYB-DEATH-02: stabilise with a check (`{ type: "check", modifier, dc? }`) or automatically. */
  stabilize(method: StabilizeMethod, dice?: Dice): Report {
    return this.run({ type: "stabilize", method: checkObject(method, "method") }, dice);
  }

  gainFatigue(levels = 1, dice?: Dice): Report {
    return this.run({ type: "gainFatigue", levels: checkNumber(levels, "levels") }, dice);
  }
  gainStrife(levels = 1, dice?: Dice): Report {
    return this.run({ type: "gainStrife", levels: checkNumber(levels, "levels") }, dice);
  }
  removeFatigue(levels = 1): Report {
    return this.run({ type: "removeFatigue", levels: checkNumber(levels, "levels") });
  }
  removeStrife(levels = 1): Report {
    return this.run({ type: "removeStrife", levels: checkNumber(levels, "levels") });
  }
  /**
   * 5e exhaustion (SRD-EXH-01), only under the `srd5e` rules (`INVALID_ARGUMENT` otherwise):
   * the levels add up and a sixth kills (SRD-EXH-03).
   */
  gainExhaustion(levels = 1): Report {
    return this.run({ type: "gainExhaustion", levels: checkNumber(levels, "levels") });
  }
  /** SRD-EXH-04: lower 5e exhaustion by `levels` (a long rest with food and drink lowers it by one). */
  removeExhaustion(levels = 1): Report {
    return this.run({ type: "removeExhaustion", levels: checkNumber(levels, "levels") });
  }

  /** A5E-COND-08: the Narrator dooms the creature (2d12 hours by default, or `{ type: "at", time }`). */
  doom(deadline?: DoomDeadline, dice?: Dice): Report {
    return this.run({ type: "doom", deadline: optional(deadline, (d) => checkObject(d, "deadline")) }, dice);
  }
  liftDoom(): Report {
    return this.run({ type: "liftDoom" });
  }
  /** The referee kills the creature. */
  kill(): Report {
    return this.run({ type: "kill" });
  }
  /** A5E-HEAL-02: raised with `hp` HP; `liftsDoom` for magic that also lifts a doom. */
  raise(hp: number, liftsDoom = false): Report {
    return this.run({ type: "raise", hp: checkNumber(hp, "hp"), liftsDoom: checkBoolean(liftsDoom, "liftsDoom") });
  }

  /** Set the clock without applying anything (e.g. a fight starts: `setTime(now, true)`). */
  setTime(now: number, inEncounter = false): void {
    this.run({ type: "setTime", now: checkNumber(now, "now"), inEncounter: checkBoolean(inEncounter, "inEncounter") });
  }
  /** Move the clock to `now` and apply what falls due (regaining 1 HP when stable, doom, the HYB death clock). */
  advanceTime(now: number): Report {
    return this.run({ type: "advanceTime", now: checkNumber(now, "now") });
  }
  /** The fight ends (at `now`, or the current time): pending fatigue takes effect (A5E-TRACK-06). */
  endEncounter(now?: number, dice?: Dice): Report {
    return this.run({ type: "endEncounter", now: optional(now, (n) => checkNumber(n, "now")) }, dice);
  }

  /** A5E-REST-01: spend one Hit Die (call again after seeing the roll). */
  spendHitDie(dice?: Dice): Report {
    return this.run({ type: "spendHitDie" }, dice);
  }
  /** The short rest ends: the critical-hit block recharges (A5E-DMG-04). */
  finishShortRest(): Report {
    return this.run({ type: "finishShortRest" });
  }
  /** A5E-REST-02..06: the end of a long rest; the report says why a rest gave no benefit. */
  longRest(rest: LongRest, dice?: Dice): Report {
    return this.run({ type: "longRest", rest: checkObject(rest, "rest") }, dice);
  }
  /** HYB-HEAL-02, HYB-RES-04: one night's rest, safe or not, with or without food. */
  hybNightlyRest(rest: NightlyRest): Report {
    return this.run({ type: "hybNightlyRest", rest: checkObject(rest, "rest") });
  }
  /** OSE-HEAL-01: 1d3 HP per day of complete rest (a number means that many complete days). */
  oseNaturalHealing(days: readonly OseRestDay[] | number, dice?: Dice): Report {
    // A number crosses as `completeDays` (the core checks it against its limit), a list as `days`.
    if (typeof days === "number") return this.run({ type: "oseNaturalHealing", completeDays: checkNumber(days, "days") }, dice);
    if (typeOf(days) !== "an array") {
      throw new TurnkeeperError("INVALID_ARGUMENT", `days must be an array or a number, not ${typeOf(days)}`);
    }
    return this.run({ type: "oseNaturalHealing", days: [...days] }, dice);
  }

  /** HYB-RES-01: count hours adventured; returns the new total. */
  addAdventuringHours(hours: number): number {
    return this.run({ type: "addAdventuringHours", hours: checkNumber(hours, "hours") });
  }
  /** HYB-RES-01: hours the GM takes off the resilience. */
  setResilienceReduction(hours: number): void {
    this.run({ type: "setResilienceReduction", hours: checkNumber(hours, "hours") });
  }
  /** HYB-RES-02: 1d20 + CON modifier against 10 + hours beyond resilience; failure exhausts. */
  resilienceCheck(mode?: RollMode, dice?: Dice): Report {
    return this.run({ type: "resilienceCheck", mode: optional(mode, (m) => checkString(m, "mode") as RollMode) }, dice);
  }
  /** HYB-HEAL-03: mundane care restores no HP but ends the injury's disadvantage on checks. */
  hybMundaneCare(): Report {
    return this.run({ type: "hybMundaneCare" });
  }
  /** HYB-RES-04: exhausted by negative magic, disease, poison or tainted food. */
  exhaust(): Report {
    return this.run({ type: "exhaust" });
  }
  loseAbilityPoints(ability: Ability, points: number): Report {
    return this.run({ type: "loseAbilityPoints", ability: checkString(ability, "ability") as Ability, points: checkNumber(points, "points") });
  }
  /** HYB-HEAL-03: lost points come back (at most those lost). */
  recoverAbilityPoints(ability: Ability, points: number): Report {
    return this.run({ type: "recoverAbilityPoints", ability: checkString(ability, "ability") as Ability, points: checkNumber(points, "points") });
  }

  /** Release the wasm memory now (otherwise the garbage collector does it); every later use throws. */
  free(): void {
    release(this.handle);
    markFreed(this, "Creature");
  }

  [Symbol.dispose](): void {
    this.free();
  }
}
