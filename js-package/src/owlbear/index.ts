/**
 * `turnkeeper/owlbear`: keep an {@link Encounter} (and optionally a {@link Journey}) in sync for
 * everyone in an Owlbear Rodeo room, over the room's own channels, believing only the GM.
 *
 * - One GM's client leads: it executes commands with `executeForPlayers`, keeps the whole state
 *   (hidden participants, dice) to itself, stores the *players' view* in room metadata under
 *   `<namespace>/turnkeeper` and broadcasts each command's *players' batch* on
 *   `<namespace>/batch`, with the SHA-256 of what it stored.
 * - Everything a connection broadcasts or stores in the room is readable by every connection,
 *   so nothing GM-only goes there: a co-GM's client follows with the players' view too.
 * - Senders are identified by what Owlbear guarantees: the broadcast's `connectionId` and the
 *   party's roles (`OBR.party`). Followers apply only checked batches from the leading GM's
 *   connection, and load the room's metadata (which any member can write) only when it is
 *   exactly what the leader announced; the leader rewrites it when someone else changed it.
 * - Players send requests (declare, delay, end my turn) on `<namespace>/request`; the leader
 *   runs one when the sending connection's player owns the participant's token.
 * - A command whose players' view would not fit the room's 16 KB metadata (shared by every
 *   extension) is refused with `LIMIT_EXCEEDED` before it runs: the GM's state and undo history
 *   stay as they were.
 *
 * Pass the SDK's `OBR` object in (`import OBR from "@owlbear-rodeo/sdk"`): this module never
 * imports the SDK itself, so it works with or without a bundler.
 */
import { SerialRestore } from "../kits/serial.js";
import { Encounter, type EncounterCommand, type EncounterEvent, type EncounterOptions, type EncounterSnapshot, type NewParticipant } from "../index.js";
import { Journey, type JourneyCommand, type JourneyEvent, type JourneyOptions, type JourneySnapshot } from "../index.js";
import { TurnkeeperError, type ErrorCode } from "../index.js";
import { commandOf, isRequest, type DeclarationPolicy, type PlayerRequest } from "../kits/requests.js";
import { SequenceFollower, SequenceLeader, eventsOf, isBatch, jsonBytes, newEpoch, randomId, type RelayBatch, type SequencePoint } from "../kits/relay.js";
import { canonicalJson, isHead, stateHash, type Head } from "../kits/head.js";
import { defaultPrivateStore, readPrivate, savePrivate, type PrivateStore } from "../kits/private.js";
import { readStored, readTokens, refusedByHost, tooLarge, type PrivateState, type StoredState, type TokenLink } from "./stored.js";

export type { PlayerRequest, DeclarationPolicy } from "../kits/requests.js";
export { jsonBytes } from "../kits/relay.js";
export type { RelayBatch, SequencePoint } from "../kits/relay.js";
export type { Head } from "../kits/head.js";
export type { PrivateStore } from "../kits/private.js";
export type { StoredState, TokenLink } from "./stored.js";

/**
 * What the kit reads of a party member (a subset of the SDK's `Player`, declared here so that
 * these types compile without the optional SDK installed).
 */
