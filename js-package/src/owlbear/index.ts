/**
 * `turnkeeper/owlbear`: keep an {@link Encounter} (and optionally a {@link Journey}) in sync for
 * everyone in an Owlbear Rodeo room, over the room's own channels.
 *
 * - The GM's client is the authority: it executes commands, stores the snapshot in room
 *   metadata under `<namespace>/turnkeeper`, and relays each command's events with
 *   `OBR.broadcast` on `<namespace>/batch`, each batch with a sequence number.
 * - Players apply the events; on a gap, a new GM session, a late join or a reload they restore
 *   from the stored snapshot. They send requests (declare, delay, end my turn) on
 *   `<namespace>/request`, which the GM executes if the player owns the participant's token.
 * - Before writing, the snapshot is measured against the room's 16 KB metadata limit (shared by
 *   every extension): a command whose snapshot would not fit is refused with `LIMIT_EXCEEDED`
 *   and the last good snapshot stays, on the GM's client and in the room.
 *
 * Pass the SDK's `OBR` object in (`import OBR from "@owlbear-rodeo/sdk"`): this module never
 * imports the SDK itself, so it works with or without a bundler.
 */
import { Encounter, type EncounterCommand, type EncounterEvent, type EncounterOptions, type EncounterSnapshot, type NewParticipant } from "../index.js";
import { Journey, type JourneyCommand, type JourneyEvent, type JourneyOptions, type JourneySnapshot } from "../index.js";
import { TurnkeeperError, type ErrorCode } from "../index.js";
import { commandOf, type PlayerRequest } from "../kits/requests.js";

export type { PlayerRequest } from "../kits/requests.js";
import { SequenceFollower, SequenceLeader, eventsOf, isBatch, jsonBytes, newEpoch, type RelayBatch, type SequencePoint } from "../kits/relay.js";

export { jsonBytes } from "../kits/relay.js";
export type { RelayBatch, SequencePoint } from "../kits/relay.js";

/**
 * The SDK's `Metadata` (a JSON object). Declared here, like everything this module takes from
 * the SDK, so that its types compile without the optional SDK installed.
 */
type Metadata = Record<string, unknown>;

/** The part of an SDK `Item` (a scene token) that {@link OwlbearSync.addToken} reads. */
export interface TokenItem {
  id: string;
  name: string;
  createdUserId: string;
}

/**
 * The part of the SDK's `OBR` object this module uses, with the SDK's own signatures (the real
 * `OBR` of `@owlbear-rodeo/sdk` 3.x fits it; the package's tests check that it does).
 */
export interface OwlbearApi {
  player: {
    getRole(): Promise<"GM" | "PLAYER">;
    getId(): Promise<string>;
  };
  room: {
    getMetadata(): Promise<Metadata>;
    setMetadata(update: Partial<Metadata>): Promise<void>;
    onMetadataChange(callback: (metadata: Metadata) => void): () => void;
  };
  broadcast: {
    sendMessage(channel: string, data: unknown, options?: { destination: "REMOTE" | "LOCAL" | "ALL" }): Promise<void>;
    onMessage(channel: string, callback: (event: { data: unknown; connectionId: string }) => void): () => void;
  };
}

/** Owlbear room metadata is limited to 16 KB in total, for every extension together. */
export const ROOM_METADATA_LIMIT = 16 * 1024;
/** Owlbear broadcast messages are limited to 16 KB each. */
export const BROADCAST_LIMIT = 16 * 1024;

/** A scene token linked to a participant. */
export interface TokenLink {
  /** The participant's id in the encounter (short: `t1`, `t2`, … so snapshots stay small). */
  participant: string;
  /** The Owlbear user id of the player who controls it (may send requests for it). */
  owner?: string;
}

/** What the room metadata key holds. */
export interface StoredState extends SequencePoint {
  v: 1;
  encounter: EncounterSnapshot;
  journey?: JourneySnapshot;
  /** Scene item id → its participant. */
  tokens: Record<string, TokenLink>;
}


interface RequestMessage {
  kind: "request";
  id: string;
  from: string;
  request: PlayerRequest;
}
interface AnswerMessage {
  kind: "answer";
  id: string;
  to: string;
  ok: boolean;
  code?: string;
  message?: string;
}

/** Why the state changed, for a UI that re-renders. */
export type ChangeReason = "command" | "events" | "restored" | "refused";

