/**
 * Encounters: rounds, turns and initiative for every ruleset, driven by commands that return
 * events. Events carry every die, so another client that applies them reaches the same state
 * without rolling — send them over your VTT's own channel (Foundry socket, Owlbear broadcast).
 */
import {
  EncounterHandle,
  type Activity,
  type Actor,
  type ActionKind,
  type Current,
  type Declaration,
  type EncounterCommand,
  type EncounterEvent,
  type GhDeclaration,
  type Harm,
  type InitiativeCheck,
  type TbaCall,
  type InitiativeSystem,
  type NewParticipant,
  type OrderEntry,
  type Participant,
  type Phase,
  type PlanCause,
  type Preset,
  type RetreatCheck,
  type FollowerModifier,
  type RulesetConfig,
  type SeedState,
  type SideState,
  type WorldAction,
  type WorldActionState,
  type ConditionListing,
  type RollMode,
  type ConditionId,
  type Creature,
  type CreatureCommand,
  type DamageChoices,
  type DamageInstance,
  type Duration,
  type EffectOngoing,
  type EffectSpec,
  type EffectView,
  type RestKind,
  type Roll,
  type RollAdvice,
  type RollQuery,
  type StabilizeMethod,
  type TempHpChoice,
} from "../wasm/turnkeeper.js";
import { ensureReady } from "./loader.js";
import { EventSourced, type CommandOptions } from "./commands.js";
import { checkNumber, checkObject, checkOptions, checkString, describeValue, fromText, readField, snapshotText, toText } from "./text.js";
import { markFreed } from "./freed.js";
import { ruleTables } from "./rule-tables.js";

export type { Batch, CommandOptions, DescribeOptions } from "./commands.js";
export type { NeededDie } from "../wasm/turnkeeper.js";
import { TurnkeeperError, guard, release } from "./errors.js";

export type {
  Activity,
  ActionKind,
  Actor,
  Current,
  Declaration,
  EncounterCommand,
  EncounterEvent,
  GhDeclaration,
  Harm,
  InitiativeCheck,
  TbaCall,
  InitiativeSystem,
  NewParticipant,
  OrderEntry,
  OseDeclaration,
  Participant,
  Phase,
  PlanCause,
  Preset,
  RetreatCheck,
  FollowerModifier,
  RulesetConfig,
  SideState,
  WorldAction,
  WorldActionState,
  ConditionListing,
  ActiveEffect,
  ConditionId,
  Creature as CreatureState,
  CreatureChange,
  DamageChoices,
  DamageInstance,
  DamageReport,
  Duration,
  EffectOngoing,
  EffectSpec,
  EffectView,
  Expiry,
  ExpiryReason,
  Remaining,
  RestKind,
  Roll,
  RollAdvice,
  RollQuery,
  StabilizeMethod,
  TempHpChoice,
} from "../wasm/turnkeeper.js";

/**
 * A homebrew condition's id (one loaded with {@link Encounter.loadConditions}), as
 * {@link homebrewCondition} makes it. A plain string is not one, so a misspelt built-in id
 * (`"frightend"`) does not type-check where a {@link ConditionId} is expected.
 */
export type HomebrewConditionId = string & { readonly __homebrew: "condition" };

/** Longest condition id, in characters (the core's `MAX_CONDITION_ID_LEN`). */
const MAX_CONDITION_ID = 48;

/**
 * Name a homebrew condition: `enc.addCondition("hero", homebrewCondition("hexed"))`. The id is
 * checked as the core checks it (1 to 48 characters from `a-z`, `0-9`, `-` and `_`, starting
 * with a letter or digit; otherwise `INVALID_ARGUMENT`); whether a condition with that id has
 * been loaded is checked when it is used (`UNKNOWN_ID`).
 */
