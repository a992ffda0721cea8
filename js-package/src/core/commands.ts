/**
 * The command/event plumbing shared by the event-sourced facades (`Encounter`, `Journey`):
 * commands go to the wasm handle as JSON text, events come back as JSON text, and supplied
 * faces run a command on a one-off dice box.
 */
import { DiceBox, type NeededDie } from "../wasm/turnkeeper.js";
import { facesArray } from "./dice-args.js";
import { guard } from "./errors.js";

export { MAX_JSON_CHARS, checkText, toText, fromText, checkString, checkNumber } from "./text.js";
import { checkText, readField, toText } from "./text.js";

/** The `faces` of per-command options, read safely. */
function facesOf(options: CommandOptions | undefined): readonly number[] | undefined {
  return readField(options, "faces") as readonly number[] | undefined;
}

/** What every event-sourced wasm handle offers. */
export interface CommandHandle {
  execute(command: string, batch: boolean): string;
  executeWith(command: string, dice: DiceBox, batch: boolean): string;
  executeForPlayers(command: string, dice: DiceBox | undefined, blind: boolean): string;
  playerView(): string;
  diceNeeded(command: string): string;
  applyEvents(events: string): void;
  describe(event: string, messages?: string): string;
  seq(): number;
  digest(): string;
}

/** Options of `describe`. */
export interface DescribeOptions {
  /** Templates by message key, over the English ones (see `turnkeeper/messages/en.json`). */
  messages?: Readonly<Record<string, string>>;
}

/** Per-command options. */
export interface CommandOptions {
  /** Faces read off physical dice for the dice this command rolls, in roll order. */
  faces?: readonly number[];
}

/**
 * One command's events as they travel from the client that ran it (the leader, usually the
 * GM's) to the others: numbered, with the digest of the state they lead to, so a follower that
 * missed one, or drifted, finds out (`OUT_OF_SYNC`) instead of going on wrong.
 */
export interface Batch<E> {
  /** 1 for the first command the leader ran, one more for each command after. */
  seq: number;
  /** The digest of the leader's state after these events (16 hex digits, dice included). */
  digest: string;
  /** The leader's seeded-dice position after the command (absent for crypto dice). */
  dice?: number;
  events: E[];
}

/**
 * Run `command` on `handle` (with physical-dice `faces` when given): its events as JSON text,
 * or the batch around them with `batch`.
 */
export function runCommand(handle: CommandHandle, command: unknown, faces: readonly number[] | undefined, batch: boolean): string {
  const text = toText(command);
  if (faces === undefined) return guard(() => handle.execute(text, batch));
  const box = guard(() => DiceBox.supplied(facesArray(faces) as Uint32Array));
  try {
    return guard(() => handle.executeWith(text, box, batch));
  } finally {
    box.free();
  }
}

/**
 * The part `Encounter` and `Journey` share: commands in, events out (to the caller and to
 * `onEvents` listeners), batches from the leader applied without rolling and checked, a log
 * line per event.
 */
export abstract class EventSourced<C, E, H extends CommandHandle> {
  /** @internal */
  readonly handle: H;
  private readonly listeners = new Set<(events: E[], batch: Batch<E>) => void>();

  protected constructor(handle: H) {
    this.handle = handle;
  }

  /** A restored instance (for `fromJSON`): `prototype`'s class around `handle`, no constructor run. */
  protected static restored<T>(prototype: object, handle: CommandHandle): T {
    const restored = Object.create(prototype) as T;
    Object.defineProperty(restored, "handle", { value: handle });
    Object.defineProperty(restored, "listeners", { value: new Set() });
    return restored;
  }

  /**
   * Run `command` on the handle: its events as JSON text, or the batch around them with
   * `batch` (a subclass may use a faster entry).
   */
  protected run(command: C, faces: readonly number[] | undefined, batch: boolean): string {
    return runCommand(this.handle, command, faces, batch);
  }

  /**
   * Run any command. On success returns the events it caused (and tells `onEvents`
   * listeners); on failure throws `TurnkeeperError` and changes nothing, the dice included.
   */
  execute(command: C, options: CommandOptions = {}): E[] {
    if (this.listeners.size === 0) return JSON.parse(this.run(command, facesOf(options), false)) as E[];
    return this.notify(JSON.parse(this.run(command, facesOf(options), true)) as Batch<E>).events;
  }

  /**
   * The dice `command` will ask for, in the order it takes supplied faces, each with `for`: the
   * type of the event that records it (`"wanderingChecked"`, `"initiativeRolled"`…). Prompt for
   * these physical dice, then run the command with `{ faces }`; faces left over are
   * `INVALID_ARGUMENT`. A tie or a reroll can ask for more than listed. Nothing changes.
   */
  diceNeeded(command: C): NeededDie[] {
    return JSON.parse(guard(() => this.handle.diceNeeded(toText(command)))) as NeededDie[];
  }

