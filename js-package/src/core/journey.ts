/**
 * Journeys: the game clock and the exploration procedures (HYB travel turns, rolling to
 * return, time dice and light; OSE dungeon turns, wilderness and waterborne days), driven by
 * commands that return events — the same model as {@link Encounter}. Events carry every die,
 * so another client that applies them reaches the same state without rolling.
 */
import {
  JourneyHandle,
  type Caution,
  type Chance,
  type Consumable,
  type ConsumableKind,
  type Corruption,
  type DungeonAction,
  type Familiarity,
  type JourneyCommand,
  type JourneyConfig,
  type JourneyEvent,
  type JourneyMode,
  type JourneyView,
  type LightKind,
  type LightLevel,
  type LightSource,
  type LightSpec,
  type ListenAttempt,
  type Member,
  type ReturnPath,
  type ReturnAtZero,
  type ReturnWounds,
  type NightlyRest,
  type RollMode,
  type SearchAttempt,
  type SeedState,
  type Span,
  type Tick,
  type TimeOfDay,
  type TravelTurnPlan,
  type Vessel,
  type WaterDayPlan,
  type WildernessDayPlan,
} from "../wasm/turnkeeper.js";
import { ensureReady } from "./loader.js";
import { EventSourced } from "./commands.js";
import { checkNumber, checkObject, checkOptions, checkString, describeValue, fromText, readField, snapshotText, toText } from "./text.js";
import { markFreed } from "./freed.js";
import { guard, release, TurnkeeperError } from "./errors.js";
import type { CommandOptions } from "./commands.js";
import type { Encounter } from "./encounter.js";

export type {
  CheckContext,
  ClockAdvanced,
  Consumable,
  ConsumableKind,
  DayActivity,
  DungeonAction,
  DungeonClock,
  Familiarity,
  GameTime,
  Happening,
  HybDayConditions,
  JourneyCommand,
  JourneyConfig,
  JourneyEvent,
  JourneyMode,
  JourneyView,
  LightKind,
  LightLevel,
  LightSource,
  LightSpec,
  ListenAttempt,
  Member,
  OseRoute,
  OseTerrain,
  ReturnPath,
  ReturnAtZero,
  ReturnWounds,
  MemberChange,
  MemberHours,
  ReturnResult,
  SearchAttempt,
  SkippedCheck,
  Span,
  StartTime,
  ThreatLevel,
  Tick,
  TimeDice,
  TimeDiceRoll,
  TimeOfDay,
  TravelTurnPlan,
  Vessel,
  WaterDayPlan,
  Waters,
  WildernessClock,
  WildernessDayPlan,
} from "../wasm/turnkeeper.js";

/** The rulesets with exploration procedures. */
export type JourneyRuleset = "hyb" | "ose";

/** The modes of ruleset `R`: HYB's procedures (6-second rounds) or OSE's (10-second rounds). */
export type JourneyModeOf<R extends JourneyRuleset> = Extract<JourneyMode, `${R}${string}`>;
/** The HYB procedures (6-second rounds). */
export type HybJourneyMode = JourneyModeOf<"hyb">;
/** The OSE procedures (10-second rounds). */
export type OseJourneyMode = JourneyModeOf<"ose">;
/** What follows the ruleset in a mode's name (`"Dungeon"`, `"Wilderness"`…): how `R` is read off a mode. */
type ModeName = JourneyMode extends `${JourneyRuleset}${infer S}` ? S : never;
/** `T` where the type checker must not infer a type parameter from (TypeScript 5.4's `NoInfer`). */
type NotInferred<T> = [T][T extends unknown ? 0 : never];

/**
 * How to create a journey. `ruleset` and `mode` must agree: `{ ruleset: "hyb", mode:
 * "oseWilderness" }` does not type-check (and throws `INVALID_ARGUMENT` from plain JavaScript).
 * Without `ruleset` it is taken from `mode` (HYB when neither is given). `JourneyOptions<"ose">`
 * admits only OSE journeys.
 */
export type JourneyOptions<R extends JourneyRuleset = JourneyRuleset> =
  | (JourneySetup & (R extends JourneyRuleset ? { ruleset: R; mode?: JourneyModeOf<R> } | { ruleset?: undefined; mode: JourneyModeOf<R> } : never))
  | ("hyb" extends R ? JourneySetup & { ruleset?: undefined; mode?: undefined } : never);