export interface PartyMember {
  id: string;
  connectionId: string;
  role: "GM" | "PLAYER";
}

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
    getConnectionId(): Promise<string>;
  };
  party: {
    getPlayers(): Promise<PartyMember[]>;
    onChange(callback: (players: PartyMember[]) => void): () => void;
  };
  room: {
    readonly id: string;
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

/** Messages on `<namespace>/batch` (the leading GM to everyone). */
type LeaderMessage = ({ kind: "batch" } & RelayBatch) | ({ kind: "head" } & Head);

/** Messages on `<namespace>/request`. The sender is the broadcast's `connectionId`, never a field. */
type RequestMessage = { kind: "request"; id: string; request: PlayerRequest } | { kind: "hello" } | AnswerMessage;
interface AnswerMessage {
  kind: "answer";
  id: string;
  /** The connection that asked. */
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
  /** How long a player waits for the GM to answer a request or announce its state (default 5000 ms). */
  requestTimeoutMs?: number;
  /**
   * May this player (an Owlbear user id, from the party, never from the message) act for this
   * participant? Default: the player owns the participant's token (see {@link OwlbearSync.addToken}).
   */
  authorize?: (playerId: string, participant: string, sync: OwlbearSync) => boolean;
  /** What the GM adds to a player's declared activities (bonus steps, advantage…): the GM decides, never the player. */
  declaration?: DeclarationPolicy;
  /**
   * Where the leading GM keeps its whole state between sessions, on its own device (default:
   * `localStorage` when there is one). Without it, a GM who reloads resumes from the players'
   * view: hidden participants are gone.
   */
  privateStore?: PrivateStore | null;
}

/**
 * One room's encounter, kept in sync. Create it with {@link OwlbearSync.start} inside
 * `OBR.onReady`, after `await init()`.
 */
export class OwlbearSync {
  readonly role: "GM" | "PLAYER";
  readonly playerId: string;
  /** This client's connection (what the others see as the sender of its broadcasts). */
  readonly connectionId: string;
  readonly key: string;
  private readonly channel: string;
  private readonly requestChannel: string;
  private readonly privateKey: string;
  private readonly store: PrivateStore | undefined;
  private enc: Encounter;
  private jour: Journey | undefined;
  private tokenMap: Record<string, TokenLink> = {};
  private readonly follower = new SequenceFollower();
  private leader: SequenceLeader | undefined;
  /** The leading GM's connection, as a follower knows it. */
  private leaderConnection: string | undefined;
  /** What the leader announced last (a follower loads the room's state only when it matches). */
  private announced: Head | undefined;
  /** What the leader stored last, and its hash. */
  private lastGood: StoredState | undefined;
  private lastHash = "";
  private room: Record<string, unknown>;
  private members = new Map<string, PartyMember>();
  private writes: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private readonly listeners = new Set<(why: ChangeReason, events: readonly unknown[]) => void>();
  private readonly headWaiters = new Set<() => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly waiting = new Map<string, { resolve: () => void; reject: (e: unknown) => void; timer: ReturnType<typeof setTimeout> }>();
  private reannouncing = false;
  private closed = false;

  private constructor(
    private readonly obr: OwlbearApi,
    private readonly options: OwlbearSyncOptions,
    role: "GM" | "PLAYER",
    playerId: string,
    connectionId: string,
    room: Record<string, unknown>,
    party: PartyMember[],
  ) {
    if (typeof options.namespace !== "string" || options.namespace.length === 0) {
      throw new TurnkeeperError("INVALID_ARGUMENT", "options.namespace must be your extension's id, e.g. com.example.initiative");
    }
    this.role = role;
    this.playerId = playerId;
    this.connectionId = connectionId;
    this.key = `${options.namespace}/turnkeeper`;
    this.channel = `${options.namespace}/batch`;
    this.requestChannel = `${options.namespace}/request`;
    this.privateKey = `${options.namespace}/turnkeeper/${obr.room.id}`;
    this.store = options.privateStore === null ? undefined : options.privateStore ?? defaultPrivateStore();
    this.room = room;
    this.setParty(party);
    // Until the leader announces its state, a follower holds an empty encounter.
    this.enc = new Encounter(options.encounter ?? {});
    this.jour = options.journey !== undefined ? new Journey(options.journey) : undefined;
  }

  /**
   * Join the room's encounter. A GM's client leads unless another GM's client already does (then
   * it follows, like a player's); the leader resumes its own saved state when the room still
   * holds what it stored, else starts from the room's players' view or creates the encounter.
   * A follower waits (up to `requestTimeoutMs`) for a GM present in the party to announce its state.
   */
  static async start(obr: OwlbearApi, options: OwlbearSyncOptions): Promise<OwlbearSync> {
    const [role, playerId, connectionId, room, party] = await Promise.all([
      obr.player.getRole(),
      obr.player.getId(),
      obr.player.getConnectionId(),
      obr.room.getMetadata(),
      obr.party.getPlayers(),
    ]);
    const sync = new OwlbearSync(obr, options, role, playerId, connectionId, room, party);
    sync.unsubscribe.push(obr.broadcast.onMessage(sync.channel, (e) => void sync.onLeaderChannel(e.data, e.connectionId)));
    sync.unsubscribe.push(obr.broadcast.onMessage(sync.requestChannel, (e) => void sync.onRequestChannel(e.data, e.connectionId)));
    sync.unsubscribe.push(obr.room.onMetadataChange((metadata) => sync.onMetadata(metadata)));
    sync.unsubscribe.push(obr.party.onChange((players) => sync.setParty(players)));
    const gmPresent = [...sync.members.values()].some((m) => m.role === "GM");
    if (gmPresent) {
      // Someone may lead already: ask, and follow the answer.
      await sync.awaitHead(obr.broadcast.sendMessage(sync.requestChannel, { kind: "hello" } satisfies RequestMessage));
    }
    if (role === "GM" && sync.leaderConnection === undefined) {
      try {
        await sync.lead();
      } catch (e) {
        sync.close();
        throw e;
      }
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
  /** The last sequence point applied (followers) or taken (the leader). */
  get seq(): number {
    return this.leader?.point.seq ?? this.follower.point.seq;
  }
  get isGM(): boolean {
    return this.role === "GM";
  }
  /** Is this client the one that runs commands (a GM's, and no other GM's client leads)? */
  get isLeader(): boolean {
    return this.leader !== undefined;
  }
  /** Scene item id → participant link (on a follower: the tokens of participants players see). */
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

  // ---- the leader's commands ----

  /**
   * Run an encounter command on the leading GM's client, store the players' view and relay the
   * players' batch. `blind`: players see only the state it leads to. Throws `TurnkeeperError`:
   * the core's refusal (nothing changed), `NOT_ALLOWED` on any other client (use
   * {@link request}), or `LIMIT_EXCEEDED` when the players' view would not fit in the room's
   * metadata (nothing changed, the undo history included).
   */
  async run(command: EncounterCommand, options: { faces?: readonly number[]; blind?: boolean } = {}): Promise<EncounterEvent[]> {
    return this.commit("encounter", command, options) as Promise<EncounterEvent[]>;
  }

  /** {@link run} for the journey (a secret roll such as an OSE search reaches players without its result). */
  async runJourney(command: JourneyCommand, options: { faces?: readonly number[]; blind?: boolean } = {}): Promise<JourneyEvent[]> {
    if (this.jour === undefined) throw new TurnkeeperError("INVALID_ARGUMENT", "this sync keeps no journey (pass options.journey)");
    return this.commit("journey", command, options) as Promise<JourneyEvent[]>;
  }

  /**
   * Add a scene token (an Owlbear item) to the encounter. The participant is named after the
   * item; `owner` (default: the player who created the item, unless that is this GM) may send
   * requests for it; `participant` overrides anything else of the new participant (`hidden:
   * true` keeps it and its token from the players).
   */
  async addToken(item: TokenItem, extra: { owner?: string | null; participant?: Partial<NewParticipant> } = {}): Promise<EncounterEvent[]> {
    this.requireLeader();
    if (this.tokenMap[item.id] !== undefined) throw new TurnkeeperError("DUPLICATE_ID", `token ${item.id} is already in the encounter`);
    const id = this.newParticipantId();
    const owner = extra.owner === undefined ? (item.createdUserId !== this.playerId ? item.createdUserId : undefined) : extra.owner ?? undefined;
    const participant: NewParticipant = {
      name: (item.name || "Token").slice(0, 64),
      side: owner !== undefined ? "party" : "foes",
      npc: owner === undefined,
      ...extra.participant,
      id,
    } as NewParticipant;
    const link: TokenLink = owner !== undefined ? { participant: id, owner } : { participant: id };
    const tokens = { ...this.tokenMap, [item.id]: link };
    return this.commit("encounter", { type: "addParticipant", participant }, {}, tokens) as Promise<EncounterEvent[]>;
  }

  /** Remove a token's participant (its effects end with it). */
  async removeToken(item: string): Promise<EncounterEvent[]> {
    this.requireLeader();
    const link = this.tokenMap[item];
    if (link === undefined) throw new TurnkeeperError("UNKNOWN_ID", `token ${item} is not in the encounter`);
    const tokens = { ...this.tokenMap };
    delete tokens[item];
    return this.commit("encounter", { type: "removeParticipant", participant: link.participant }, {}, tokens) as Promise<EncounterEvent[]>;
  }

  /** Give a token's participant to a player (or to nobody with `undefined`). */
  async setOwner(item: string, owner: string | undefined): Promise<void> {
    this.requireLeader();
    const link = this.tokenMap[item];
    if (link === undefined) throw new TurnkeeperError("UNKNOWN_ID", `token ${item} is not in the encounter`);
    const tokens = { ...this.tokenMap, [item]: owner !== undefined ? { participant: link.participant, owner } : { participant: link.participant } };
    await this.commit("encounter", undefined, {}, tokens);
  }

  /**
   * Start a fresh encounter (tokens dropped) — e.g. to change ruleset. Leader only; the room's
   * snapshot is replaced, every follower restores.
   */
  async reset(options: EncounterOptions = this.options.encounter ?? {}): Promise<void> {
    this.requireLeader();
    const fresh = new Encounter(options);
    const point = this.leader!.peek();
    const state = this.roomState(point, fresh, this.jour, {});
    this.checkSize(state, () => fresh.free());
    this.enc.free();
    this.enc = fresh;
    this.tokenMap = {};
    this.leader!.take();
    this.emit("command");
    await this.queue(state, { seq: point.seq, epoch: point.epoch, stream: "encounter" });
  }

  // ---- requests (players; the leader runs them directly) ----

  /**
   * Ask the GM to declare (activities only: the GM adds any modifiers), delay, resume or end a
   * turn for one of your participants. Resolves once the GM ran it (its events then arrive like
   * any others); rejects with the GM's `TurnkeeperError` (its `code`), `NOT_ALLOWED` if you do
   * not own the participant, or `TIMEOUT` when no GM answered.
   */
  async request(request: PlayerRequest): Promise<void> {
    if (this.leader !== undefined) {
      await this.run(commandOf(request, this.enc, this.options.declaration));
      return;
    }
    if (!isRequest(request)) throw new TurnkeeperError("INVALID_ARGUMENT", "a request is { type: declare, participant, activities } or delay, resume, endTurn with a participant");
    const id = newEpoch();
    const answered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new TurnkeeperError("TIMEOUT", "no GM answered the request (is the GM's extension open?)"));
      }, this.options.requestTimeoutMs ?? 5000);
      this.waiting.set(id, { resolve, reject, timer });
    });
    await this.obr.broadcast.sendMessage(this.requestChannel, { kind: "request", id, request } satisfies RequestMessage);
    return answered;
  }

  /** Restore from the room's stored snapshot now, if it is what the leader announced (else ask the leader). */
  async resync(): Promise<void> {
    if (this.leader !== undefined) return;
    if (this.announced === undefined) {
      await this.awaitHead(this.obr.broadcast.sendMessage(this.requestChannel, { kind: "hello" } satisfies RequestMessage));
      return;
    }
    await this.heal(true);
  }

  /** Stop listening to the room. */
  close(): void {
    this.closed = true;
    for (const u of this.unsubscribe.splice(0)) u();
    for (const [, w] of this.waiting) clearTimeout(w.timer);
    this.waiting.clear();
    for (const w of this.headWaiters) w();
  }

  // ---- internals: leading ----

  private requireLeader(): void {
    if (this.leader !== undefined) return;
    if (this.role === "GM") {
      throw new TurnkeeperError("NOT_ALLOWED", "another GM's client leads this room: this one follows (it runs commands again once it leads)");
    }
    throw new TurnkeeperError("NOT_ALLOWED", "only the GM's client runs commands; players send requests (sync.request)");
  }

  /**
   * Become the leader, from this device's saved whole state, or else from a new encounter. The
   * room's metadata is never taken as the GM's state: any member may have written it (a player
   * who wrote a whole encounter there would choose its seed and its tokens' owners), no GM
   * announced it in this session, and it holds only the players' view, which refuses commands.
   */
  private async lead(): Promise<void> {
    const stored = readStored(this.room[this.key]);
    const saved = this.readPrivate();
    if (saved !== undefined) {
      if (stored !== undefined && saved.hash !== (await stateHash(stored))) {
        console.warn("turnkeeper/owlbear: the room's stored state is not what this device stored last (another GM's device led since, or a member wrote it); resuming from this device's copy");
      }
      this.load(Encounter.fromJSON(saved.encounter), saved.journey !== undefined ? Journey.fromJSON(saved.journey) : undefined, saved.tokens);
    } else if (stored !== undefined) {
      console.warn("turnkeeper/owlbear: this GM client has no saved state, so it starts a new encounter: the room's stored state is only the players' view, and any member may have written it (to carry the GM's state between devices, give privateStore a store they share)");
    }
    if (this.jour === undefined && this.options.journey !== undefined) this.jour = new Journey(this.options.journey);
    // A new epoch per GM session: every follower restores from its first announcement, so the
    // room-level sequence may go on from this device's own count (never from the room's, which
    // anyone could have set near the largest safe integer).
    const leader = new SequenceLeader({ seq: saved?.seq ?? 0, epoch: newEpoch() });
    const state = this.roomState(leader.point);
    this.checkSize(state);
    this.leader = leader;
    this.leaderConnection = this.connectionId;
    await this.queue(state, undefined);
  }

  /** Stop leading: another GM's client (with a smaller connection id) leads too. */
  private stepDown(): void {
    console.warn("turnkeeper/owlbear: another GM's client leads this room; this one follows it");
    this.leader = undefined;
    this.follower.point = { seq: 0, epoch: "" };
    this.announced = undefined;
  }

  private load(enc: Encounter, jour: Journey | undefined, tokens: Record<string, TokenLink>): void {
    this.enc.free();
    this.jour?.free();
    this.enc = enc;
    this.jour = jour;
    this.tokenMap = { ...tokens };
  }

  /** A participant id no one holds (random, so ids tell nothing of how many are hidden). */
  private newParticipantId(): string {
    const taken = new Set(this.enc.participants().map((p) => p.id));
    for (const l of Object.values(this.tokenMap)) taken.add(l.participant);
    for (;;) {
      const id = randomId("t");
      if (!taken.has(id)) return id;
    }
  }

  /**
   * The tokens of the participants in the players' view `view` of `enc`. The core decides who
   * is in it: not a hidden participant, nor one a hidden participant controls. With nobody
   * hidden, that is everyone, and the view need not be loaded to ask.
   */
  private visibleTokens(enc: Encounter, view: string, tokens: Record<string, TokenLink>): Record<string, TokenLink> {
    const ids = new Set(this.viewParticipants(enc, view).map((p) => p.id));
    const out: Record<string, TokenLink> = {};
    for (const [item, link] of Object.entries(tokens)) {
      if (ids.has(link.participant)) out[item] = link;
    }
    return out;
  }

  /** The participants of `view`, the players' view of `enc`. */
  private viewParticipants(enc: Encounter, view: string): { id: string }[] {
    const all = enc.participants();
    if (!all.some((p) => (p as { hidden?: boolean }).hidden === true)) return all;
    const seen = Encounter.fromJSON(view);
    try {
      return seen.participants();
    } finally {
      seen.free();
    }
  }

  /** What the room stores: the players' views and their tokens. */
  private roomState(point: SequencePoint, enc = this.enc, jour = this.jour, tokens = this.tokenMap): StoredState {
    const view = enc.playerView();
    const state: StoredState = { v: 2, seq: point.seq, epoch: point.epoch, encounter: JSON.parse(view) as EncounterSnapshot, tokens: this.visibleTokens(enc, view, tokens) };
    if (jour !== undefined) state.journey = JSON.parse(jour.playerView()) as JourneySnapshot;
    return state;
  }

  /** Throw `LIMIT_EXCEEDED` (after `undo`) when `state` would not fit in the room's metadata. */
  private checkSize(state: StoredState, undo?: () => void): void {
    const bytes = this.metadataBytes(state);
    const limit = this.options.metadataLimit ?? ROOM_METADATA_LIMIT;
    if (bytes <= limit) return;
    undo?.();
    throw tooLarge(bytes, limit, this.lastGood, this.othersUsage());
  }

  /** Other keys in the room's metadata, largest first (another extension's, or a member's). */
  private othersUsage(): [string, number][] {
    return Object.entries(this.room)
      .filter(([k]) => k !== this.key)
      .map(([k, v]): [string, number] => [k, jsonBytes({ [k]: v }) - 2])
      .sort((a, b) => b[1] - a[1]);
  }

  /**
   * Run a command on the encounter or the journey (or only change the tokens), store the
   * players' view and relay the players' batch. The command first runs on a copy to measure the
   * players' view: too large, it is refused before the GM's state (and its undo history) is
   * touched.
   */
  private async commit(stream: "encounter" | "journey", command: unknown, options: { faces?: readonly number[]; blind?: boolean }, tokens?: Record<string, TokenLink>): Promise<unknown[]> {
    this.requireLeader();
    const target: Encounter | Journey = stream === "journey" ? this.jour! : this.enc;
    const point = this.leader!.peek();
    const nextTokens = tokens ?? this.tokenMap;
    if (command !== undefined && !HISTORY_COMMANDS.has((command as { type?: unknown }).type)) {
      const copy = stream === "journey" ? Journey.fromJSON((target as Journey).toJSON()) : Encounter.fromJSON((target as Encounter).toJSON());
      try {
        (copy as Encounter).executeForPlayers(command as EncounterCommand, options); // a refusal throws here, nothing changed
        const trial = stream === "journey" ? this.roomState(point, this.enc, copy as Journey, nextTokens) : this.roomState(point, copy as Encounter, this.jour, nextTokens);
        this.checkSize(trial, () => this.emit("refused"));
      } finally {
        copy.free();
      }
    } else if (command === undefined) {
      this.checkSize(this.roomState(point, this.enc, this.jour, nextTokens), () => this.emit("refused"));
    }
    let players: string | undefined;
    let events: unknown[] = [];
    if (command !== undefined) {
      const out = (target as Encounter).executeForPlayers(command as EncounterCommand, options);
      players = JSON.stringify(out.players);
      events = out.gm.events;
    }
    const state = this.roomState(point, this.enc, this.jour, nextTokens);
    const bytes = this.metadataBytes(state);
    const limit = this.options.metadataLimit ?? ROOM_METADATA_LIMIT;
    if (bytes > limit) {
      // Crypto dice rolled other numbers than on the copy, and the view grew past the limit:
      // take the command back with the core's undo (the earlier history stays). Followers never
      // saw it; they restore from the next stored state.
      try {
        target.execute({ type: "undo", commands: 1 } as never);
      } catch (e) {
        console.error("turnkeeper/owlbear: the oversized command could not be taken back", e);
      }
      const back = this.roomState(this.leader!.take(), this.enc, this.jour, this.tokenMap);
      this.emit("refused");
      void this.queue(back, { seq: back.seq, epoch: back.epoch, stream });
      throw tooLarge(bytes, limit, this.lastGood, this.othersUsage());
    }
    this.leader!.take();
    this.tokenMap = nextTokens;
    const batch: RelayBatch = { seq: point.seq, epoch: point.epoch, stream };
    if (players !== undefined) batch.batch = players;
    if (tokens !== undefined) batch.attach = state.tokens;
    if (this.listeners.size > 0) this.emit("command", events);
    await this.queue(state, batch);
    return events;
  }

  /**
   * Store the players' view, save the whole state on this device, and announce both with the
   * batch, in command order. The metadata goes first, so a follower that must restore finds what
   * the batch announces (or gets it in the next change event).
   */
  private queue(state: StoredState, batch: RelayBatch | undefined): Promise<void> {
    this.lastGood = state;
    this.inFlight++;
    const whole = this.wholeState(state);
    const write = this.writes.then(async () => {
      try {
        const hash = await stateHash(state);
        this.lastHash = hash;
        this.savePrivate(whole, hash);
        this.room = { ...this.room, [this.key]: state };
        await this.obr.room.setMetadata({ [this.key]: state });
        const message: LeaderMessage = batch !== undefined ? { kind: "batch", ...batch, hash } : { kind: "head", seq: state.seq, epoch: state.epoch, hash };
        if (message.kind === "batch" && jsonBytes(message) > BROADCAST_LIMIT - 256) {
          // Too large to broadcast: followers restore from the stored state instead.
          delete message.batch;
          delete message.attach;
        }
        await this.obr.broadcast.sendMessage(this.channel, message);
      } finally {
        this.inFlight--;
        this.putBackStored();
      }
    });
    this.writes = write.catch(() => undefined);
    return write.catch((e: unknown) => {
      throw e instanceof TurnkeeperError ? e : refusedByHost(e, this.othersUsage());
    });
  }

  /** The whole state now (taken synchronously, before later commands change it). */
  private wholeState(state: StoredState): Omit<PrivateState, "hash"> {
    const whole: Omit<PrivateState, "hash"> = { v: 2, seq: state.seq, epoch: state.epoch, encounter: this.enc.toJSON(), tokens: { ...this.tokenMap } };
    if (this.jour !== undefined) whole.journey = this.jour.toJSON();
    return whole;
  }

  private savePrivate(whole: Omit<PrivateState, "hash">, hash: string): void {
    savePrivate(this.store, this.privateKey, { ...whole, hash }, "owlbear");
  }

  private readPrivate(): PrivateState | undefined {
    const s = readPrivate(this.store, this.privateKey) as Partial<PrivateState> | undefined;
    if (typeof s !== "object" || s === null || s.v !== 2 || !Number.isSafeInteger(s.seq) || typeof s.hash !== "string" || typeof s.encounter !== "object" || s.encounter === null) return undefined;
    return { ...(s as PrivateState), tokens: readTokens(s.tokens) };
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

  // ---- internals: who is who ----

  private setParty(players: readonly PartyMember[]): void {
    this.members = new Map(players.filter((p) => p.connectionId !== this.connectionId).map((p) => [p.connectionId, { id: p.id, connectionId: p.connectionId, role: p.role }]));
    // The leader left: the next GM client to announce itself leads.
    if (this.leader === undefined && this.leaderConnection !== undefined && !this.members.has(this.leaderConnection)) this.leaderConnection = undefined;
  }

  /** The party member behind a connection (asking the party again if it is new to this client). */
  private async member(connectionId: string): Promise<PartyMember | undefined> {
    const known = this.members.get(connectionId);
    if (known !== undefined) return known;
    this.setParty(await this.obr.party.getPlayers());
    return this.members.get(connectionId);
  }

  /** Wait for a leader's head (or the timeout) after `sent`. */
  private async awaitHead(sent: Promise<void>): Promise<void> {
    await sent;
    const a = this.announced;
    if (a !== undefined && a.epoch === this.follower.point.epoch && a.seq === this.follower.point.seq) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.headWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.requestTimeoutMs ?? 5000);
      this.headWaiters.add(done);
    });
    if (this.restorer.pending !== undefined) await this.restorer.pending;
  }

  // ---- internals: following ----

  /** A message on the leader's channel: believed only from the leading GM's connection. */
  private async onLeaderChannel(data: unknown, sender: string): Promise<void> {
    if (this.closed || typeof data !== "object" || data === null) return;
    const m = data as { kind?: unknown };
    if (m.kind !== "batch" && m.kind !== "head") return;
    const from = this.members.get(sender) ?? (await this.member(sender));
    if (from === undefined || from.role !== "GM") return; // a player's broadcast: never believed
    if (this.leader !== undefined) {
      // Two GM clients lead: the smaller connection id keeps leading, the other follows.
      if (sender < this.connectionId) this.stepDown();
      else {
        await this.reannounce();
        return;
      }
    }
    if (this.leaderConnection !== undefined && this.leaderConnection !== sender) {
      const current = this.members.get(this.leaderConnection);
      if (current !== undefined && current.role === "GM" && this.leaderConnection < sender) return;
    }
    this.leaderConnection = sender;
    if (m.kind === "head") {
      if (!isHead(data)) return;
      this.announce({ seq: data.seq, epoch: data.epoch, hash: data.hash });
      if (data.epoch !== this.follower.point.epoch || data.seq !== this.follower.point.seq) await this.heal(false);
      else for (const w of [...this.headWaiters]) w();
      return;
    }
    const batch = { ...(data as RelayBatch) };
    delete (batch as { kind?: unknown }).kind;
    if (!isBatch(batch) || batch.hash === undefined) return;
    this.announce({ seq: batch.seq, epoch: batch.epoch, hash: batch.hash });
    const verdict = this.follower.verdict(batch);
    if (verdict === "stale") return;
    if (verdict === "gap") {
      this.follower.hold(batch);
      await this.heal(false);
      return;
    }
    if (!this.applyBatch(batch)) return;
    for (const next of this.follower.ready()) if (!this.applyBatch(next)) return;
  }

  private announce(head: Head): void {
    if (this.announced === undefined || head.epoch !== this.announced.epoch || head.seq >= this.announced.seq) this.announced = head;
  }

  /**
   * Announce our head again (to a client that joined, or another GM client that leads too).
   * Requests that arrive while one is on its way share it, so a flood of `hello`s costs one
   * broadcast per write at most.
   */
  private async reannounce(): Promise<void> {
    if (this.lastGood === undefined || this.lastHash === "" || this.reannouncing) return;
    this.reannouncing = true;
    try {
      await this.writes;
      const good = this.lastGood;
      const head: LeaderMessage = { kind: "head", seq: good.seq, epoch: good.epoch, hash: this.lastHash };
      await this.obr.broadcast.sendMessage(this.channel, head);
    } finally {
      this.reannouncing = false;
    }
  }

  /** Apply one checked batch from the leader; on refusal heal from the room's announced state. */
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
      if (batch.attach !== undefined) this.tokenMap = readTokens(batch.attach);
      this.follower.advance(batch);
      if (this.announced !== undefined && this.announced.epoch === batch.epoch && this.announced.seq === batch.seq) for (const w of [...this.headWaiters]) w();
      if (this.listeners.size > 0) this.emit("events", eventsOf(batch.batch));
      return true;
    } catch (e) {
      console.warn(`turnkeeper/owlbear: batch ${batch.seq} refused (${e instanceof Error ? e.message : String(e)}); restoring from the room's snapshot`);
      this.follower.hold(batch);
      void this.heal(true);
      return false;
    }
  }

  /** Restore from the room's metadata (once at a time), if it is what the leader announced. */
  private readonly restorer = new SerialRestore(
    async (force) => {
      const metadata = await this.obr.room.getMetadata();
      this.room = metadata;
      await this.restoreFrom(metadata, force);
    },
    () => this.closed,
  );

  private heal(force: boolean): Promise<void> {
    return this.restorer.run(force);
  }

  private onMetadata(metadata: Record<string, unknown>): void {
    if (this.closed) return;
    this.room = metadata;
    if (this.leader !== undefined) {
      this.putBackStored();
      return;
    }
    void this.restoreFrom(metadata, false);
  }

  /**
   * As the leader, put back what we stored when the room holds something else under our key (a
   * member's forgery, or a stale GM client). Our own writes in flight are not judged; the last
   * one to finish looks again, so a forgery that landed while they were in flight is put back
   * too, not left for late joiners until the next command.
   */
  private putBackStored(): void {
    if (this.leader === undefined || this.inFlight > 0 || this.lastGood === undefined) return;
    if (canonicalJson(this.room[this.key]) === canonicalJson(this.lastGood)) return;
    const good = this.lastGood;
    const write = this.writes.then(() => this.obr.room.setMetadata({ [this.key]: good }));
    this.writes = write.catch(() => undefined);
  }

  /** Load the room's state when it is exactly the leader's announced one (and newer, unless `force`). */
  private async restoreFrom(metadata: Record<string, unknown>, force: boolean): Promise<void> {
    const head = this.announced;
    if (head === undefined || this.leader !== undefined) return;
    const stored = readStored(metadata[this.key]);
    if (stored === undefined || stored.epoch !== head.epoch || stored.seq !== head.seq) return; // not (yet) what the GM stored
    if (!force && !this.follower.shouldRestore(stored)) return;
    // The hash was announced by the leader's connection: this is the state it stored (a newer
    // announcement since then is reached through the batches held, or the next restore).
    if ((await stateHash(stored)) !== head.hash || this.leader !== undefined) return;
    if (this.follower.point.epoch === stored.epoch && this.follower.point.seq >= stored.seq && !force) return;
    let enc: Encounter;
    let jour: Journey | undefined;
    try {
      enc = Encounter.fromJSON(stored.encounter);
      jour = stored.journey !== undefined ? Journey.fromJSON(stored.journey) : undefined;
    } catch (e) {
      console.error("turnkeeper/owlbear: the room's snapshot could not be loaded", e);
      return;
    }
    this.load(enc, jour, readTokens(stored.tokens));
    this.follower.restored(stored);
    for (const next of this.follower.ready()) if (!this.applyBatch(next)) break;
    this.emit("restored");
    for (const w of [...this.headWaiters]) w();
  }

  // ---- internals: requests ----

  /** A request, hello or answer arrived; `sender` is the connection Owlbear says sent it. */
  private async onRequestChannel(data: unknown, sender: string): Promise<void> {
    if (this.closed || typeof data !== "object" || data === null) return;
    const m = data as Partial<Record<string, unknown>>;
    if (m.kind === "answer") {
      if (m.to !== this.connectionId || typeof m.id !== "string") return;
      const from = await this.member(sender);
      if (from === undefined || from.role !== "GM") return; // a player's fake answer
      const w = this.waiting.get(m.id);
      if (w === undefined) return;
      this.waiting.delete(m.id);
      clearTimeout(w.timer);
      if (m.ok === true) w.resolve();
      else w.reject(new TurnkeeperError(String(m.code ?? "NOT_ALLOWED") as ErrorCode /* the GM's own TurnkeeperError code */, String(m.message ?? "the GM refused the request")));
      return;
    }
    if (this.leader === undefined) return;
    if (m.kind === "hello") {
      await this.reannounce();
      return;
    }
    if (m.kind !== "request" || typeof m.id !== "string") return;
    const answer: AnswerMessage = { kind: "answer", id: m.id, to: sender, ok: true };
    try {
      const from = await this.member(sender);
      if (from === undefined) throw new TurnkeeperError("NOT_ALLOWED", `connection ${sender} is not in the party`);
      if (!isRequest(m.request)) throw new TurnkeeperError("INVALID_ARGUMENT", "a request is { type: declare, participant, activities } or delay, resume, endTurn with a participant");
      const request = m.request;
      const allowed = this.options.authorize ?? defaultAuthorize;
      // A co-GM (a GM's connection that does not lead) may ask for any participant.
      if (from.role !== "GM" && !allowed(from.id, request.participant, this)) {
        throw new TurnkeeperError("NOT_ALLOWED", `player ${from.id} does not control ${request.participant}`);
      }
      await this.run(commandOf(request, this.enc, this.options.declaration));
    } catch (e) {
      answer.ok = false;
      answer.code = e instanceof TurnkeeperError ? e.code : "INVALID_ARGUMENT";
      answer.message = e instanceof Error ? e.message : String(e);
    }
    await this.obr.broadcast.sendMessage(this.requestChannel, answer satisfies RequestMessage);
  }
}

/**
 * Commands that go back through this client's own history: a copy loaded from a snapshot has
 * none, so they are not tried on a copy first (they lead to an earlier, rarely larger, state).
 */
const HISTORY_COMMANDS = new Set<unknown>(["undo", "previousTurn", "previousRound"]);

function defaultAuthorize(playerId: string, participant: string, sync: OwlbearSync): boolean {
  return Object.values(sync.tokens()).some((l) => l.participant === participant && l.owner === playerId);
}
