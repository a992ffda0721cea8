/**
 * `turnkeeper/foundry`: run a Foundry VTT `Combat` with a Turnkeeper {@link Encounter}.
 *
 * - Combatants are participants (the combatant's id is the participant's id; a hidden
 *   combatant is a hidden participant).
 * - The active GM's client is the authority: it runs commands with `executeForPlayers`, keeps
 *   the whole state to itself (and on its own device, see {@link CombatKeeperOptions.privateStore}),
 *   keeps the *players' view* in the combat's flags (`flags.<moduleId>.state`), relays each
 *   command's *players' batch* over the module's socket (`module.<moduleId>`, so `"socket":
 *   true` in module.json) with the SHA-256 of what it stored, and writes the players' order back
 *   to the combatants: `initiative` is Turnkeeper's count and `flags.<moduleId>.rank` the place in
 *   Turnkeeper's order, which {@link sortCombatants} turns into Foundry's turn order.
 * - Every client reads a Combat's data, so nothing GM-only goes there. Other clients believe a
 *   socket message only when Foundry's server says it came from the active GM (the sender id
 *   Foundry passes to socket listeners), and load the flags (a cache) only when they are exactly
 *   what the active GM announced. Players send requests (declare, delay, end my turn); the
 *   authority runs one when the sending user owns the combatant (document permissions).
 * - Conditions and effects of the participants players see are mirrored as ActiveEffects on the
 *   combatants' actors, with durations from Turnkeeper's expiry.
 *
 * The types below are the part of Foundry's API the helpers touch, written structurally so the
 * package does not depend on Foundry's types; the package's tests check with `tsc` that Foundry
 * v13's own documents (`@league-of-foundry-developers/foundry-vtt-types`) fit them.
 */
import { SerialRestore } from "../kits/serial.js";
import { Encounter, type EncounterCommand, type EncounterEvent, type EncounterOptions, type EncounterSnapshot, type EffectView, type Duration, type NewParticipant } from "../index.js";
import { TurnkeeperError, type ErrorCode } from "../index.js";
import { commandOf, isRequest, type DeclarationPolicy, type PlayerRequest } from "../kits/requests.js";
import { SequenceFollower, SequenceLeader, eventsOf, isBatch, newEpoch, type RelayBatch, type SequencePoint } from "../kits/relay.js";
import { canonicalJson, isHead, stateHash, type Head } from "../kits/head.js";
import { defaultPrivateStore, readPrivate, savePrivate, type PrivateStore } from "../kits/private.js";

export type { PlayerRequest, DeclarationPolicy } from "../kits/requests.js";
export type { RelayBatch, SequencePoint } from "../kits/relay.js";
export type { Head } from "../kits/head.js";
export type { PrivateStore } from "../kits/private.js";

// ---- the Foundry surface the helpers touch ----

/** An ActiveEffect as the helpers read it (`actor.effects`). */
export interface FoundryActiveEffect {
  readonly id: string | null;
  /** The status ids it applies (Foundry v13: a `Set`). */
  readonly statuses?: Iterable<string>;
  readonly disabled?: boolean;
  getFlag(scope: string, key: string): unknown;
}