/** What every {@link JourneyOptions} may carry besides its ruleset and mode. */
export interface JourneySetup {
  /** Seeded dice for reproducible sessions; crypto dice when omitted. */
  seed?: number;
  /** Referee's choices laid over the ruleset's preset (round length, wind table, …). */
  config?: JourneyConfig;
}

/** How to start a journey: at a time of day, or (HYB-TIME-02) on rolled time dice. */
export interface StartOptions<R extends JourneyRuleset = JourneyRuleset> extends CommandOptions {
  /** Defaults to the `mode` given to the constructor; one of the journey's ruleset's modes. */
  mode?: JourneyModeOf<R>;
  day?: number;
  hour?: number;
  minute?: number;
  /** HYB-TIME-02: roll this many time dice for the hour instead of setting it. */
  timeDice?: number;
  /** With `timeDice`: the hour the GM starts from before the dice are added. */
  offsetHours?: number;
}

/**
 * What `toJSON()` returns: the journey's own checksummed snapshot, the batches made or applied
 * (`seq`) and the seeded dice's state, under a checksum (`sum`) covering all of it, the dice
 * included. Snapshots of earlier versions (without `v`, `seq` and `sum`) still load.
 */
export interface JourneySnapshot {
  /** Envelope version (2). */
  v?: number;
  seq?: number;
  journey: unknown;
  dice?: SeedState;
  /** Set in a player's copy (`playerView()`): it refuses every command with `NOT_ALLOWED`. */
  players?: true;
  sum?: string;
}

/** Where to ask for the light level. */
export interface LightQuery {
  /** A place holding sources; the party's carried sources when omitted. */
  place?: string;
  /** Feet from the source (default 0). */
  distance?: number;
  /** The light there without sources (default `"darkness"`). */
  ambient?: LightLevel;
}


/** Every mode by name (the `Record` type keeps it in step with the generated `JourneyMode`). */
const MODES: Readonly<Record<JourneyMode, true>> = {
  hybDungeon: true,
  hybOverland: true,
  hybRiverOrLake: true,
  hybSea: true,
  oseDungeon: true,
  oseWilderness: true,
  oseWaterborne: true,
};

function rulesetOf(mode: JourneyMode | undefined): JourneyRuleset | undefined {
  if (mode === undefined) return undefined;
  return mode.startsWith("hyb") ? "hyb" : "ose";
}

/**
 * A journey of ruleset `R` (`Journey` alone: either). Its modes are `R`'s: `start` and
 * `changeMode` refuse the other ruleset's, by type and at run time (`INVALID_ARGUMENT`). A
 * journey from `fromJSON` takes its ruleset from its mode once started. `execute` takes the
 * core's commands as they are (a preset is only a configuration to the core).
 */
class JourneyClass<R extends JourneyRuleset = JourneyRuleset> extends EventSourced<JourneyCommand, JourneyEvent, JourneyHandle> {
  /** The ruleset light presets use; `undefined` after `fromJSON` until the journey has a mode. */
  private readonly preset: JourneyRuleset | undefined;
  private readonly defaultMode: JourneyMode | undefined;

  constructor(options: JourneyOptions<R> = {} as JourneyOptions<R>) {
    ensureReady();
    checkOptions(options, "Journey options", '{ ruleset: "ose" }');
    const given = readField(options, "ruleset");
    if (given !== undefined && given !== "hyb" && given !== "ose") {
      throw new TurnkeeperError("INVALID_ARGUMENT", `Journey options.ruleset must be "hyb" or "ose", not ${describeValue(given)}`);
    }
    const mode = readField(options, "mode");
    if (mode !== undefined && (typeof mode !== "string" || !Object.prototype.hasOwnProperty.call(MODES, mode))) {
      const list = Object.keys(MODES).map((m) => JSON.stringify(m)).join(", ");
      throw new TurnkeeperError("INVALID_ARGUMENT", `Journey options.mode must be one of ${list}, not ${describeValue(mode)}`);
    }
    const fromMode = rulesetOf(mode as JourneyMode | undefined);
    if (given !== undefined && fromMode !== undefined && given !== fromMode) {
      throw new TurnkeeperError("INVALID_ARGUMENT", `mode "${mode as string}" is not a ${given} procedure`);
    }
    const seed = readField(options, "seed");
    if (seed !== undefined) checkNumber(seed, "Journey options.seed");
    const config = readField(options, "config");
    const configText = toText(config === undefined ? {} : checkObject(config, "Journey options.config"));
    const ruleset = given ?? fromMode ?? "hyb";
    super(guard(() => new JourneyHandle(ruleset, configText, seed as number | undefined)));
    this.preset = ruleset;
    this.defaultMode = mode as JourneyMode | undefined;
  }