export function homebrewCondition(id: string): HomebrewConditionId {
  const text = checkString(id, "a homebrew condition id");
  if (text.length > MAX_CONDITION_ID || !/^[a-z0-9][a-z0-9_-]*$/.test(text)) {
    throw new TurnkeeperError(
      "INVALID_ARGUMENT",
      `a homebrew condition id must have 1 to ${MAX_CONDITION_ID} characters from a-z, 0-9, '-' and '_', starting with a letter or digit, not ${describeValue(text)}`,
    );
  }
  return text as HomebrewConditionId;
}

/** Options of {@link Encounter.addCondition} and {@link Encounter.addEffect}. */
export interface EffectOptions {
  /** How long it lasts (default: until removed). */
  until?: Duration;
  /** Who caused it (the caster); needed for concentration. */
  source?: string;
  /** The source concentrates on it. */
  concentration?: boolean;
  /** A5E-DMG-06: damage at the end of each of the target's turns while it lasts. */
  ongoing?: EffectOngoing;
}

/** How to create an encounter. */
export interface EncounterOptions {
  /** Ruleset preset: `"gh5e"`, `"a5e"`, `"hyb"`, `"ose"` or `"standard"` (default `"standard"`). */
  ruleset?: Preset;
  /** Override the preset's initiative system (e.g. A5E with Greyhawk initiative). */
  initiative?: InitiativeSystem;
  /** Seeded dice for reproducible sessions; crypto dice when omitted. */
  seed?: number;
  /** Further preset options (round length, per-system toggles). */
  config?: Omit<Partial<RulesetConfig>, "preset" | "initiative">;
}


/**
 * What `toJSON()` returns: the encounter's own versioned snapshot, the batches made or applied
 * (`seq`), the seeded dice's state, all under a checksum (`sum`) that `fromJSON` checks: a
 * changed value or a dropped field is `SNAPSHOT_INVALID`. Snapshots of earlier versions
 * (without `v`, `seq` and `sum`) still load.
 */
export interface EncounterSnapshot {
  /** Envelope version (2). */
  v?: number;
  seq?: number;
  encounter: unknown;
  dice?: SeedState;
  /** Set in a player's copy (`playerView()`): it refuses every command with `NOT_ALLOWED`. */
  players?: true;
  sum?: string;
}

/** Declarations: a list of Greyhawk activities, or a full declaration for any system. */
export type DeclarationInput = readonly Activity[] | Declaration;

function toDeclaration(d: DeclarationInput): Declaration {
  if (Array.isArray(d)) return { system: "greyhawk", activities: [...d] } as Declaration;
  return d as Declaration;
}

/**
 * The handle's order text (`who count flags` per entry, separated by spaces: a participant id
 * or a sides `Actor` as JSON, the count or `-`, 1 = done + 2 = current; see
 * `EncounterHandle::order`) as entries. One `split` instead of `JSON.parse`: about half the
 * time for a 500-combatant order.
 */
function orderEntries(text: string): OrderEntry[] {
  if (text === "") return [];
  const tokens = text.split(" ");
  const out = new Array<OrderEntry>(Math.floor(tokens.length / 3));
  for (let i = 0, j = 0; i < out.length; i++, j += 3) {
    const who = tokens[j] as string;
    const count = tokens[j + 1] as string;
    const flags = Number(tokens[j + 2]);
    out[i] = {
      actor: who.startsWith("{") ? (JSON.parse(who) as Actor) : { type: "participant", participant: who },
      count: count === "-" ? undefined : Number(count),
      done: (flags & 1) !== 0,
      current: (flags & 2) !== 0,
    };
  }
  return out;
}

/**
 * The presets and initiative systems by name: the options' own fields are checked here, so an
 * error names them as the caller wrote them (`options.ruleset`); the core checks `config`. The
 * `Record` type keeps the presets in step with the generated type; the systems come from the core.
 */
const PRESETS: Readonly<Record<Preset, true>> = { gh5e: true, a5e: true, hyb: true, ose: true, standard: true };
let systems: Readonly<Record<InitiativeSystem, true>> | undefined;
/**
 * The initiative systems by name, from the core's own rule tables (in the core's order), so a
 * system added to the core needs no change here (docs/adding-an-initiative-system.md).
 */
