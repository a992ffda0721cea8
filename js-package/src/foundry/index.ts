/**
 * `turnkeeper/foundry`: run a Foundry VTT `Combat` with a Turnkeeper {@link Encounter}.
 *
 * - Combatants are participants (the combatant's id is the participant's id).
 * - The active GM's client is the authority: it runs commands, keeps the snapshot in the
 *   combat's flags (`flags.<moduleId>.state`), relays each command's events over the module's
 *   socket (`module.<moduleId>`, so `"socket": true` in module.json) with a sequence number, and
 *   writes the order back to the combatants: `initiative` is Turnkeeper's count (a Greyhawk
 *   count, an OSE side's roll) and `flags.<moduleId>.rank` the place in Turnkeeper's order, which
 *   {@link sortCombatants} turns into Foundry's turn order (Greyhawk goes low to high).
 * - Other clients apply the events and restore from the flags on a gap; players send requests
 *   (declare, delay, end my turn) over the socket.
 * - Conditions and effects are mirrored as ActiveEffects on the combatants' actors, with
 *   durations from Turnkeeper's expiry (rounds and turns of this combat, or world time); the
 *   keeper deletes them when Turnkeeper ends them.
 *
 * The types below are the part of Foundry's API the helpers touch, written structurally so the
 * package does not depend on Foundry's types; the package's tests check with `tsc` that Foundry
 * v13's own documents (`@league-of-foundry-developers/foundry-vtt-types`) fit them.
 */
import { Encounter, type EncounterCommand, type EncounterEvent, type EncounterOptions, type EncounterSnapshot, type EffectView, type Duration, type NewParticipant } from "../index.js";
import { TurnkeeperError, type ErrorCode } from "../index.js";
import { commandOf, type PlayerRequest } from "../kits/requests.js";

export type { PlayerRequest } from "../kits/requests.js";
import { SequenceFollower, SequenceLeader, eventsOf, isBatch, newEpoch, type RelayBatch, type SequencePoint } from "../kits/relay.js";

export type { RelayBatch, SequencePoint } from "../kits/relay.js";

// ---- the Foundry surface the helpers touch ----

/** An ActiveEffect as the helpers read it (`actor.effects`). */
export interface FoundryActiveEffect {
  readonly id: string | null;
  getFlag(scope: string, key: string): unknown;
}