  /** Restore a snapshot from {@link Journey.toJSON} (object or JSON text). Refuses tampering. */
  static fromJSON(snapshot: JourneySnapshot | string): Journey {
    ensureReady();
    const text = snapshotText(snapshot);
    const j = EventSourced.restored<Journey>(JourneyClass.prototype, guard(() => JourneyHandle.fromJSON(text)));
    Object.defineProperty(j, "preset", { value: undefined });
    Object.defineProperty(j, "defaultMode", { value: undefined });
    return j;
  }

  /** The numbers the rules give a light source: HYB torch or lantern, or OSE light of a kind. */
  static lightSpec(ruleset: JourneyRuleset, kind: LightKind, burnSeconds?: number): LightSpec {
    ensureReady();
    return JSON.parse(guard(() => JourneyHandle.lightSpec(ruleset, kind, burnSeconds))) as LightSpec;
  }

  /** The wandering-monster checks among some events (OSE-DUNG-13, OSE-WILD-14, OSE-WATER-07). */
  static wanderingChecks(events: readonly JourneyEvent[]): Extract<JourneyEvent, { type: "wanderingChecked" }>[] {
    return events.filter((e): e is Extract<JourneyEvent, { type: "wanderingChecked" }> => e.type === "wanderingChecked");
  }

  /** A compact, versioned, checksummed snapshot (so `JSON.stringify(journey)` works too). */
  toJSON(): JourneySnapshot {
    return JSON.parse(guard(() => this.handle.toJSON())) as JourneySnapshot;
  }

  // ---- starting and the party ----
  /** Begin at a time of day (default 00:00 of day 0), or on `timeDice` rolled time dice. */
  start(options: StartOptions<R> = {}): JourneyEvent[] {
    const mode = options.mode ?? this.defaultMode;
    if (mode === undefined) throw new TurnkeeperError("INVALID_ARGUMENT", "start needs a mode");
    this.checkMode(mode);
    const start =
      options.timeDice !== undefined
        ? { type: "timeDice" as const, count: options.timeDice, offsetHours: options.offsetHours ?? 0 }
        : { type: "at" as const, hour: options.hour ?? 0, minute: options.minute ?? 0 };
    return this.execute({ type: "start", mode, day: options.day ?? 0, start }, options);
  }
  /** Another procedure of the same ruleset (HYB dungeon to overland, OSE dungeon to wilderness…). */
  changeMode(mode: JourneyModeOf<R>): JourneyEvent[] {
    this.checkMode(mode);
    return this.execute({ type: "changeMode", mode });
  }

  /** The journey's ruleset: the constructor's, or (after `fromJSON`) its mode's once started. */
  private ruleset(): JourneyRuleset | undefined {
    return this.preset ?? rulesetOf(this.view().mode);
  }

  /** A mode from plain JavaScript (or a cast) of the other ruleset is `INVALID_ARGUMENT`. */
  private checkMode(mode: JourneyMode): void {
    const ruleset = this.ruleset();
    if (ruleset !== undefined && rulesetOf(mode) !== ruleset) {
      throw new TurnkeeperError("INVALID_ARGUMENT", `mode "${mode}" is not a ${ruleset} procedure`);
    }
  }
  addMember(member: Member): JourneyEvent[] {
    return this.execute({ type: "addMember", member });
  }
  removeMember(id: string): JourneyEvent[] {
    return this.execute({ type: "removeMember", id });
  }