  /**
   * {@link execute}, returning the events as JSON text instead of objects. Nothing is parsed
   * unless `onEvents` listeners are registered. Use it for bulk commands in big battles, where
   * the events outweigh the work (a 500-combatant Greyhawk round's events are about 165 KB of
   * JSON, and building them as objects costs more than running the round). To relay to other
   * clients, prefer {@link executeBatchJson}: followers can then check what they receive.
   */
  executeJson(command: C, options: CommandOptions = {}): string {
    if (this.listeners.size === 0) return this.run(command, facesOf(options), false);
    const batch = this.notify(JSON.parse(this.run(command, facesOf(options), true)) as Batch<E>);
    return JSON.stringify(batch.events);
  }

  /**
   * Run a command and return its {@link Batch}: what a leader sends its followers, who pass
   * it to {@link applyEvents}. Listeners are told too.
   */
  executeBatch(command: C, options: CommandOptions = {}): Batch<E> {
    return this.notify(JSON.parse(this.run(command, facesOf(options), true)) as Batch<E>);
  }

  /** {@link executeBatch} as the JSON text to send (parsed only if listeners are registered). */
  executeBatchJson(command: C, options: CommandOptions = {}): string {
    const json = this.run(command, facesOf(options), true);
    if (this.listeners.size > 0) this.notify(JSON.parse(json) as Batch<E>);
    return json;
  }

  /**
   * Run a command at a table with players. `gm` is the usual batch (for co-GMs, and what
   * listeners are told); `players` is what player clients apply: hidden participants and what
   * names them left out, and no dice. With `blind`, or for a roll made in secret (an OSE
   * search), players get only the state the command leads to. A player client starts from
   * {@link playerView} and stays in step by digest like any follower.
   */
  executeForPlayers(command: C, options: CommandOptions & { blind?: boolean } = {}): { gm: Batch<E>; players: Batch<E> } {
    const faces = facesOf(options);
    const blind = readField(options, "blind") === true;
    const text = toText(command);
    // The box is handed over to the module, which frees it.
    const box = faces === undefined ? undefined : guard(() => DiceBox.supplied(facesArray(faces) as Uint32Array));
    const out = JSON.parse(guard(() => this.handle.executeForPlayers(text, box, blind))) as { gm: Batch<E>; players: Batch<E> };
    this.notify(out.gm);
    return out;
  }

  /**
   * The snapshot a player client starts from (`fromJSON` loads it): no hidden participants, no
   * dice. The copy it gives is a player's copy: it applies the GM's `players` batches (checked
   * by sequence and digest; bare event arrays are refused) and refuses every command with a
   * `TurnkeeperError` of code `NOT_ALLOWED`, whatever dice it is given.
   */
  playerView(): string {
    return guard(() => this.handle.playerView());
  }

  /** Tell the listeners about a local command's batch, and hand it back. */
  protected notify(batch: Batch<E>): Batch<E> {
    for (const l of this.listeners) l(batch.events, batch);
    return batch;
  }

  /**
   * Apply what another client's command caused, all or nothing, without rolling. Listeners
   * are not told.
   *
   * - A {@link Batch} (object or JSON text) is checked: it must be the next in sequence
   *   ({@link seq} + 1) and lead to the leader's digest; otherwise `OUT_OF_SYNC` is thrown and
   *   nothing changes, and the follower should load the leader's snapshot (`fromJSON`) and
   *   go on from there. The leader's dice position comes with it, so both snapshots are
   *   byte-identical.
   * - A bare event array (objects or JSON text) is applied unchecked, as before batches.
   *
   * Either way, events that would lead to a state a snapshot could not restore are refused
   * (`SNAPSHOT_INVALID`).
   */
  applyEvents(events: readonly E[] | Batch<E> | string): void {
    const text = typeof events === "string" ? checkText(events) : toText(events);
    guard(() => this.handle.applyEvents(text));
  }

  /**
   * Be told of each local command's events and its {@link Batch} (to broadcast it). Returns
   * an unsubscribe. While any listener is registered, every command also computes its batch's
   * digest (a few microseconds for a small encounter, about 20 µs for 500 combatants).
   */
  onEvents(listener: (events: E[], batch: Batch<E>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Batches made or applied so far: the next batch this copy accepts is `seq + 1`. */
  get seq(): number {
    return guard(() => this.handle.seq());
  }

  /** The digest of the state now (16 hex digits, dice included), as a batch carries it. */
  digest(): string {
    return guard(() => this.handle.digest());
  }

  /**
   * A readable line for an event, for a chat or session log: in English, or from `messages`
   * (`{ key: template }` with `{name}` placeholders, as Foundry's `languages/*.json`; keys left
   * out stay English, unknown keys are `INVALID_DATA`). The English catalogue to translate from
   * is `turnkeeper/messages/en.json`.
   */
  describe(event: E, options: DescribeOptions = {}): string {
    const messages = readField(options, "messages");
    return guard(() => this.handle.describe(toText(event), messages === undefined ? undefined : toText(messages)));
  }
}