/** The `Actor` of a combatant: its effects, created and deleted as embedded documents. */
export interface FoundryActor {
  readonly id: string | null;
  readonly effects: Iterable<FoundryActiveEffect>;
  createEmbeddedDocuments(embeddedName: "ActiveEffect", data: ActiveEffectData[]): Promise<unknown>;
  deleteEmbeddedDocuments(embeddedName: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** A `User` (`game.users.get(id)`). */
export interface FoundryUser {
  readonly id: string | null;
  readonly isGM: boolean;
}

/** `game.users`: who a sender is, and which GM is the authority. */
export interface FoundryUsers {
  get(id: string): FoundryUser | undefined;
  /** The active GM (Foundry picks one when several GMs are connected). */
  readonly activeGM: FoundryUser | null;
}

/** A `Combatant`. */
export interface FoundryCombatant {
  readonly id: string | null;
  readonly name: string | undefined;
  readonly initiative: number | null;
  readonly hasPlayerOwner: boolean;
  /** Hidden from players in Foundry's tracker: a hidden participant. */
  readonly hidden: boolean;
  readonly actor: FoundryActor | null;
  readonly token: { readonly disposition: number } | null;
  getFlag(scope: string, key: string): unknown;
  /** Foundry's document permissions (a combatant's are its actor's). */
  testUserPermission(user: FoundryUser, permission: "OWNER"): boolean;
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
 * (friendly "party", hostile "foes", neutral "neutral"), `npc` unless a player owns it, hidden
 * when the combatant is. `extra`
 * adds what the game system knows (Dexterity score, modifiers).
 */
export function participantFromCombatant(combatant: FoundryCombatant, extra: Partial<NewParticipant> = {}): NewParticipant {
  if (combatant.id === null) throw new TurnkeeperError("INVALID_ARGUMENT", "the combatant has no id yet (create it first)");
  const side = DISPOSITION_SIDE[combatant.token?.disposition ?? (combatant.hasPlayerOwner ? 1 : -1)] ?? "foes";
  const hidden = combatant.hidden === true ? { hidden: true } : {};
  return { side, npc: !combatant.hasPlayerOwner, ...hidden, ...extra, id: combatant.id, name: combatant.name || "Combatant" } as NewParticipant;
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

/**
 * Whether `ae`, flagged as the mirror of `view`'s effect, still applies what the mirror does:
 * enabled, with the same statuses. The actor's owner (a player) may edit or disable its effects,
 * or make one carrying the flag; such an effect is replaced by the keeper's own, so a player
 * cannot step out of a condition's automation by editing the mirror.
 */
function mirrors(ae: FoundryActiveEffect, view: EffectView): boolean {
  if (ae.disabled === true) return false;
  if (ae.statuses === undefined) return true;
  const condition = view.effect.condition;
  const have = [...ae.statuses];
  return condition === undefined ? have.length === 0 : have.length === 1 && have[0] === condition;
}

// ---- the keeper ----

/** What the combat's flag holds: the players' view, readable by every client. */
export interface CombatState extends SequencePoint {
  v: 2;
  encounter: EncounterSnapshot;
}

/** What the authority keeps on its own device. */
interface PrivateState extends SequencePoint {
  v: 2;
  /** The hash of the flag state stored with it: resumed only when the flags still hold that. */
  hash: string;
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
  /** `game.users`: senders are looked up here, and only the active GM is believed. */
  users: FoundryUsers;
  /** Is this client the authority (`game.user === game.users.activeGM`)? */
  isAuthority: boolean;
  /** For a combat with no Turnkeeper state yet (authority only). */
  encounter?: EncounterOptions;
  /** What the game system knows of a combatant (Dexterity score, modifiers…). */
  participant?: (combatant: FoundryCombatant) => Partial<NewParticipant>;
  /**
   * May this user (the socket's sender, as Foundry's server gives it) act for this combatant
   * (declare, delay, end its turn)? The authority asks. Default: the user owns the combatant.
   */
  canControl?: (userId: string, combatant: FoundryCombatant) => boolean;
  /** What the GM adds to a player's declared activities (bonus steps, advantage…): the GM decides, never the player. */
  declaration?: DeclarationPolicy;
  /** `game.time.worldTime` (for effects that last seconds). */
  worldTime?: () => number;
  /** Mirror effects as ActiveEffects on actors (default true), with this icon per condition. */
  effects?: boolean | { img?: (condition: string | undefined) => string };
  /** How long a player waits for an answer, or a follower for the authority's state (default 5000 ms). */
  requestTimeoutMs?: number;
  /**
   * Where the authority keeps its whole state between sessions, on its own device (default:
   * `localStorage` when there is one). Without it, a GM who reloads resumes from the players'
   * view: hidden participants are gone.
   */
  privateStore?: PrivateStore | null;
}

interface Message {
  kind: "batch" | "head" | "hello" | "request" | "answer";
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
  private leader: SequenceLeader | undefined;
  private readonly listeners = new Set<(events: readonly EncounterEvent[]) => void>();
  private readonly waiting = new Map<string, { resolve: () => void; reject: (e: unknown) => void; timer: ReturnType<typeof setTimeout> }>();
  private readonly headWaiters = new Set<() => void>();
  private writes: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private announced: Head | undefined;
  private lastGood: CombatState | undefined;
  private lastHash = "";
  private closed = false;
  /**
   * Foundry's server hands a module's socket listener the message and then the sender's user id.
   * Only a call of exactly those two is read: a client that emitted more arguments (say a user
   * id of its choosing after its message) would push the server's id further along, so a call
   * of any other length is dropped rather than trusting a position the sender could fill.
   */
  private readonly onSocket = (...args: unknown[]) => {
    if (args.length === 2) void this.receive(args[0], args[1]);
  };
  private readonly event: string;
  private readonly privateKey: string;
  private readonly store: PrivateStore | undefined;

  private constructor(private readonly options: CombatKeeperOptions) {
    if (typeof options.users?.get !== "function") throw new TurnkeeperError("INVALID_ARGUMENT", "options.users must be game.users (senders are identified through it)");
    this.event = `module.${options.moduleId}`;
    this.privateKey = `${options.moduleId}/turnkeeper/${options.combat.id ?? ""}`;
    this.store = options.privateStore === null ? undefined : options.privateStore ?? defaultPrivateStore();
    this.enc = new Encounter(options.encounter ?? {});
    options.socket.on(this.event, this.onSocket);
  }

  /**
   * Open the keeper of `options.combat`. The authority resumes the whole state this device saved,
   * else starts a new encounter, and adds its combatants; any other client asks the active GM
   * for its state and waits for it (up to `requestTimeoutMs`).
   */
  static async open(options: CombatKeeperOptions): Promise<CombatKeeper> {
    const keeper = new CombatKeeper(options);
    if (options.isAuthority) {
      const stored = readState(options.combat.getFlag(options.moduleId, "state"));
      const saved = keeper.readPrivate();
      // This device's saved whole state, or else a new encounter. The flags are never taken as
      // the GM's state: they are only a cache, no GM announced them in this session, a world may
      // let players write them, and they hold the players' view, which refuses commands.
      if (saved !== undefined) {
        if (stored !== undefined && saved.hash !== (await stateHash(stored))) {
          console.warn("turnkeeper/foundry: the combat's flags are not what this device stored last (another GM's device led since, or someone wrote them); resuming from this device's copy");
        }
        keeper.replace(Encounter.fromJSON(saved.encounter));
      } else if (stored !== undefined) {
        console.warn("turnkeeper/foundry: this GM client has no saved state, so it starts a new encounter with the combat's combatants: the flags hold only the players' view (to carry the GM's state between devices, give privateStore a store they share)");
      }
      // A new epoch: followers restore from its first announcement (the flags' seq is not believed).
      keeper.leader = new SequenceLeader({ seq: saved?.seq ?? 0, epoch: newEpoch() });
      await keeper.syncRoster();
      await keeper.queue(keeper.state(keeper.leader.point), undefined);
    } else if (options.users.activeGM !== null) {
      await keeper.hello();
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
   * Run a command (authority): the players' batch goes to the other clients, the players' view
   * to the combat's flags, the order to the combatants and effects to the actors. `blind`:
   * players see only the state it leads to. A refused command throws `TurnkeeperError` and
   * changes nothing. Listeners are told the whole (GM) events.
   */
  async run(command: EncounterCommand, options: { faces?: readonly number[]; blind?: boolean } = {}): Promise<EncounterEvent[]> {
    this.requireAuthority();
    const out = this.enc.executeForPlayers(command, options);
    const point = this.leader!.take();
    const batch: RelayBatch = { seq: point.seq, epoch: point.epoch, stream: "encounter", batch: JSON.stringify(out.players) };
    const events = out.gm.events;
    this.tell(events);
    await this.queue(this.state(point), batch);
    return events;
  }

  /**
   * Declare (activities only: the GM adds any modifiers), delay, resume or end a turn: run
   * directly by the authority, else asked of it over the socket.
   */
  async request(request: PlayerRequest): Promise<void> {
    if (this.isAuthority) {
      await this.run(commandOf(request, this.enc, this.options.declaration));
      return;
    }
    if (!isRequest(request)) throw new TurnkeeperError("INVALID_ARGUMENT", "a request is { type: declare, participant, activities } or delay, resume, endTurn with a participant");
    const id = newEpoch();
    const answered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new TurnkeeperError("TIMEOUT", "no GM answered the request (is a GM connected?)"));
      }, this.options.requestTimeoutMs ?? 5000);
      this.waiting.set(id, { resolve, reject, timer });
    });
    this.options.socket.emit(this.event, { kind: "request", combat: this.options.combat.id, id, request } satisfies Message);
    return answered;
  }

  /** Add a condition with a duration (authority); mirrored as an ActiveEffect. */
  addCondition(participant: string, condition: string, until: Duration = { type: "untilRemoved" }, source?: string): Promise<EncounterEvent[]> {
    const effect: Record<string, unknown> = { target: participant, condition, duration: until };
    if (source !== undefined) effect.source = source;
    return this.run({ type: "addEffects", effects: [effect as never] } as EncounterCommand);
  }

  /**
   * Call from `Hooks.on("updateCombat", …)`. A follower restores when the flags hold what the
   * active GM announced and it has not reached that yet; the authority puts its state back when
   * someone else changed the flags.
   */
  onCombatUpdate(): void {
    if (this.closed) return;
    const value = this.options.combat.getFlag(this.options.moduleId, "state");
    if (this.isAuthority) {
      if (this.inFlight === 0 && this.lastGood !== undefined && canonicalJson(value) !== canonicalJson(this.lastGood)) {
        const good = this.lastGood;
        const write = this.writes.then(async () => void (await this.options.combat.setFlag(this.options.moduleId, "state", good)));
        this.writes = write.catch(() => undefined);
      }
      return;
    }
    void this.heal(false);
  }

  /** Write the players' order, counts, round and current turn to the Combat (authority; done after every command). */
  async applyToCombat(): Promise<void> {
    this.requireAuthority();
    const view = this.view();
    try {
      await this.writeOrder(view);
    } finally {
      view.free();
    }
  }

  /**
   * Create and delete ActiveEffects so each actor carries exactly its participant's Turnkeeper
   * effects, as players see them (authority).
   */
  async mirrorEffects(): Promise<void> {
    this.requireAuthority();
    const view = this.view();
    try {
      await this.writeEffects(view);
    } finally {
      view.free();
    }
  }

  /** Stop listening to the socket. */
  close(): void {
    this.closed = true;
    this.options.socket.off(this.event, this.onSocket);
    for (const [, w] of this.waiting) clearTimeout(w.timer);
    this.waiting.clear();
    for (const w of [...this.headWaiters]) w();
  }

  // ---- internals ----

  private requireAuthority(): void {
    if (this.leader === undefined) throw new TurnkeeperError("NOT_ALLOWED", "only the active GM's client runs commands; players send requests (keeper.request)");
  }

  private replace(enc: Encounter): void {
    this.enc.free();
    this.enc = enc;
  }

  /** The players' view as an encounter (what documents every client reads are written from). */
  private view(): Encounter {
    return Encounter.fromJSON(this.enc.playerView());
  }

  private state(point: SequencePoint): CombatState {
    return { v: 2, seq: point.seq, epoch: point.epoch, encounter: JSON.parse(this.enc.playerView()) as EncounterSnapshot };
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

  /** Store, save, announce, write back and mirror, in command order. */
  private queue(state: CombatState, batch: RelayBatch | undefined): Promise<void> {
    const { combat, moduleId, socket } = this.options;
    this.lastGood = state;
    this.inFlight++;
    const whole = { v: 2 as const, seq: state.seq, epoch: state.epoch, encounter: this.enc.toJSON() };
    const view = this.view();
    const write = this.writes.then(async () => {
      try {
        const hash = await stateHash(state);
        this.lastHash = hash;
        this.savePrivate({ ...whole, hash });
        await combat.setFlag(moduleId, "state", state);
        const message: Message = batch !== undefined ? { kind: "batch", combat: combat.id, ...batch, hash } : { kind: "head", combat: combat.id, seq: state.seq, epoch: state.epoch, hash };
        socket.emit(this.event, message);
        await this.writeOrder(view);
        await this.writeEffects(view);
      } finally {
        view.free();
        this.inFlight--;
      }
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  private async writeOrder(view: Encounter): Promise<void> {
    const { combat, moduleId } = this.options;
    const order = view.order();
    const declaring = view.phase === "declaring" || view.phase === "setup";
    const participants = view.participants();
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
      // A hidden participant is not in the players' view: nothing of it is written.
      if (c.id === null || view.participant(c.id) === undefined) continue;
      const initiative = declaring ? null : count.get(c.id) ?? null;
      const r = rank.get(c.id) ?? null;
      if (c.initiative !== initiative || c.getFlag(moduleId, "rank") !== r) {
        updates.push({ _id: c.id, initiative, [`flags.${moduleId}.rank`]: r });
      }
    }
    if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
    const current = view.currentParticipant();
    const turn = current === undefined ? (declaring ? null : combat.turn) : combat.turns.findIndex((c) => c.id === current);
    const round = view.round;
    if (combat.round !== round || combat.turn !== turn) await combat.update({ round, turn: turn === -1 ? null : turn });
  }

  private async writeEffects(view: Encounter): Promise<void> {
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
      if (c.id === null || c.actor === null || view.participant(c.id) === undefined) continue;
      const actor = c.actor;
      const wanted = new Map(view.effects(c.id).map((v) => [v.effect.id, v]));
      const stale: string[] = [];
      for (const ae of actor.effects) {
        const id = ae.getFlag(moduleId, "effect");
        if (typeof id !== "number") continue;
        const want = wanted.get(id);
        if (want !== undefined && mirrors(ae, want)) wanted.delete(id);
        else if (ae.id !== null) stale.push(ae.id);
      }
      if (stale.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", stale);
      const create = [...wanted.values()].map((v) => activeEffectData(v, at, moduleId, img?.(v.effect.condition)));
      if (create.length > 0) await actor.createEmbeddedDocuments("ActiveEffect", create);
    }
  }

  private savePrivate(state: PrivateState): void {
    savePrivate(this.store, this.privateKey, state, "foundry");
  }

  private readPrivate(): PrivateState | undefined {
    const s = readPrivate(this.store, this.privateKey) as Partial<PrivateState> | undefined;
    if (typeof s !== "object" || s === null || s.v !== 2 || !Number.isSafeInteger(s.seq) || typeof s.hash !== "string" || typeof s.encounter !== "object" || s.encounter === null) return undefined;
    return s as PrivateState;
  }

  /** Ask the active GM for its state and wait (up to the timeout) until this copy reached it. */
  private async hello(): Promise<void> {
    this.options.socket.emit(this.event, { kind: "hello", combat: this.options.combat.id } satisfies Message);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.headWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.requestTimeoutMs ?? 5000);
      this.headWaiters.add(done);
    });
  }

  private reached(): void {
    const a = this.announced;
    if (a !== undefined && a.epoch === this.follower.point.epoch && a.seq === this.follower.point.seq) for (const w of [...this.headWaiters]) w();
  }

  private announce(head: Head): void {
    if (this.announced === undefined || head.epoch !== this.announced.epoch || head.seq >= this.announced.seq) this.announced = head;
  }

  private apply(batch: RelayBatch): boolean {
    try {
      // The core checks the batch (next in sequence, the leader's digest): OUT_OF_SYNC otherwise.
      if (batch.batch !== undefined) this.enc.applyEvents(batch.batch);
      this.follower.advance(batch);
      if (this.listeners.size > 0) this.tell(eventsOf(batch.batch) as EncounterEvent[]);
      this.reached();
      return true;
    } catch (e) {
      console.warn(`turnkeeper/foundry: batch ${batch.seq} refused (${e instanceof Error ? e.message : String(e)}); restoring from the combat's flags`);
      this.follower.hold(batch);
      void this.heal(true);
      return false;
    }
  }

  /** Restore from the flags (once at a time) when they hold exactly what the active GM announced. */
  private readonly restorer = new SerialRestore((force) => this.restoreFromFlags(force));

  private heal(force: boolean): Promise<void> {
    return this.restorer.run(force);
  }

  /** Load the flags when they hold exactly what the active GM announced (and are newer, unless `force`). */
  private async restoreFromFlags(force: boolean): Promise<void> {
    const head = this.announced;
    if (head === undefined) return;
    const stored = readState(this.options.combat.getFlag(this.options.moduleId, "state"));
    if (stored === undefined || stored.epoch !== head.epoch || stored.seq !== head.seq) return; // not (yet) what the GM stored
    if (!force && !this.follower.shouldRestore(stored)) return;
    if ((await stateHash(stored)) !== head.hash) return; // written by someone else: wait for the GM to put it back
    let enc: Encounter;
    try {
      enc = Encounter.fromJSON(stored.encounter);
    } catch (e) {
      console.error("turnkeeper/foundry: the combat's stored state could not be loaded", e);
      return;
    }
    this.replace(enc);
    this.follower.restored(stored);
    for (const next of this.follower.ready()) if (!this.apply(next)) break;
    this.reached();
  }

  /** A socket message; `sender` is the user id Foundry's server passes with it. */
  private async receive(data: unknown, sender: unknown): Promise<void> {
    if (typeof data !== "object" || data === null) return;
    const m = data as Message;
    if (m.combat !== this.options.combat.id || typeof sender !== "string") return;
    const from = this.options.users.get(sender);
    if (from === undefined) return;
    const fromAuthority = from.isGM && this.options.users.activeGM?.id === sender;
    if (m.kind === "batch" || m.kind === "head") {
      if (this.isAuthority || !fromAuthority) return; // a player's (or an inactive GM's) state: never believed
      if (m.kind === "head") {
        if (!isHead(m)) return;
        this.announce({ seq: m.seq, epoch: m.epoch, hash: m.hash });
        this.reached();
        await this.heal(false);
        return;
      }
      const batch: unknown = { seq: m.seq, epoch: m.epoch, stream: m.stream, batch: m.batch, hash: m.hash };
      if (!isBatch(batch) || batch.hash === undefined) return;
      this.announce({ seq: batch.seq, epoch: batch.epoch, hash: batch.hash });
      const verdict = this.follower.verdict(batch);
      if (verdict === "stale") return;
      if (verdict === "gap") {
        this.follower.hold(batch);
        // The flags may not have arrived yet: restore now if they match, else onCombatUpdate will.
        await this.heal(false);
        return;
      }
      if (this.apply(batch)) for (const next of this.follower.ready()) if (!this.apply(next)) break;
      return;
    }
    if (m.kind === "answer") {
      if (m.to !== this.options.userId || typeof m.id !== "string" || !fromAuthority) return; // a fake answer
      const w = this.waiting.get(m.id);
      if (w === undefined) return;
      this.waiting.delete(m.id);
      clearTimeout(w.timer);
      if (m.ok === true) w.resolve();
      else w.reject(new TurnkeeperError(String(m.code ?? "NOT_ALLOWED") as ErrorCode /* the GM's own TurnkeeperError code */, String(m.message ?? "the GM refused the request")));
      return;
    }
    if (!this.isAuthority) return;
    if (m.kind === "hello") {
      if (this.lastGood === undefined) return;
      await this.writes;
      this.options.socket.emit(this.event, { kind: "head", combat: this.options.combat.id, seq: this.lastGood.seq, epoch: this.lastGood.epoch, hash: this.lastHash } satisfies Message);
      return;
    }
    if (m.kind !== "request" || typeof m.id !== "string") return;
    const answer: Message = { kind: "answer", combat: this.options.combat.id, id: m.id, to: sender, ok: true };
    try {
      if (!isRequest(m.request)) throw new TurnkeeperError("INVALID_ARGUMENT", "a request is { type: declare, participant, activities } or delay, resume, endTurn with a participant");
      const request = m.request;
      const combatant = this.options.combat.combatants.get(request.participant);
      const can = this.options.canControl ?? ((userId: string, c: FoundryCombatant) => c.testUserPermission(from, "OWNER") && userId === from.id);
      if (combatant === undefined || !can(sender, combatant)) {
        throw new TurnkeeperError("NOT_ALLOWED", `user ${sender} does not control ${request.participant}`);
      }
      await this.run(commandOf(request, this.enc, this.options.declaration));
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
  if (s.v !== 2 || !Number.isSafeInteger(s.seq) || typeof s.epoch !== "string" || typeof s.encounter !== "object" || s.encounter === null) return undefined;
  return s as CombatState;
}