/** The `Actor` of a combatant: its effects, created and deleted as embedded documents. */
export interface FoundryActor {
  readonly id: string | null;
  readonly effects: Iterable<FoundryActiveEffect>;
  createEmbeddedDocuments(embeddedName: "ActiveEffect", data: ActiveEffectData[]): Promise<unknown>;
  deleteEmbeddedDocuments(embeddedName: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** A `Combatant`. */
export interface FoundryCombatant {
  readonly id: string | null;
  readonly name: string | undefined;
  readonly initiative: number | null;
  readonly hasPlayerOwner: boolean;
  readonly actor: FoundryActor | null;
  readonly token: { readonly disposition: number } | null;
  getFlag(scope: string, key: string): unknown;
}

/** A `Combat`. */
export interface FoundryCombat {
  readonly id: string | null;
  readonly round: number;
  readonly turn: number | null;
  readonly combatants: Iterable<FoundryCombatant> & { get(id: string): FoundryCombatant | undefined };
  /** The combatants in Foundry's turn order (after `_sortCombatants`). */
  readonly turns: FoundryCombatant[];
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
  update(data: { round?: number; turn?: number | null }): Promise<unknown>;
  updateEmbeddedDocuments(embeddedName: "Combatant", updates: Record<string, unknown>[]): Promise<unknown>;
}

/** `game.socket` (socket.io's client socket). */
export interface FoundrySocket {
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
}

/** The ActiveEffect data the helpers create (Foundry v13 `ActiveEffect` fields). */
export interface ActiveEffectData {
  name: string;
  img: string;
  statuses: string[];
  origin?: string;
  duration: {
    combat?: string;
    rounds?: number;
    turns?: number;
    startRound?: number;
    startTurn?: number;
    seconds?: number;
    startTime?: number;
  };
  flags: Record<string, Record<string, unknown>>;
}

// ---- mapping helpers ----

/** Foundry's token dispositions (`CONST.TOKEN_DISPOSITIONS`). */
const DISPOSITION_SIDE: Record<number, string> = { [-2]: "secret", [-1]: "foes", 0: "neutral", 1: "party" };

/**
 * A new participant for a combatant: its id, its name, its side from the token's disposition
 * (friendly "party", hostile "foes", neutral "neutral"), `npc` unless a player owns it. `extra`
 * adds what the game system knows (Dexterity score, modifiers).
 */
export function participantFromCombatant(combatant: FoundryCombatant, extra: Partial<NewParticipant> = {}): NewParticipant {
  if (combatant.id === null) throw new TurnkeeperError("INVALID_ARGUMENT", "the combatant has no id yet (create it first)");
  const side = DISPOSITION_SIDE[combatant.token?.disposition ?? (combatant.hasPlayerOwner ? 1 : -1)] ?? "foes";
  return { side, npc: !combatant.hasPlayerOwner, ...extra, id: combatant.id, name: combatant.name || "Combatant" } as NewParticipant;
}

/**
 * For a `Combat` subclass's `_sortCombatants(a, b)`: Turnkeeper's order (the `rank` flag the
 * keeper writes) first, then Foundry's default (higher initiative first), then by id.
 */
export function sortCombatants(moduleId: string): (a: FoundryCombatant, b: FoundryCombatant) => number {
  return (a, b) => {
    const ra = a.getFlag(moduleId, "rank");
    const rb = b.getFlag(moduleId, "rank");
    const na = typeof ra === "number" ? ra : Number.POSITIVE_INFINITY;
    const nb = typeof rb === "number" ? rb : Number.POSITIVE_INFINITY;
    if (na !== nb) return na < nb ? -1 : 1;
    const ia = a.initiative ?? Number.NEGATIVE_INFINITY;
    const ib = b.initiative ?? Number.NEGATIVE_INFINITY;
    if (ia !== ib) return ib > ia ? 1 : -1;
    return (a.id ?? "").localeCompare(b.id ?? "");
  };
}

/** Where the combat stands, to anchor an effect's Foundry duration. */
export interface DurationContext {
  combatId: string | null;
  round: number;
  turn: number | null;
  /** `game.time.worldTime`. */
  worldTime: number;
  /** A participant's index in `combat.turns` (for effects anchored to a creature's turn). */
  turnOf?: (participant: string) => number;
}

/**
 * Foundry's `duration` for a Turnkeeper effect, from the time it has left: round boundaries and
 * turn anchors as rounds of this combat, seconds as world time, rests and "until removed" as no
 * duration. Turnkeeper decides when the effect ends; the keeper deletes the ActiveEffect then,
 * so Foundry's duration is what the sheet and the token HUD show.
 */
export function foundryDuration(view: Pick<EffectView, "remaining">, at: DurationContext): ActiveEffectData["duration"] {
  const r = view.remaining;
  const combat = at.combatId !== null ? { combat: at.combatId } : {};
  switch (r.type) {
    case "roundBoundary":
      return { ...combat, rounds: r.roundsAway, turns: 0, startRound: at.round, startTurn: at.turn ?? 0 };
    case "anchorTurn": {
      // Counted from the anchor creature's place in the order: the start of its turn, or its end
      // (one turn later).
      const anchor = at.turnOf?.(r.participant);
      return {
        ...combat,
        rounds: r.roundsAway,
        turns: r.edge === "end" ? 1 : 0,
        startRound: at.round,
        startTurn: anchor !== undefined && anchor >= 0 ? anchor : at.turn ?? 0,
      };
    }
    case "seconds":
      return { seconds: Math.max(0, r.seconds), startTime: at.worldTime };
    default:
      return {};
  }
}

/** The ActiveEffect data mirroring a Turnkeeper effect. */
export function activeEffectData(view: EffectView, at: DurationContext, moduleId: string, img = "icons/svg/aura.svg"): ActiveEffectData {
  const e = view.effect;
  const label = e.condition ?? e.name ?? "effect";
  return {
    name: label.charAt(0).toUpperCase() + label.slice(1),
    img,
    statuses: e.condition !== undefined ? [e.condition] : [],
    duration: foundryDuration(view, at),
    flags: { [moduleId]: { effect: e.id, until: view.remaining.type } },
  };
}

// ---- the keeper ----

/** What the combat's flag holds. */
export interface CombatState extends SequencePoint {
  v: 1;
  encounter: EncounterSnapshot;
}


export interface CombatKeeperOptions {
  /** The module's id: flags scope and socket name (`module.<id>`). */
  moduleId: string;
  combat: FoundryCombat;
  /** `game.socket`. */
  socket: FoundrySocket;
  /** `game.user.id`. */
  userId: string;
  /** Is this client the authority (`game.user === game.users.activeGM`)? */
  isAuthority: boolean;
  /** For a combat with no Turnkeeper state yet (authority only). */
  encounter?: EncounterOptions;
  /** What the game system knows of a combatant (Dexterity score, modifiers…). */
  participant?: (combatant: FoundryCombatant) => Partial<NewParticipant>;
  /** May this user act for this combatant (declare, delay, end its turn)? The GM's client asks. */
  canControl?: (userId: string, combatant: FoundryCombatant) => boolean;
  /** `game.time.worldTime` (for effects that last seconds). */
  worldTime?: () => number;
  /** Mirror effects as ActiveEffects on actors (default true), with this icon per condition. */
  effects?: boolean | { img?: (condition: string | undefined) => string };
  /** How long a player waits for an answer (default 5000 ms). */
  requestTimeoutMs?: number;
}

interface Message {
  kind: "batch" | "request" | "answer";
  combat: string | null;
  [k: string]: unknown;
}

/**
 * One combat's encounter. {@link CombatKeeper.open} on every client when the combat starts or
 * the world loads; call {@link onCombatUpdate} from the `updateCombat` hook and
 * {@link syncRoster} after combatants are created or deleted (the GM's client).
 */
export class CombatKeeper {
  private enc: Encounter;
  private readonly follower = new SequenceFollower();
  private readonly leader: SequenceLeader | undefined;
  private readonly listeners = new Set<(events: readonly EncounterEvent[]) => void>();
  private readonly waiting = new Map<string, { resolve: () => void; reject: (e: unknown) => void; timer: ReturnType<typeof setTimeout> }>();
  private writes: Promise<void> = Promise.resolve();
  private healing = false;
  private readonly onSocket = (data: unknown) => void this.receive(data);
  private readonly event: string;

  private constructor(private readonly options: CombatKeeperOptions, stored: CombatState | undefined) {
    this.event = `module.${options.moduleId}`;
    if (stored !== undefined) {
      this.enc = Encounter.fromJSON(stored.encounter);
      this.follower.restored(stored);
    } else {
      this.enc = new Encounter(options.encounter ?? {});
    }
    if (options.isAuthority) this.leader = new SequenceLeader({ seq: stored?.seq ?? 0, epoch: newEpoch() });
    options.socket.on(this.event, this.onSocket);
  }

  /** Open the keeper of `options.combat`: restored from its flags, or new (the authority adds its combatants). */
  static async open(options: CombatKeeperOptions): Promise<CombatKeeper> {
    const keeper = new CombatKeeper(options, readState(options.combat.getFlag(options.moduleId, "state")));
    if (options.isAuthority) {
      await keeper.syncRoster();
      await keeper.queue(keeper.state(keeper.leader!.point), undefined);
    }
    return keeper;
  }

  get encounter(): Encounter {
    return this.enc;
  }
  get seq(): number {
    return this.leader?.point.seq ?? this.follower.point.seq;
  }
  get isAuthority(): boolean {
    return this.leader !== undefined;
  }
  /** Be told of every command's events, local or relayed (for a chat log). */
  onEvents(listener: (events: readonly EncounterEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Add participants for new combatants, remove those whose combatant is gone (authority). */
  async syncRoster(): Promise<EncounterEvent[]> {
    this.requireAuthority();
    const { combat } = this.options;
    const present = new Set<string>();
    const events: EncounterEvent[] = [];
    for (const c of combat.combatants) {
      if (c.id === null) continue;
      present.add(c.id);
      if (this.enc.participant(c.id) === undefined) {
        events.push(...(await this.run({ type: "addParticipant", participant: participantFromCombatant(c, this.options.participant?.(c) ?? {}) })));
      }
    }
    for (const p of this.enc.participants()) {
      if (!present.has(p.id)) events.push(...(await this.run({ type: "removeParticipant", participant: p.id })));
    }
    return events;
  }

  /**
   * Run a command (authority): the events go to the other clients, the snapshot to the combat's
   * flags, the order to the combatants and effects to the actors. A refused command throws
   * `TurnkeeperError` and changes nothing.
   */
  async run(command: EncounterCommand, options: { faces?: readonly number[] } = {}): Promise<EncounterEvent[]> {
    this.requireAuthority();
    const core = this.enc.executeBatchJson(command, options);
    const point = this.leader!.take();
    const batch: RelayBatch = { seq: point.seq, epoch: point.epoch, stream: "encounter", batch: core };
    const events = eventsOf(core) as EncounterEvent[];
    this.tell(events);
    await this.queue(this.state(point), batch);
    return events;
  }

  /** Declare, delay, resume or end a turn: run directly by the authority, else asked of it over the socket. */
  async request(request: PlayerRequest): Promise<void> {
    if (this.isAuthority) {
      await this.run(commandOf(request, this.enc));
      return;
    }
    const id = newEpoch();
    const answered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new TurnkeeperError("TIMEOUT", "no GM answered the request (is a GM connected?)"));
      }, this.options.requestTimeoutMs ?? 5000);
      this.waiting.set(id, { resolve, reject, timer });
    });
    this.options.socket.emit(this.event, { kind: "request", combat: this.options.combat.id, id, from: this.options.userId, request } satisfies Message);
    return answered;
  }

  /** Add a condition with a duration (authority); mirrored as an ActiveEffect. */
  addCondition(participant: string, condition: string, until: Duration = { type: "untilRemoved" }, source?: string): Promise<EncounterEvent[]> {
    const effect: Record<string, unknown> = { target: participant, condition, duration: until };
    if (source !== undefined) effect.source = source;
    return this.run({ type: "addEffects", effects: [effect as never] } as EncounterCommand);
  }

  /** Call from `Hooks.on("updateCombat", …)`: a follower restores when the flags moved on without it. */
  onCombatUpdate(): void {
    if (this.isAuthority) return;
    const stored = readState(this.options.combat.getFlag(this.options.moduleId, "state"));
    if (stored !== undefined && this.follower.shouldRestore(stored)) this.restore(stored);
  }

  /** Write Turnkeeper's order, counts, round and current turn to the Combat (authority; done after every command). */
  async applyToCombat(): Promise<void> {
    this.requireAuthority();
    const { combat, moduleId } = this.options;
    const order = this.enc.order();
    const declaring = this.enc.phase === "declaring" || this.enc.phase === "setup";
    const participants = this.enc.participants();
    const rank = new Map<string, number>();
    const count = new Map<string, number | null>();
    for (const entry of order) {
      const who = entry.actor.type === "participant" ? [entry.actor.participant] : entry.actor.type === "sides" ? participants.filter((p) => (entry.actor as { sides: string[] }).sides.includes(p.side)).map((p) => p.id) : [];
      for (const id of who) {
        if (!rank.has(id)) rank.set(id, rank.size);
        count.set(id, entry.count ?? null);
      }
    }
    const updates: Record<string, unknown>[] = [];
    for (const c of combat.combatants) {
      if (c.id === null || this.enc.participant(c.id) === undefined) continue;
      const initiative = declaring ? null : count.get(c.id) ?? null;
      const r = rank.get(c.id) ?? null;
      if (c.initiative !== initiative || c.getFlag(moduleId, "rank") !== r) {
        updates.push({ _id: c.id, initiative, [`flags.${moduleId}.rank`]: r });
      }
    }
    if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
    const current = this.enc.currentParticipant();
    const turn = current === undefined ? (declaring ? null : combat.turn) : combat.turns.findIndex((c) => c.id === current);
    const round = this.enc.round;
    if (combat.round !== round || combat.turn !== turn) await combat.update({ round, turn: turn === -1 ? null : turn });
  }

  /** Create and delete ActiveEffects so each actor carries exactly its participant's Turnkeeper effects (authority). */
  async mirrorEffects(): Promise<void> {
    this.requireAuthority();
    const { combat, moduleId, effects } = this.options;
    if (effects === false) return;
    const img = typeof effects === "object" ? effects.img : undefined;
    const turns = combat.turns;
    const at: DurationContext = {
      combatId: combat.id,
      round: combat.round,
      turn: combat.turn,
      worldTime: this.options.worldTime?.() ?? 0,
      turnOf: (participant) => turns.findIndex((c) => c.id === participant),
    };
    for (const c of combat.combatants) {
      if (c.id === null || c.actor === null || this.enc.participant(c.id) === undefined) continue;
      const actor = c.actor;
      const wanted = new Map(this.enc.effects(c.id).map((v) => [v.effect.id, v]));
      const stale: string[] = [];
      for (const ae of actor.effects) {
        const id = ae.getFlag(moduleId, "effect");
        if (typeof id !== "number") continue;
        if (wanted.has(id)) wanted.delete(id);
        else if (ae.id !== null) stale.push(ae.id);
      }
      if (stale.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", stale);
      const create = [...wanted.values()].map((v) => activeEffectData(v, at, moduleId, img?.(v.effect.condition)));
      if (create.length > 0) await actor.createEmbeddedDocuments("ActiveEffect", create);
    }
  }

  /** Stop listening to the socket. */
  close(): void {
    this.options.socket.off(this.event, this.onSocket);
    for (const [, w] of this.waiting) clearTimeout(w.timer);
    this.waiting.clear();
  }

  // ---- internals ----

  private requireAuthority(): void {
    if (this.leader === undefined) throw new TurnkeeperError("NOT_ALLOWED", "only the active GM's client runs commands; players send requests (keeper.request)");
  }

  private state(point: SequencePoint): CombatState {
    return { v: 1, seq: point.seq, epoch: point.epoch, encounter: this.enc.toJSON() };
  }

  private tell(events: readonly EncounterEvent[]): void {
    for (const l of this.listeners) {
      try {
        l(events);
      } catch (e) {
        console.error("turnkeeper/foundry: an events listener threw", e);
      }
    }
  }

  /** Relay, store, write back and mirror, in command order. */
  private queue(state: CombatState, batch: RelayBatch | undefined): Promise<void> {
    const { combat, moduleId, socket } = this.options;
    const write = this.writes.then(async () => {
      if (batch !== undefined) socket.emit(this.event, { kind: "batch", combat: combat.id, ...batch } satisfies Message);
      await combat.setFlag(moduleId, "state", state);
      await this.applyToCombat();
      await this.mirrorEffects();
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  private restore(stored: CombatState): void {
    let enc: Encounter;
    try {
      enc = Encounter.fromJSON(stored.encounter);
    } catch (e) {
      console.error("turnkeeper/foundry: the combat's stored state could not be loaded", e);
      return;
    }
    this.enc.free();
    this.enc = enc;
    this.follower.restored(stored);
    for (const next of this.follower.ready()) if (!this.apply(next)) break;
  }

  private apply(batch: RelayBatch): boolean {
    try {
      // The core checks the batch (next in sequence, the leader's digest): OUT_OF_SYNC otherwise.
      if (batch.batch !== undefined) this.enc.applyEvents(batch.batch);
      this.follower.advance(batch);
      if (this.listeners.size > 0) this.tell(eventsOf(batch.batch) as EncounterEvent[]);
      return true;
    } catch (e) {
      console.warn(`turnkeeper/foundry: batch ${batch.seq} refused (${e instanceof Error ? e.message : String(e)}); restoring from the combat's flags`);
      this.follower.hold(batch);
      this.heal();
      return false;
    }
  }

  /** This copy is wrong: restore from the flags even at the same sequence point (not from inside a restore). */
  private heal(): void {
    if (this.healing) return;
    this.healing = true;
    try {
      const stored = readState(this.options.combat.getFlag(this.options.moduleId, "state"));
      if (stored !== undefined) this.restore(stored);
    } finally {
      this.healing = false;
    }
  }

  private async receive(data: unknown): Promise<void> {
    if (typeof data !== "object" || data === null) return;
    const m = data as Message;
    if (m.combat !== this.options.combat.id) return;
    if (m.kind === "batch") {
      if (this.isAuthority) return;
      const batch: unknown = { seq: m.seq, epoch: m.epoch, stream: m.stream, batch: m.batch };
      if (!isBatch(batch)) return;
      const verdict = this.follower.verdict(batch);
      if (verdict === "stale") return;
      if (verdict === "gap") {
        this.follower.hold(batch);
        // The flags may not have arrived yet: restore now if they are ahead, else onCombatUpdate will.
        const stored = readState(this.options.combat.getFlag(this.options.moduleId, "state"));
        if (stored !== undefined && this.follower.shouldRestore(stored)) this.restore(stored);
        return;
      }
      if (this.apply(batch)) for (const next of this.follower.ready()) if (!this.apply(next)) break;
      return;
    }
    if (m.kind === "answer") {
      if (m.to !== this.options.userId || typeof m.id !== "string") return;
      const w = this.waiting.get(m.id);
      if (w === undefined) return;
      this.waiting.delete(m.id);
      clearTimeout(w.timer);
      if (m.ok === true) w.resolve();
      else w.reject(new TurnkeeperError(String(m.code ?? "NOT_ALLOWED") as ErrorCode /* the GM's own TurnkeeperError code */, String(m.message ?? "the GM refused the request")));
      return;
    }
    if (m.kind !== "request" || !this.isAuthority || typeof m.id !== "string" || typeof m.from !== "string") return;
    const answer: Message = { kind: "answer", combat: this.options.combat.id, id: m.id, to: m.from, ok: true };
    try {
      const request = m.request as PlayerRequest;
      const participant = typeof request?.participant === "string" ? request.participant : "";
      const combatant = this.options.combat.combatants.get(participant);
      const can = this.options.canControl ?? (() => false);
      if (combatant === undefined || !can(m.from, combatant)) {
        throw new TurnkeeperError("NOT_ALLOWED", `user ${m.from} does not control ${participant}`);
      }
      await this.run(commandOf(request, this.enc));
    } catch (e) {
      answer.ok = false;
      answer.code = e instanceof TurnkeeperError ? e.code : "INVALID_ARGUMENT";
      answer.message = e instanceof Error ? e.message : String(e);
    }
    this.options.socket.emit(this.event, answer);
  }
}


function readState(value: unknown): CombatState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const s = value as Partial<CombatState>;
  if (s.v !== 1 || !Number.isSafeInteger(s.seq) || typeof s.epoch !== "string" || typeof s.encounter !== "object" || s.encounter === null) return undefined;
  return s as CombatState;
}