function initiativeSystems(): Readonly<Record<InitiativeSystem, true>> {
  systems ??= Object.fromEntries(ruleTables().initiativeSystems.map((t) => [t.system, true])) as Record<InitiativeSystem, true>;
  return systems;
}

/** `value` if it is a key of `names` (or `undefined`), else `INVALID_ARGUMENT` naming `what`. */
function checkName<K extends string>(value: unknown, names: Readonly<Record<K, true>>, what: string): K | undefined {
  if (value === undefined || (typeof value === "string" && Object.prototype.hasOwnProperty.call(names, value))) return value as K | undefined;
  const list = Object.keys(names).map((n) => JSON.stringify(n)).join(", ");
  throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be one of ${list}, not ${describeValue(value)}`);
}

export class Encounter extends EventSourced<EncounterCommand, EncounterEvent, EncounterHandle> {
  constructor(options: EncounterOptions = {}) {
    ensureReady();
    checkOptions(options, "Encounter options", '{ ruleset: "a5e" }');
    const preset = checkName(readField(options, "ruleset"), PRESETS, "Encounter options.ruleset") ?? "standard";
    const initiative = checkName(readField(options, "initiative"), initiativeSystems(), "Encounter options.initiative");
    const seed = readField(options, "seed");
    if (seed !== undefined) checkNumber(seed, "Encounter options.seed");
    const given = readField(options, "config");
    const config = { ...(given === undefined ? {} : checkObject(given, "Encounter options.config")), preset } as RulesetConfig;
    if (initiative !== undefined) config.initiative = initiative;
    super(guard(() => new EncounterHandle(toText(config), seed as number | undefined)));
  }

  /** `declareMany` has a handle entry of its own that skips the command envelope. */
  protected override run(command: EncounterCommand, faces: readonly number[] | undefined, batch: boolean): string {
    if (faces === undefined && readField(command, "type") === "declareMany") {
      const declarations = toText(readField(command, "declarations"));
      return guard(() => this.handle.declareMany(declarations, batch));
    }
    return super.run(command, faces, batch);
  }

  /** Restore a snapshot from {@link Encounter.toJSON} (object or JSON text). */
  static fromJSON(snapshot: EncounterSnapshot | string): Encounter {
    ensureReady();
    const text = snapshotText(snapshot);
    return EventSourced.restored<Encounter>(Encounter.prototype, guard(() => EncounterHandle.fromJSON(text)));
  }

  /** A compact, versioned snapshot (so `JSON.stringify(encounter)` works too). */
  toJSON(): EncounterSnapshot {
    return JSON.parse(guard(() => this.handle.toJSON())) as EncounterSnapshot;
  }

  // ---- roster ----
  add(participant: NewParticipant, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "addParticipant", participant }, options);
  }
  remove(participant: string): EncounterEvent[] {
    return this.execute({ type: "removeParticipant", participant });
  }
  rename(participant: string, name: string): EncounterEvent[] {
    return this.execute({ type: "rename", participant, name });
  }
  changeSide(participant: string, side: string): EncounterEvent[] {
    return this.execute({ type: "changeSide", participant, side });
  }
  setCanAct(participant: string, canAct: boolean): EncounterEvent[] {
    return this.execute({ type: "setCanAct", participant, canAct });
  }
  setController(participant: string, controller?: string): EncounterEvent[] {
    return this.execute({ type: "setController", participant, controller: controller ?? null } as EncounterCommand);
  }
  setInitiativeCheck(participant: string, check?: InitiativeCheck): EncounterEvent[] {
    return this.execute({ type: "setInitiativeCheck", participant, check: check ?? null } as EncounterCommand);
  }

  // ---- surprise and world actions ----
  setSurprised(participants: readonly string[], surprised = true): EncounterEvent[] {
    return this.execute({ type: "setSurprised", participants: [...participants], surprised });
  }
  surpriseCheck(participant: string, check?: InitiativeCheck, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "surpriseCheck", participant, check: check ?? null } as EncounterCommand, options);
  }
  rollSurprise(sides: readonly string[], options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "rollSurprise", sides: [...sides] }, options);
  }
  addWorldAction(action: WorldAction): EncounterEvent[] {
    return this.execute({ type: "addWorldAction", action });
  }
  useWorldAction(action: string, targets: readonly string[] = [], options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "useWorldAction", action, targets: [...targets] }, options);
  }
  endWorldPhase(options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "endWorldPhase" }, options);
  }

  // ---- rounds and turns ----
  /**
   * Begin the encounter (A5E/standard roll initiative here; GH/OSE go to declarations).
   * `calledFor`: why turn-based action is called (A5E-TBA-01), said in the log.
   */
  start(
    options: CommandOptions & { advantage?: string[]; advantageSides?: string[]; check?: InitiativeCheck; ambushers?: string[]; calledFor?: TbaCall } = {},
  ): EncounterEvent[] {
    const { faces, ...rest } = options;
    return this.execute({ type: "start", ...rest } as EncounterCommand, { faces });
  }
  /** Declare what a participant will do this round (Greyhawk activities, or OSE declarations). */
  declare(participant: string, declaration: DeclarationInput): EncounterEvent[] {
    return this.execute({ type: "declare", participant, declaration: toDeclaration(declaration) });
  }
  /** Declare for many participants in one command (all or none). */
  declareMany(declarations: Readonly<Record<string, DeclarationInput>>): EncounterEvent[] {
    return this.execute({ type: "declareMany", declarations } as EncounterCommand);
  }
  /**
   * Roll initiative for the round (after declarations, where the system has them). Greyhawk
   * refuses with `OUT_OF_ORDER`, naming them, while a creature that rolls has not declared
   * (GH-INIT-01); `noActions: true` rolls every undeclared creature as an empty declaration
   * (GH-INIT-16: count 0, or no turn, as the preset's `emptyDeclaration` says).
   */
  rollInitiative(options: CommandOptions & { noActions?: boolean } = {}): EncounterEvent[] {
    const { noActions, ...rest } = options;
    const command: EncounterCommand = noActions === true ? { type: "rollInitiative", noActions } : { type: "rollInitiative" };
    return this.execute(command, rest);
  }
  /** Alias of {@link Encounter.rollInitiative}. */
  startRound(options?: CommandOptions & { noActions?: boolean }): EncounterEvent[] {
    return this.rollInitiative(options);
  }
  endTurn(options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "endTurn" }, options);
  }
  advancePhase(options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "advancePhase" }, options);
  }
  nextRound(options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "nextRound" }, options);
  }
  end(): EncounterEvent[] {
    return this.execute({ type: "end" });
  }

  /** Hide a participant from players (see `executeForPlayers`), or reveal it. */
  setHidden(participant: string, hidden: boolean): EncounterEvent[] {
    return this.execute({ type: "setHidden", participant, hidden });
  }

  // ---- GM corrections ----
  /** Set a participant's count; one still to act this round moves to its new place at once. */
  setCount(participant: string, count: number): EncounterEvent[] {
    return this.execute({ type: "setCount", participant, count });
  }
  /** Move a participant right before or after another: it takes that one's count, and the
   * placement lasts as long as the count does. */
  moveInOrder(participant: string, place: { before: string } | { after: string }): EncounterEvent[] {
    return this.execute({ type: "moveInOrder", participant, ...place });
  }
  /** Take back the last `commands` commands (at most 64, executed by this copy). Followers get
   * one `restored` event carrying the state. The dice do not go back. */
  undo(commands = 1): EncounterEvent[] {
    return this.execute({ type: "undo", commands });
  }
  /** Go back to the start of the previous turn (everything since is taken back). */
  previousTurn(): EncounterEvent[] {
    return this.execute({ type: "previousTurn" });
  }
  /** Go back to the start of the previous round (everything since is taken back). */
  previousRound(): EncounterEvent[] {
    return this.execute({ type: "previousRound" });
  }
  /** GH-INIT-13 / HYB-INIT-02: act later than your count. */
  delay(participant: string): EncounterEvent[] {
    return this.execute({ type: "delay", participant });
  }
  /**
   * Act after delaying: the delayer takes the next place in the order and acts once the turn
   * under way ends; it never interrupts a turn (GH-INIT-13, HYB-INIT-02). Between turns it acts
   * at once. `cutIn` lists delayers with lower original counts who go first (Greyhawk).
   */
  resume(participant: string, cutIn: readonly string[] = []): EncounterEvent[] {
    return this.execute({ type: "resume", participant, cutIn: [...cutIn] });
  }
  /**
   * The GM's override: a participant whose turn was skipped this round (`turnSkipped`: dead,
   * or unable to act where its ruleset passes such creatures over) gets its turn anyway, once
   * the turn under way ends. `OUT_OF_ORDER` when its turn was not skipped.
   */
  grantTurn(participant: string): EncounterEvent[] {
    return this.execute({ type: "grantTurn", participant });
  }
  /** GH-INIT-09: use an activity category on your turn (refused if not rolled for). */
  act(participant: string, activity: Activity): EncounterEvent[] {
    return this.execute({ type: "act", participant, activity });
  }
  useAction(participant: string, kind: ActionKind, slot?: ActionKind): EncounterEvent[] {
    return this.execute({ type: "useAction", participant, kind, slot: slot ?? null } as EncounterCommand);
  }
  ready(participant: string, trigger: string): EncounterEvent[] {
    return this.execute({ type: "ready", participant, trigger });
  }
  triggerReady(participant: string): EncounterEvent[] {
    return this.execute({ type: "triggerReady", participant });
  }
  commandControlled(controller: string, targets: readonly string[]): EncounterEvent[] {
    return this.execute({ type: "commandControlled", controller, targets: [...targets] });
  }
  /** GH-INIT-15: a forced change of plan before the creature's turn. */
  forcePlan(participant: string, declaration: GhDeclaration, cause: PlanCause, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "forcePlan", participant, declaration, cause }, options);
  }
  /** Record harm (damage or a failed save) for spell disruption rules. */
  harm(participant: string, harm: Harm): EncounterEvent[] {
    return this.execute({ type: "harm", participant, harm });
  }
  /**
   * HYB-RETREAT-01: retreat with the whole turn (the PC's concentration ends). HYB-MORALE-04: the
   * participants it controls (its followers, see `setController`) check morale at disadvantage;
   * `followers` gives their modifiers (0 when not listed); the routed ones flee (`resolveRetreat`).
   */
  retreat(participant: string, followers: readonly FollowerModifier[] = [], options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "retreat", participant, followers: [...followers] }, options);
  }
  resolveRetreat(participant: string, check?: RetreatCheck, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "resolveRetreat", participant, check: check ?? null } as EncounterCommand, options);
  }

  // ---- creatures, conditions and effects ----
  /** Give a participant hit points, defenses and tracks (or clear them with `undefined`). */
  /** Give a participant creature stats (HP, defences, tracks), or remove them with `undefined`. */
  setCreature(participant: string, creature?: Creature): EncounterEvent[] {
    return this.execute({ type: "setCreature", participant, creature: creature ?? null } as EncounterCommand);
  }
  /**
   * A5E-COND-28: replace a participant's condition immunities (`[]` clears them); the
   * conditions they imply are covered too. Conditions it already has stop counting in rollAdvice.
   */
  setConditionImmunities(participant: string, immunities: readonly ConditionId[], options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "setConditionImmunities", participant, immunities: [...immunities] }, options);
  }
  /**
   * Run any operation of a creature sheet (`CreatureCommand`, the command a `Creature` runs) on
   * a participant's creature, through the same rules code as on a sheet: healing dice, doom,
   * kill, raise, rests, Hit Dice, HYB resilience… The sheet's clock commands (`setTime`,
   * `advanceTime`, `endEncounter`), `ongoingDamage` (use an effect's `ongoing`) and adventuring
   * hours are `NOT_ALLOWED` here. `damage`, `heal` and the other methods below are shorthands
   * for it.
   */
  creatureCommand(participant: string, command: CreatureCommand, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "creatureCommand", participant, command }, options);
  }
  /** Damage through the ruleset's pipeline; `choices` are the attacker's and the Narrator's. */
  damage(participant: string, damage: DamageInstance, choices: DamageChoices = {} as DamageChoices, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "damage", participant, damage, choices }, options);
  }
  heal(participant: string, amount: number, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "heal", participant, amount }, options);
  }
  /** Temporary HP never stack: `choice` says which amount stays (default: the higher). */
  grantTempHp(participant: string, amount: number, choice: TempHpChoice = "keepHigher"): EncounterEvent[] {
    return this.execute({ type: "grantTempHp", participant, amount, choice });
  }
  /**
   * A dying creature's death save: once per turn, during its own turn (A5E-DEATH-03); under
   * Greyhawk once per round, after the round's turns are over (GH-INIT-12). Any other time is
   * `OUT_OF_ORDER` and nothing changes.
   */
  deathSave(participant: string, modifier = 0, options?: CommandOptions & { mode?: RollMode }): EncounterEvent[] {
    return this.execute({ type: "deathSave", participant, modifier, mode: options?.mode ?? "normal" }, options);
  }
  stabilize(participant: string, method: StabilizeMethod = { type: "automatic" }, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "stabilize", participant, method }, options);
  }
  gainFatigue(participant: string, levels = 1, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "gainFatigue", participant, levels }, options);
  }
  gainStrife(participant: string, levels = 1, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "gainStrife", participant, levels }, options);
  }
  removeFatigue(participant: string, levels = 1): EncounterEvent[] {
    return this.execute({ type: "removeFatigue", participant, levels });
  }
  removeStrife(participant: string, levels = 1): EncounterEvent[] {
    return this.execute({ type: "removeStrife", participant, levels });
  }
  /**
   * 5e exhaustion (SRD-EXH-01), only when the encounter's creatures follow the `srd5e` rules
   * (`INVALID_ARGUMENT` otherwise): the levels take effect at once and a sixth kills (SRD-EXH-03).
   */
  gainExhaustion(participant: string, levels = 1, options?: CommandOptions): EncounterEvent[] {
    return this.execute({ type: "gainExhaustion", participant, levels }, options);
  }
  /** SRD-EXH-04: lower 5e exhaustion by `levels` (default 1). */
  removeExhaustion(participant: string, levels = 1): EncounterEvent[] {
    return this.execute({ type: "removeExhaustion", participant, levels });
  }
  /** Apply a condition (built-in or homebrew) with a duration. */
  addCondition(participant: string, condition: ConditionId, options: EffectOptions = {}): EncounterEvent[] {
    return this.addEffects([this.spec(participant, { condition }, options)], options.ongoing);
  }
  /** Apply a named effect (no condition) with a duration. */
  addEffect(participant: string, name: string, options: EffectOptions = {}): EncounterEvent[] {
    return this.addEffects([this.spec(participant, { name }, options)], options.ongoing);
  }
  /** Apply several effects at once (one spell on several targets shares one concentration). */
  addEffects(effects: readonly EffectSpec[], ongoing?: EffectOngoing): EncounterEvent[] {
    return this.execute({ type: "addEffects", effects: [...effects], ongoing: ongoing ?? null } as EncounterCommand);
  }
  removeEffect(effect: number): EncounterEvent[] {
    return this.execute({ type: "removeEffect", effect });
  }
  dropConcentration(participant: string): EncounterEvent[] {
    return this.execute({ type: "dropConcentration", participant });
  }
  /** Load homebrew conditions: `{ "conditions": [...] }` as an object or JSON text. */
  loadConditions(json: string | object): EncounterEvent[] {
    return this.execute({ type: "loadConditions", json: typeof json === "string" ? json : JSON.stringify(json) });
  }
  /** The listed participants (everyone if none) finish a rest. */
  rest(rest: RestKind, participants: readonly string[] = []): EncounterEvent[] {
    return this.execute({ type: "rest", rest, participants: [...participants] });
  }
  /** Game time passes outside the fight (time-based effects, stable creatures, doom). */
  advanceClock(seconds: number): EncounterEvent[] {
    return this.execute({ type: "advanceClock", seconds });
  }
  /** A participant's effects with the time each has left. */
  effects(participant: string): EffectView[] {
    return fromText(guard(() => this.handle.effects(checkString(participant, "participant"))));
  }
  /** What applies to the participant for this roll, each item with its reason. */
  rollAdvice(participant: string, roll: Roll | RollQuery): RollAdvice {
    const query = readField(roll, "roll") !== undefined ? roll : ({ roll } as RollQuery);
    return fromText(guard(() => this.handle.rollAdvice(checkString(participant, "participant"), toText(query))));
  }

  private spec(target: string, what: { condition?: ConditionId; name?: string }, options: EffectOptions): EffectSpec {
    const spec: Record<string, unknown> = { target, duration: options.until ?? { type: "untilRemoved" }, ...what };
    if (options.source !== undefined) spec.source = options.source;
    if (options.concentration) spec.concentration = true;
    return spec as unknown as EffectSpec;
  }

  // ---- queries ----
  order(): OrderEntry[] {
    return orderEntries(guard(() => this.handle.order()));
  }
  current(): Current | undefined {
    return fromText<Current | undefined>(guard(() => this.handle.current()));
  }
  /** The id of the participant whose turn it is (undefined between turns or on a side's turn). */
  currentParticipant(): string | undefined {
    const actor = this.current()?.actor;
    return actor?.type === "participant" ? actor.participant : undefined;
  }
  participants(): Participant[] {
    return fromText(guard(() => this.handle.participants()));
  }
  participant(id: string): Participant | undefined {
    return fromText<Participant | undefined>(guard(() => this.handle.participant(checkString(id, "participant id"))));
  }
  allowedActivities(id: string): Activity[] {
    return fromText(guard(() => this.handle.allowedActivities(checkString(id, "participant id"))));
  }
  sides(): SideState[] {
    return fromText(guard(() => this.handle.sides()));
  }
  worldActions(): WorldActionState[] {
    return fromText(guard(() => this.handle.worldActions()));
  }
  /**
   * Every condition this encounter takes, for a picker: its ruleset's own set (5e's under
   * `gh5e` and `standard`, A5E's under `a5e` and `hyb`, OSE's under `ose`, or the one its
   * config names with `conditions`), then the homebrew it loaded. `automatic` ones (bloodied)
   * apply by themselves from hit points.
   */
  conditions(): ConditionListing[] {
    return fromText(guard(() => this.handle.conditions()));
  }
  delayed(): string[] {
    return fromText(guard(() => this.handle.delayed()));
  }
  get round(): number {
    return guard(() => this.handle.round());
  }
  get phase(): Phase {
    return fromText(guard(() => this.handle.phase()));
  }
  get config(): RulesetConfig {
    return fromText(guard(() => this.handle.config()));
  }
  get elapsedSeconds(): number {
    return guard(() => this.handle.elapsedSeconds());
  }
  /** The position of the encounter's seeded dice (undefined for crypto dice). */
  diceState(): SeedState | undefined {
    return fromText<SeedState | undefined>(guard(() => this.handle.diceState()));
  }

  /** Release the wasm memory now (otherwise the garbage collector does it); every later use throws. */
  free(): void {
    release(this.handle);
    markFreed(this, "Encounter");
  }
  [Symbol.dispose](): void {
    this.free();
  }
}