  // ---- light ----
  /**
   * Add an unlit source: a full spec, or a kind resolved by the journey's ruleset
   * (HYB torch 1 h / lantern 3 h of 30 ft dim light; OSE 30 ft, burn time yours via `burnSeconds`).
   */
  addLight(id: string, spec: LightSpec | LightKind, options: { label?: string; place?: string; burnSeconds?: number } = {}): JourneyEvent[] {
    let full: LightSpec;
    if (typeof spec === "string") {
      const ruleset = this.ruleset();
      if (ruleset === undefined) throw new TurnkeeperError("INVALID_ARGUMENT", "pass a full light spec: this journey has no ruleset yet");
      full = JourneyClass.lightSpec(ruleset, spec, options.burnSeconds);
    } else {
      full = spec;
    }
    const command: JourneyCommand = { type: "addLight", id, spec: full };
    if (options.label !== undefined) command.label = options.label;
    if (options.place !== undefined) command.place = options.place;
    return this.execute(command);
  }
  /** Light a source; it burns as the clock advances. */
  light(id: string): JourneyEvent[] {
    return this.execute({ type: "light", id });
  }
  /** Put a source out; it keeps the burn time it has left. */
  douse(id: string): JourneyEvent[] {
    return this.execute({ type: "douse", id });
  }
  /** Light a doused source again; it carries on from where it stopped. */
  relight(id: string): JourneyEvent[] {
    return this.light(id);
  }
  removeLight(id: string): JourneyEvent[] {
    return this.execute({ type: "removeLight", id });
  }
  /** How long before a source runs out its `lightLow` warning comes. */
  setWarningLead(seconds: number): JourneyEvent[] {
    return this.execute({ type: "setWarningLead", lead: seconds });
  }

  // ---- supplies ----
  /** A counter (rations, Supply, HYB SUP); with `tick` it runs down as time passes. */
  addSupply(id: string, kind: ConsumableKind, amount: number, tick?: Tick): JourneyEvent[] {
    const command: JourneyCommand = { type: "addSupply", id, kind, amount };
    if (tick !== undefined) command.tick = tick;
    return this.execute(command);
  }
  consume(id: string, amount = 1): JourneyEvent[] {
    return this.execute({ type: "consume", id, amount });
  }
  restock(id: string, amount: number): JourneyEvent[] {
    return this.execute({ type: "restock", id, amount });
  }

  // ---- time ----
  /** Let time pass; lights burn, supplies tick, days begin. */
  advance(span: Span): JourneyEvent[] {
    return this.execute({ type: "advance", span });
  }
  /** C-01: `count` combat rounds pass, at `roundLength` seconds (default: this journey's). */
  advanceRounds(count: number, roundLength?: number): JourneyEvent[] {
    return this.advance({ type: "rounds", count, length: roundLength ?? this.config.roundLength ?? 6 });
  }
  /**
   * Keep an encounter's time-based effects in step with this journey's clock: whenever the
   * journey's time passes, the same seconds pass for the encounter's effects, so an effect
   * lasting 10 minutes ends during the next exploration turn. Only outside combat (before the
   * encounter starts or after it ends): in combat the encounter's own rounds drive its clock, and
   * {@link Journey.advanceForEncounter} brings the journey up to date afterwards. Returns an unlink.
   */
  linkEncounter(encounter: Encounter): () => void {
    return this.onEvents((events) => {
      for (const e of events) {
        if (e.type !== "timePassed" || e.by <= 0) continue;
        const phase = encounter.phase;
        if (phase === "setup" || phase === "ended") encounter.advanceClock(e.by);
      }
    });
  }

  /**
   * An encounter's time passes on this clock (`encounter.elapsedSeconds`); call it once, when the
   * encounter ends. OSE-ENC-06: in an OSE journey an encounter takes at least one full turn; in an
   * OSE dungeon the time counts toward the rest requirement (OSE-DUNG-09).
   */
  advanceForEncounter(encounter: Encounter): JourneyEvent[] {
    return this.execute({ type: "encounterTime", seconds: encounter.elapsedSeconds });
  }
  /** OSE-TIME: `count` 10-minute exploration turns pass (no turn procedure is run). */
  advanceTurns(count = 1): JourneyEvent[] {
    return this.advance({ type: "explorationTurns", count });
  }
  advanceHours(count = 1): JourneyEvent[] {
    return this.advance({ type: "hours", count });
  }
  /** HYB-TIME-02: the GM sets the time dice to `hour` (1–24); time passes until then. */
  setHour(hour: number): JourneyEvent[] {
    return this.execute({ type: "setHour", hour });
  }