export interface OwlbearSyncOptions {
  /** Your extension's id, reverse-domain style (`com.example.initiative`): keys and channels start with it. */
  namespace: string;
  /** For the GM's client when the room holds no encounter yet. */
  encounter?: EncounterOptions;
  /** Keep a journey too (created with these options when the room holds none). */
  journey?: JourneyOptions;
  /** The room metadata budget in bytes (default {@link ROOM_METADATA_LIMIT}). */
  metadataLimit?: number;
  /** How long a player waits for the GM to answer a request (default 5000 ms). */
  requestTimeoutMs?: number;
  /**
   * May this player act for this participant? Default: the player owns the participant's token
   * (see {@link OwlbearSync.addToken}).
   */
  authorize?: (playerId: string, participant: string, sync: OwlbearSync) => boolean;
}

/**
 * One room's encounter, kept in sync. Create it with {@link OwlbearSync.start} inside
 * `OBR.onReady`, after `await init()`.
 */
export class OwlbearSync {
  readonly role: "GM" | "PLAYER";
  readonly playerId: string;
  readonly key: string;
  private readonly channel: string;
  private readonly requestChannel: string;
  private enc: Encounter;
  private jour: Journey | undefined;
  private tokenMap: Record<string, TokenLink>;
  private readonly follower = new SequenceFollower();
  private readonly leader: SequenceLeader | undefined;
  private lastGood: StoredState | undefined;
  private room: Record<string, unknown>;
  private writes: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(why: ChangeReason, events: readonly unknown[]) => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly waiting = new Map<string, { resolve: () => void; reject: (e: unknown) => void; timer: ReturnType<typeof setTimeout> }>();
  private restoring: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly obr: OwlbearApi,
    private readonly options: OwlbearSyncOptions,
    role: "GM" | "PLAYER",
    playerId: string,
    room: Record<string, unknown>,
  ) {
    if (typeof options.namespace !== "string" || options.namespace.length === 0) {
      throw new TurnkeeperError("INVALID_ARGUMENT", "options.namespace must be your extension's id, e.g. com.example.initiative");
    }
    this.role = role;
    this.playerId = playerId;
    this.key = `${options.namespace}/turnkeeper`;
    this.channel = `${options.namespace}/batch`;
    this.requestChannel = `${options.namespace}/request`;
    this.room = room;
    const stored = readStored(room[this.key]);
    if (stored !== undefined) {
      this.enc = Encounter.fromJSON(stored.encounter);
      this.jour = stored.journey !== undefined ? Journey.fromJSON(stored.journey) : undefined;
      this.tokenMap = { ...stored.tokens };
      this.follower.restored(stored);
      this.lastGood = stored;
    } else {
      this.enc = new Encounter(options.encounter ?? {});
      this.jour = options.journey !== undefined ? new Journey(options.journey) : undefined;
      this.tokenMap = {};
    }
    if (role === "GM") {
      // A new epoch per GM session: players who applied a batch the room never stored (the GM
      // reloaded before its write landed) see the new epoch and restore.
      this.leader = new SequenceLeader({ seq: stored?.seq ?? 0, epoch: newEpoch() });
      if (this.jour === undefined && options.journey !== undefined) this.jour = new Journey(options.journey);
    }
  }

  /**
   * Join the room's encounter. The GM's client loads the stored snapshot (or creates the
   * encounter) and becomes the authority; a player's client loads the stored snapshot and
   * follows (before the GM has stored anything, it holds an empty encounter).
   */
  static async start(obr: OwlbearApi, options: OwlbearSyncOptions): Promise<OwlbearSync> {
    const [role, playerId, room] = await Promise.all([obr.player.getRole(), obr.player.getId(), obr.room.getMetadata()]);
    const sync = new OwlbearSync(obr, options, role, playerId, room);
    sync.unsubscribe.push(obr.broadcast.onMessage(sync.channel, (e) => sync.onBatch(e.data)));
    sync.unsubscribe.push(obr.broadcast.onMessage(sync.requestChannel, (e) => void sync.onRequestChannel(e.data)));
    sync.unsubscribe.push(obr.room.onMetadataChange((metadata) => sync.onMetadata(metadata)));
    if (role === "GM") {
      // The GM's session starts with its own epoch stored (measured like every write).
      const state = sync.snapshot(sync.leader!.point);
      const bytes = sync.metadataBytes(state);
      const limit = options.metadataLimit ?? ROOM_METADATA_LIMIT;
      if (bytes > limit) {
        sync.close();
        throw tooLarge(bytes, limit, undefined);
      }
      await sync.store(state);
    }
    return sync;
  }

  /** The encounter (read it freely; change it through {@link run} so everyone follows). */
  get encounter(): Encounter {
    return this.enc;
  }
  /** The journey, if the sync keeps one. */
  get journey(): Journey | undefined {
    return this.jour;
  }
  /** The last sequence point applied (players) or taken (GM). */
  get seq(): number {
    return this.leader?.point.seq ?? this.follower.point.seq;
  }
  get isGM(): boolean {
    return this.role === "GM";
  }
  /** Scene item id → participant link. */
  tokens(): Readonly<Record<string, TokenLink>> {
    return this.tokenMap;
  }
  /** The token of a participant, if it was added from one. */
  itemOf(participant: string): string | undefined {
    for (const [item, link] of Object.entries(this.tokenMap)) if (link.participant === participant) return item;
    return undefined;
  }
  /** The participant of a token. */
  participantOf(item: string): string | undefined {
    return this.tokenMap[item]?.participant;
  }
  /** Participants this player may act for. */
  mine(): string[] {
    return Object.values(this.tokenMap)
      .filter((l) => l.owner === this.playerId)
      .map((l) => l.participant);
  }

  /**
   * Be told when the state changed (to re-render), with the events that changed it (none for a
   * restore or a refusal). Returns an unsubscribe.
   */
  onChange(listener: (why: ChangeReason, events: readonly unknown[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The bytes the room's metadata would hold with the current state stored (every extension's keys included). */
  metadataBytes(state: StoredState | undefined = this.lastGood): number {
    return jsonBytes({ ...this.room, [this.key]: state });
  }

  // ---- the GM's commands ----

  /**
   * Run an encounter command on the GM's client, store the snapshot and relay the events.
   * Throws `TurnkeeperError`: the core's refusal (nothing changed), `NOT_ALLOWED` on a player's
   * client (use {@link request}), or `LIMIT_EXCEEDED` when the snapshot would not fit in the
   * room's metadata (the command is undone; the last good snapshot stays).
   */
  async run(command: EncounterCommand, options: { faces?: readonly number[] } = {}): Promise<EncounterEvent[]> {
    const events = this.commit("encounter", () => this.enc.executeBatchJson(command, options));
    return this.finish(events) as Promise<EncounterEvent[]>;
  }

  /** {@link run} for the journey. */
  async runJourney(command: JourneyCommand, options: { faces?: readonly number[] } = {}): Promise<JourneyEvent[]> {
    if (this.jour === undefined) throw new TurnkeeperError("INVALID_ARGUMENT", "this sync keeps no journey (pass options.journey)");
    const journey = this.jour;
    const events = this.commit("journey", () => journey.executeBatchJson(command, options));
    return this.finish(events) as Promise<JourneyEvent[]>;
  }

  /**
   * Add a scene token (an Owlbear item) to the encounter. The participant is named after the
   * item; `owner` (default: the player who created the item, unless that is this GM) may send
   * requests for it; `participant` overrides anything else of the new participant.
   */
  async addToken(item: TokenItem, extra: { owner?: string | null; participant?: Partial<NewParticipant> } = {}): Promise<EncounterEvent[]> {
    if (this.tokenMap[item.id] !== undefined) throw new TurnkeeperError("DUPLICATE_ID", `token ${item.id} is already in the encounter`);
    const id = this.nextParticipantId();
    const owner = extra.owner === undefined ? (item.createdUserId !== this.playerId ? item.createdUserId : undefined) : extra.owner ?? undefined;
    const participant: NewParticipant = {
      id,
      name: (item.name || "Token").slice(0, 64),
      side: owner !== undefined ? "party" : "foes",
      npc: owner === undefined,
      ...extra.participant,
    } as NewParticipant;
    participant.id = id;
    const link: TokenLink = owner !== undefined ? { participant: id, owner } : { participant: id };
    const tokens = { ...this.tokenMap, [item.id]: link };
    const events = this.commit("encounter", () => this.enc.executeBatchJson({ type: "addParticipant", participant }), tokens);
    return this.finish(events) as Promise<EncounterEvent[]>;
  }

  /** Remove a token's participant (its effects end with it). */
  async removeToken(item: string): Promise<EncounterEvent[]> {
    const link = this.tokenMap[item];
    if (link === undefined) throw new TurnkeeperError("UNKNOWN_ID", `token ${item} is not in the encounter`);
    const tokens = { ...this.tokenMap };
    delete tokens[item];
    const events = this.commit("encounter", () => this.enc.executeBatchJson({ type: "removeParticipant", participant: link.participant }), tokens);
    return this.finish(events) as Promise<EncounterEvent[]>;
  }

  /** Give a token's participant to a player (or to nobody with `undefined`). */
  async setOwner(item: string, owner: string | undefined): Promise<void> {
    const link = this.tokenMap[item];
    if (link === undefined) throw new TurnkeeperError("UNKNOWN_ID", `token ${item} is not in the encounter`);
    const tokens = { ...this.tokenMap, [item]: owner !== undefined ? { participant: link.participant, owner } : { participant: link.participant } };
    await this.finish(this.commit("encounter", () => undefined, tokens));
  }

  /**
   * Start a fresh encounter (same tokens dropped) — e.g. to change ruleset. GM only; the room's
   * snapshot is replaced, every player restores.
   */
  async reset(options: EncounterOptions = this.options.encounter ?? {}): Promise<void> {
    this.requireGM();
    const fresh = new Encounter(options);
    const previous = this.enc;
    const previousTokens = this.tokenMap;
    this.enc = fresh;
    this.tokenMap = {};
    const point = this.leader!.peek();
    const state = this.snapshot(point);
    const bytes = this.metadataBytes(state);
    const limit = this.options.metadataLimit ?? ROOM_METADATA_LIMIT;
    if (bytes > limit) {
      this.enc = previous;
      this.tokenMap = previousTokens;
      fresh.free();
      throw tooLarge(bytes, limit, this.lastGood);
    }
    previous.free();
    this.leader!.take();
    this.emit("command");
    await this.queue(state, { seq: point.seq, epoch: point.epoch, stream: "encounter" });
  }

  // ---- requests (players; the GM runs them directly) ----

  /**
   * Ask the GM to declare, delay, resume or end a turn for one of your participants. Resolves
   * once the GM ran it (its events then arrive like any others); rejects with the GM's
   * `TurnkeeperError` (its `code`), `NOT_ALLOWED` if you do not own the participant, or
   * `TIMEOUT` when no GM answered.
   */
  async request(request: PlayerRequest): Promise<void> {
    if (this.role === "GM") {
      await this.run(commandOf(request, this.enc));
      return;
    }
    const id = newEpoch();
    const message: RequestMessage = { kind: "request", id, from: this.playerId, request };
    const answered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new TurnkeeperError("TIMEOUT", "no GM answered the request (is the GM's extension open?)"));
      }, this.options.requestTimeoutMs ?? 5000);
      this.waiting.set(id, { resolve, reject, timer });
    });
    await this.obr.broadcast.sendMessage(this.requestChannel, message);
    return answered;
  }

  /** Restore from the room's stored snapshot now (what a gap does by itself). */
  async resync(): Promise<void> {
    const metadata = await this.obr.room.getMetadata();
    this.room = metadata;
    this.restoreFrom(metadata, true);
  }

  /** Stop listening to the room. */
  close(): void {
    this.closed = true;
    for (const u of this.unsubscribe.splice(0)) u();
    for (const [, w] of this.waiting) clearTimeout(w.timer);
    this.waiting.clear();
  }

  // ---- internals ----

  private requireGM(): void {
    if (this.role !== "GM") {
      throw new TurnkeeperError("NOT_ALLOWED", "only the GM's client runs commands; players send requests (sync.request)");
    }
  }

  private nextParticipantId(): string {
    const taken = new Set(this.enc.participants().map((p) => p.id));
    for (const l of Object.values(this.tokenMap)) taken.add(l.participant);
    let n = 1;
    while (taken.has(`t${n}`)) n++;
    return `t${n}`;
  }

  private snapshot(point: SequencePoint, tokens = this.tokenMap): StoredState {
    const state: StoredState = { v: 1, seq: point.seq, epoch: point.epoch, encounter: this.enc.toJSON(), tokens };
    if (this.jour !== undefined) state.journey = this.jour.toJSON();
    return state;
  }

  /**
   * Run `execute` (a command on the encounter or journey), then measure the snapshot it leads
   * to. Too large: undo by restoring the last good snapshot, and throw `LIMIT_EXCEEDED`.
   * Returns what {@link finish} needs to store and relay.
   */
  private commit(stream: "encounter" | "journey", execute: () => string | undefined, tokens?: Record<string, TokenLink>): Pending {
    this.requireGM();
    const core = execute(); // a refused command throws here and changed nothing
    const point = this.leader!.peek();
    const state = this.snapshot(point, tokens ?? this.tokenMap);
    const bytes = this.metadataBytes(state);
    const limit = this.options.metadataLimit ?? ROOM_METADATA_LIMIT;
    if (bytes > limit) {
      this.rollback();
      this.emit("refused");
      throw tooLarge(bytes, limit, this.lastGood);
    }
    this.leader!.take();
    if (tokens !== undefined) this.tokenMap = tokens;
    const batch: RelayBatch = { seq: point.seq, epoch: point.epoch, stream };
    if (core !== undefined) batch.batch = core;
    if (tokens !== undefined) batch.attach = tokens;
    // Too large to broadcast: players restore from the stored snapshot instead.
    if (jsonBytes(batch) > BROADCAST_LIMIT - 256) {
      delete batch.batch;
      delete batch.attach;
    }
    const events = eventsOf(core);
    if (this.listeners.size > 0) this.emit("command", events);
    return { state, batch, events };
  }

  private async finish(pending: Pending): Promise<unknown[]> {
    await this.queue(pending.state, pending.batch);
    return pending.events;
  }

  /** Undo the last command on the GM's client: back to the last good snapshot. */
  private rollback(): void {
    const good = this.lastGood;
    if (good === undefined) return;
    const enc = Encounter.fromJSON(good.encounter);
    this.enc.free();
    this.enc = enc;
    if (good.journey !== undefined) {
      const j = Journey.fromJSON(good.journey);
      this.jour?.free();
      this.jour = j;
    }
    this.tokenMap = { ...good.tokens };
  }

  /**
   * Relay the batch and store the snapshot, in command order. Events go out first, so players
   * apply them (and see their dice) before the metadata change arrives; a batch without events
   * (too large to relay) goes out after the snapshot it asks players to restore from.
   */
  private queue(state: StoredState, batch: RelayBatch): Promise<void> {
    this.lastGood = state;
    const write = this.writes.then(async () => {
      if (batch.batch !== undefined || batch.attach !== undefined) {
        await this.obr.broadcast.sendMessage(this.channel, batch);
        await this.store(state);
      } else {
        await this.store(state);
        await this.obr.broadcast.sendMessage(this.channel, batch);
      }
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  private async store(state: StoredState): Promise<void> {
    this.lastGood = state;
    this.room = { ...this.room, [this.key]: state };
    await this.obr.room.setMetadata({ [this.key]: state });
  }

  private emit(why: ChangeReason, events: readonly unknown[] = []): void {
    for (const l of this.listeners) {
      try {
        l(why, events);
      } catch (e) {
        console.error("turnkeeper/owlbear: a change listener threw", e);
      }
    }
  }

  /** A batch arrived on the channel. */
  private onBatch(data: unknown): void {
    if (this.closed || !isBatch(data)) return;
    if (this.role === "GM" && data.epoch === this.leader!.point.epoch) return; // our own
    if (this.role === "GM") return; // another GM's client: it stores its snapshots; we read them on change
    const verdict = this.follower.verdict(data);
    if (verdict === "stale") return;
    if (verdict === "gap") {
      this.follower.hold(data);
      void this.heal();
      return;
    }
    if (!this.applyBatch(data)) return;
    for (const next of this.follower.ready()) if (!this.applyBatch(next)) return;
  }

  /** Apply one batch; on refusal heal from the stored snapshot. */
  private applyBatch(batch: RelayBatch): boolean {
    try {
      // The core checks the batch: the next of its object's sequence, leading to the leader's
      // digest (OUT_OF_SYNC otherwise, and nothing changes).
      if (batch.batch !== undefined) {
        if (batch.stream === "journey") {
          if (this.jour === undefined) throw new TurnkeeperError("OUT_OF_SYNC", "journey events but no journey");
          this.jour.applyEvents(batch.batch);
        } else this.enc.applyEvents(batch.batch);
      }
      if (batch.attach !== undefined) this.tokenMap = { ...(batch.attach as Record<string, TokenLink>) };
      this.follower.advance(batch);
      if (this.listeners.size > 0) this.emit("events", eventsOf(batch.batch));
      return true;
    } catch (e) {
      console.warn(`turnkeeper/owlbear: batch ${batch.seq} refused (${e instanceof Error ? e.message : String(e)}); restoring from the room's snapshot`);
      // This copy is wrong: restore even from a snapshot at the same sequence point, then
      // apply the refused batch again on top if the snapshot is older.
      this.follower.hold(batch);
      void this.heal(true);
      return false;
    }
  }

  /** Restore from the room's metadata (once at a time); `force` even if it is not ahead. */
  private heal(force = false): Promise<void> {
    this.restoring ??= (async () => {
      try {
        const metadata = await this.obr.room.getMetadata();
        this.room = metadata;
        this.restoreFrom(metadata, force);
      } finally {
        this.restoring = undefined;
      }
    })();
    return this.restoring;
  }

  private onMetadata(metadata: Record<string, unknown>): void {
    if (this.closed) return;
    this.room = metadata;
    if (this.role === "GM") return;
    this.restoreFrom(metadata, false);
  }

  private restoreFrom(metadata: Record<string, unknown>, force: boolean): void {
    const stored = readStored(metadata[this.key]);
    if (stored === undefined || !this.follower.shouldRestore(stored, force)) return;
    let enc: Encounter;
    let jour: Journey | undefined;
    try {
      enc = Encounter.fromJSON(stored.encounter);
      jour = stored.journey !== undefined ? Journey.fromJSON(stored.journey) : undefined;
    } catch (e) {
      console.error("turnkeeper/owlbear: the room's snapshot could not be loaded", e);
      return;
    }
    this.enc.free();
    this.jour?.free();
    this.enc = enc;
    this.jour = jour;
    this.tokenMap = { ...stored.tokens };
    this.lastGood = stored;
    this.follower.restored(stored);
    for (const next of this.follower.ready()) if (!this.applyBatch(next)) break;
    this.emit("restored");
  }

  /** A request or an answer arrived. */
  private async onRequestChannel(data: unknown): Promise<void> {
    if (this.closed || typeof data !== "object" || data === null) return;
    const m = data as Partial<Record<keyof RequestMessage | keyof AnswerMessage, unknown>>;
    if (m.kind === "answer" && m.to === this.playerId && typeof m.id === "string") {
      const w = this.waiting.get(m.id);
      if (w === undefined) return;
      this.waiting.delete(m.id);
      clearTimeout(w.timer);
      if (m.ok) w.resolve();
      else w.reject(new TurnkeeperError(String(m.code ?? "NOT_ALLOWED") as ErrorCode /* the GM's own TurnkeeperError code */, String(m.message ?? "the GM refused the request")));
      return;
    }
    if (m.kind !== "request" || this.role !== "GM" || typeof m.id !== "string" || typeof m.from !== "string") return;
    const answer: AnswerMessage = { kind: "answer", id: m.id, to: m.from, ok: true };
    try {
      const request = m.request as PlayerRequest;
      const participant = typeof request?.participant === "string" ? request.participant : "";
      const allowed = this.options.authorize ?? defaultAuthorize;
      if (!allowed(m.from, participant, this)) {
        throw new TurnkeeperError("NOT_ALLOWED", `player ${m.from} does not control ${participant}`);
      }
      await this.run(commandOf(request, this.enc));
    } catch (e) {
      answer.ok = false;
      answer.code = e instanceof TurnkeeperError ? e.code : "INVALID_ARGUMENT";
      answer.message = e instanceof Error ? e.message : String(e);
    }
    await this.obr.broadcast.sendMessage(this.requestChannel, answer);
  }
}

interface Pending {
  state: StoredState;
  batch: RelayBatch;
  events: unknown[];
}

function defaultAuthorize(playerId: string, participant: string, sync: OwlbearSync): boolean {
  return Object.values(sync.tokens()).some((l) => l.participant === participant && l.owner === playerId);
}


function tooLarge(bytes: number, limit: number, kept: StoredState | undefined): TurnkeeperError {
  const over = `the room's metadata would hold ${bytes} bytes with this encounter, over Owlbear's ${limit}-byte limit (shared by every extension)`;
  const outcome =
    kept !== undefined
      ? `: the command was refused and the last good snapshot (seq ${kept.seq}) kept.`
      : `: nothing was written (the room's stored snapshot stays as it was).`;
  return new TurnkeeperError("LIMIT_EXCEEDED", `${over}${outcome} Remove participants or ended effects, or keep the journey elsewhere.`);
}

function readStored(value: unknown): StoredState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const s = value as Partial<StoredState>;
  if (s.v !== 1 || !Number.isSafeInteger(s.seq) || typeof s.epoch !== "string" || typeof s.encounter !== "object" || s.encounter === null) {
    return undefined;
  }
  const tokens = typeof s.tokens === "object" && s.tokens !== null ? s.tokens : {};
  return { ...(s as StoredState), tokens };
}
