/** Creatures: HP, damage, dying, healing, rests, fatigue and strife (A5E, hybrid, OSE). See the README. */
import {
  CreatureHandle,
  DiceBox,
  type Ability,
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
import { guard, TurnkeeperError } from "./errors.js";
import { checkText, fromText, toText, typeOf } from "./text.js";
import { snapshotText } from "./text.js";
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
  GameSeconds,
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
/** The plain creature record inside a {@link CreatureSnapshot}. */
export type { Creature as CreatureRecord } from "../wasm/turnkeeper.js";

let cryptoBox: DiceBox | undefined;
function boxOf(dice: Dice | undefined): DiceBox {
  if (dice) return dice.box;
  cryptoBox ??= new DiceBox(undefined);
  return cryptoBox;
}

/**
 * One creature with its rules and its own clock (game seconds, fight or not). Calls return reports
 * with every die and outcome; a failed call changes nothing.
 */
export class Creature {
  /** @internal */
  readonly handle: CreatureHandle;

  constructor(spec: CreatureSpec) {
    ensureReady();
    const text = toText(spec);
    this.handle = guard(() => new CreatureHandle(text));
  }

  /** Restore a {@link Creature.toJSON} snapshot; malformed or tampered is `SNAPSHOT_INVALID`. */
  static fromJSON(snapshot: CreatureSnapshot | string): Creature {
    ensureReady();
    const creature = Object.create(Creature.prototype) as Creature;
    const text = snapshotText(snapshot);
    Object.defineProperty(creature, "handle", { value: guard(() => CreatureHandle.fromJSON(text)) });
    return creature;
  }

  /** A versioned snapshot (`{ v, creature, rules, time }`) that {@link Creature.fromJSON} restores exactly. */
  toJSON(): CreatureSnapshot {
    return fromText(guard(() => this.handle.toJSON()));
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
    return this.toJSON().rules;
  }
  /** The creature's clock. */
  get time(): Moment {
    return this.status().time;
  }

  private run<T>(op: string, n: number, a?: unknown, b?: unknown, dice?: Dice): T {
    if (typeof n !== "number") throw new TurnkeeperError("INVALID_ARGUMENT", `${op}: the number must be a number, not ${typeOf(n)}`);
    const first = toText(a ?? null);
    const second = toText(b ?? null);
    return fromText<T>(guard(() => this.handle.apply(op, n, first, second, boxOf(dice))));
  }

  /** What `damage` would do, step by step, changing nothing (`25 − 5 = 20, halved: 10`). */
  preview(damage: DamageInstance, choices?: DamageChoices): DamageBreakdown {
    const d = toText(damage);
    const c = toText(choices ?? null);
    return fromText(guard(() => this.handle.preview(d, c)));
  }

  /** Apply damage; the attacker's, target's or Narrator's choices go in `choices` (never guessed). */
  damage(damage: DamageInstance, choices?: DamageChoices, dice?: Dice): DamageReport {
    return this.run("damage", 0, damage, choices, dice);
  }

  /** A5E-DMG-06: roll and apply ongoing damage at the end of the creature's turn. */
  ongoingDamage(ongoing: OngoingDamage, choices?: DamageChoices, dice?: Dice): DamageReport {
    return this.run("ongoingDamage", 0, ongoing, choices, dice);
  }

  /** Regain `amount` HP, capped at the maximum (A5E-HEAL-01). Dice are rolled only by HYB injuries. */
  heal(amount: number, dice?: Dice): Report {
    return this.run("heal", amount, undefined, undefined, dice);
  }

  /** Heal by rolling a formula (`{ count: 2, size: "d4", modifier: 2 }`). */
  healDice(formula: DiceSpec, dice?: Dice): Report {
    return this.run("healDice", 0, formula, undefined, dice);
  }

  /** A5E-THP-02: temporary HP never stack; `choice` keeps the higher (default), the current or the new. */
  grantTempHp(amount: number, choice?: TempHpChoice): Report {
    return this.run("grantTempHp", amount, choice);
  }

  /** A5E-DEATH-03/-04: a death save with `modifier` (default 0). */
  deathSave(modifier = 0, mode?: RollMode, dice?: Dice): Report {
    return this.run("deathSave", modifier, mode, undefined, dice);
  }

  /** A5E-DEATH-09 / HYB-DEATH-02: stabilise with a check (`{ type: "check", modifier, dc? }`) or automatically. */
  stabilize(method: StabilizeMethod, dice?: Dice): Report {
    return this.run("stabilize", 0, method, undefined, dice);
  }

  gainFatigue(levels = 1, dice?: Dice): Report {
    return this.run("gainFatigue", levels, undefined, undefined, dice);
  }
  gainStrife(levels = 1, dice?: Dice): Report {
    return this.run("gainStrife", levels, undefined, undefined, dice);
  }
  removeFatigue(levels = 1): Report {
    return this.run("removeFatigue", levels);
  }
  removeStrife(levels = 1): Report {
    return this.run("removeStrife", levels);
  }

  /** A5E-COND-08: the Narrator dooms the creature (2d12 hours by default, or `{ type: "at", time }`). */
  doom(deadline?: DoomDeadline, dice?: Dice): Report {
    return this.run("doom", 0, deadline, undefined, dice);
  }
  liftDoom(): Report {
    return this.run("liftDoom", 0);
  }
  /** The referee kills the creature. */
  kill(): Report {
    return this.run("kill", 0);
  }
  /** A5E-HEAL-02: raised with `hp` HP; `liftsDoom` for magic that also lifts a doom. */
  raise(hp: number, liftsDoom = false): Report {
    return this.run("raise", hp, liftsDoom);
  }

  /** Set the clock without applying anything (e.g. a fight starts: `setTime(now, true)`). */
  setTime(now: number, inEncounter = false): void {
    this.run("setTime", now, inEncounter);
  }
  /** Move the clock to `now` and apply what falls due (regaining 1 HP when stable, doom, the HYB death clock). */
  advanceTime(now: number): Report {
    return this.run("advanceTime", now);
  }
  /** The fight ends (at `now`, or the current time): pending fatigue takes effect (A5E-TRACK-06). */
  endEncounter(now?: number, dice?: Dice): Report {
    return this.run("endEncounter", now ?? Number.NaN, undefined, undefined, dice);
  }

  /** A5E-REST-01: spend one Hit Die (call again after seeing the roll). */
  spendHitDie(dice?: Dice): Report {
    return this.run("spendHitDie", 0, undefined, undefined, dice);
  }
  /** The short rest ends: the critical-hit block recharges (A5E-DMG-04). */
  finishShortRest(): Report {
    return this.run("finishShortRest", 0);
  }
  /** A5E-REST-02..06: the end of a long rest; the report says why a rest gave no benefit. */
  longRest(rest: LongRest, dice?: Dice): Report {
    return this.run("longRest", 0, rest, undefined, dice);
  }
  /** HYB-HEAL-02, HYB-RES-04: one night's rest, safe or not, with or without food. */
  hybNightlyRest(rest: NightlyRest): Report {
    return this.run("hybNightlyRest", 0, rest);
  }
  /** OSE-HEAL-01: 1d3 HP per day of complete rest (a number means that many complete days). */
  oseNaturalHealing(days: readonly OseRestDay[] | number, dice?: Dice): Report {
    const list = typeof days === "number" ? Array.from({ length: days }, () => "complete" as const) : days;
    return this.run("oseNaturalHealing", 0, list, undefined, dice);
  }

  /** HYB-RES-01: count hours adventured; returns the new total. */
  addAdventuringHours(hours: number): number {
    return this.run("addAdventuringHours", hours);
  }
  /** HYB-RES-01: hours the GM takes off the resilience. */
  setResilienceReduction(hours: number): void {
    this.run("setResilienceReduction", hours);
  }
  /** HYB-RES-02: 1d20 + CON modifier against 10 + hours beyond resilience; failure exhausts. */
  resilienceCheck(mode?: RollMode, dice?: Dice): Report {
    return this.run("resilienceCheck", 0, mode, undefined, dice);
  }
  /** HYB-RES-04: exhausted by negative magic, disease, poison or tainted food. */
  exhaust(): Report {
    return this.run("exhaust", 0);
  }
  loseAbilityPoints(ability: Ability, points: number): Report {
    return this.run("loseAbilityPoints", points, ability);
  }
  /** HYB-HEAL-03: lost points come back (at most those lost). */
  recoverAbilityPoints(ability: Ability, points: number): Report {
    return this.run("recoverAbilityPoints", points, ability);
  }

  /** Release the wasm memory now (otherwise the garbage collector does it). */
  free(): void {
    this.handle.free();
  }

  [Symbol.dispose](): void {
    this.free();
  }
}