  // ---- HYB procedures ----
  /** HYB-TRAVEL: a travel turn (an hour in dungeons, a day overland, a week at sea) and its d20 roll. */
  travelTurn(plan: TravelTurnPlan = {}, options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "travelTurn", plan }, options);
  }
  /** Alias of {@link Journey.travelTurn} with only the party's caution. */
  advanceTravelTurn(caution: Caution = "ordinary", options?: CommandOptions): JourneyEvent[] {
    return this.travelTurn({ caution }, options);
  }
  /** HYB-TRAVEL-01: a scene in a dungeon; every 3 (or 4) make a travel turn. */
  recordScene(plan: TravelTurnPlan = {}, options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "recordScene", plan }, options);
  }
  /**
   * HYB-RETURN-01/02: members (all when `who` is empty) roll to return; missing costs damage or
   * loads. `wounds`: by default only rest mends that damage (`"healable"`: ordinary once back).
   */
  rollToReturn(path: ReturnPath, who: readonly string[] = [], options: CommandOptions & { atZero?: ReturnAtZero; wounds?: ReturnWounds } = {}): JourneyEvent[] {
    return this.execute({ type: "rollToReturn", path, who: [...who], atZero: options.atZero, wounds: options.wounds }, options);
  }
  /** HYB-RES-02/03 */
  resilienceCheck(member: string, options: CommandOptions & { advantage?: RollMode } = {}): JourneyEvent[] {
    return this.execute({ type: "resilienceCheck", member, advantage: options.advantage }, options);
  }
  /** HYB-HEAL-02, HYB-RES-04 */
  nightlyRest(rest: NightlyRest, who: readonly string[] = []): JourneyEvent[] {
    return this.execute({ type: "nightlyRest", rest, who: [...who] });
  }
  reachSafety(): JourneyEvent[] {
    return this.execute({ type: "reachSafety" });
  }
  /** HYB-CORR-01: exposure to a disease, poison or venom. */
  expose(member: string, corruption: Corruption, conScore: number, options: CommandOptions & { onsetScore?: number; advantage?: RollMode } = {}): JourneyEvent[] {
    const { faces, onsetScore, advantage } = options;
    return this.execute({ type: "expose", member, corruption, conScore, onsetScore: onsetScore ?? 0, advantage: advantage ?? "normal" }, { faces });
  }
  /** HYB-CORR-02: the current stage of an infection ends (see `view().dueStages`). */
  endCorruptionStage(member: string, conScore: number, harmedScore: number, options: CommandOptions & { index?: number; advantage?: RollMode } = {}): JourneyEvent[] {
    const { faces, index, advantage } = options;
    return this.execute({ type: "endCorruptionStage", member, index: index ?? 0, conScore, harmedScore, advantage: advantage ?? "normal" }, { faces });
  }

  // ---- OSE procedures ----
  /** OSE-DUNG-08: one dungeon turn (the wandering check comes every 2 turns by itself). */
  dungeonTurn(action: DungeonAction, options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "dungeonTurn", action }, options);
  }
  /** A dungeon turn spent moving (OSE-DUNG-07). */
  explore(familiarity?: Familiarity, options?: CommandOptions): JourneyEvent[] {
    return this.dungeonTurn(familiarity === undefined ? { type: "explore" } : { type: "explore", familiarity }, options);
  }
  /** A dungeon turn spent searching (OSE-DUNG-14). */
  search(attempts: readonly SearchAttempt[], options?: CommandOptions): JourneyEvent[] {
    return this.dungeonTurn({ type: "search", attempts: [...attempts] }, options);
  }
  /** A dungeon turn spent listening at doors (OSE-DUNG-06). */
  listen(attempts: readonly ListenAttempt[], options?: CommandOptions): JourneyEvent[] {
    return this.dungeonTurn({ type: "listen", attempts: [...attempts] }, options);
  }
  /** OSE-DUNG-09: rest a turn (one in every hour). */
  rest(options?: CommandOptions): JourneyEvent[] {
    return this.dungeonTurn({ type: "rest" }, options);
  }
  triggerTrap(options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "triggerTrap" }, options);
  }
  forceDoor(by: string, chance: Chance, options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "forceDoor", by, chance }, options);
  }
  /** How far away a met monster is: 2d6 × 10 ft underground, 4d6 × 10 yd outdoors (1d4 × 10 yd if surprised). */
  encounterDistance(eitherSideSurprised = false, options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "encounterDistance", eitherSideSurprised }, options);
  }
  /** OSE-WILD-06: a wilderness day (lost check, wandering checks, hunting, foraging, miles). */
  wildernessDay(plan: WildernessDayPlan, options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "wildernessDay", plan }, options);
  }
  setVessel(vessel: Vessel): JourneyEvent[] {
    return this.execute({ type: "setVessel", vessel });
  }
  repairVessel(): JourneyEvent[] {
    return this.execute({ type: "repairVessel" });
  }
  /** OSE-WATER-07: a waterborne day (lost check, wind, storms, wandering checks, current, miles). */
  waterDay(plan: WaterDayPlan, options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "waterDay", plan }, options);
  }
  galeLandfall(options?: CommandOptions): JourneyEvent[] {
    return this.execute({ type: "galeLandfall" }, options);
  }

  // ---- queries ----
  /** Everything at once (one call into the core). */
  view(): JourneyView {
    return JSON.parse(guard(() => this.handle.view())) as JourneyView;
  }
  get mode(): JourneyMode | undefined {
    return this.view().mode;
  }
  /** Seconds since 00:00 of day 0. */
  get now(): number {
    return this.view().now;
  }
  timeOfDay(): TimeOfDay {
    return this.view().timeOfDay;
  }
  /** HYB-TIME-01: the faces of the time dice showing the hour (undefined outside HYB journeys). */
  timeDice(): number[] | undefined {
    return this.view().timeDice;
  }
  /** The light level, brightest source in range winning over the ambient light. */
  lightLevel(query: LightQuery = {}): LightLevel {
    const place = query.place === undefined ? undefined : checkString(query.place, "place");
    const distance = checkNumber(query.distance ?? 0, "distance");
    const ambient = checkString(query.ambient ?? "darkness", "ambient");
    return fromText<LightLevel>(guard(() => this.handle.lightLevel(place, distance, ambient)));
  }
  /** Light sources with their burn time left (`remaining`, seconds; null if it never runs out). */
  lights(): LightSource[] {
    return this.view().lights;
  }
  /** Consumable counters and what is left of them. */
  supplies(): Consumable[] {
    return this.view().supplies;
  }
  members(): Member[] {
    return this.view().members;
  }
  /** HYB-RETURN-01: the DC to roll to return from here. */
  get returnDc(): number {
    return this.view().returnDc;
  }
  get travelTurnsAway(): number {
    return this.view().travelTurnsAway;
  }
  get config(): JourneyConfig {
    return this.view().config;
  }
  /** The position of the journey's seeded dice (undefined for crypto dice). */
  diceState(): SeedState | undefined {
    return fromText<SeedState | undefined>(guard(() => this.handle.diceState()));
  }

  /** Release the wasm memory now (otherwise the garbage collector does it); every later use throws. */
  free(): void {
    release(this.handle);
    markFreed(this, "Journey");
  }
  [Symbol.dispose](): void {
    this.free();
  }
}

/** A journey of ruleset `R` (see {@link JourneyConstructor}); `Journey` alone is a journey of either. */
export interface Journey<R extends JourneyRuleset = JourneyRuleset> extends JourneyClass<R> {}

/**
 * `new Journey(options)`: the ruleset comes from `ruleset`, else from `mode`, else HYB, and the
 * journey's type carries it (`Journey<"ose">`), so a mode of the other ruleset given to `start`
 * or `changeMode` does not type-check.
 */
export interface JourneyConstructor {
  new <R extends JourneyRuleset>(options: JourneySetup & { ruleset: R; mode?: NotInferred<JourneyModeOf<R>> }): Journey<R>;
  new <R extends JourneyRuleset>(options: JourneySetup & { ruleset?: undefined; mode: `${R}${ModeName}` & JourneyMode }): Journey<R>;
  new <R extends JourneyRuleset = "hyb">(options?: JourneySetup & { ruleset?: undefined; mode?: undefined }): Journey<R>;
  new <R extends JourneyRuleset = JourneyRuleset>(options: JourneyOptions<R>): Journey<R>;
  readonly prototype: Journey;
  /** Restore a snapshot from {@link Journey.toJSON} (object or JSON text). Refuses tampering. */
  fromJSON(snapshot: JourneySnapshot | string): Journey;
  /** The numbers the rules give a light source: HYB torch or lantern, or OSE light of a kind. */
  lightSpec(ruleset: JourneyRuleset, kind: LightKind, burnSeconds?: number): LightSpec;
  /** The wandering-monster checks among some events (OSE-DUNG-13, OSE-WILD-14, OSE-WATER-07). */
  wanderingChecks(events: readonly JourneyEvent[]): Extract<JourneyEvent, { type: "wanderingChecked" }>[];
}

export const Journey = JourneyClass as JourneyConstructor;
