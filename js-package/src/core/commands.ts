/**
 * The command/event plumbing shared by the event-sourced facades (`Encounter`, `Journey`):
 * commands go to the wasm handle as JSON text, events come back as JSON text, and supplied
 * faces run a command on a one-off dice box.
 */
import { DiceBox } from "../wasm/turnkeeper.js";
import { facesArray } from "./dice.js";
import { guard, TurnkeeperError } from "./errors.js";

/**
 * The most JSON text (UTF-16 units) sent into the core in one call. The core allows 8 MiB of
 * UTF-8 (`MAX_JSON_BYTES` in crate/src/wasm/mod.rs); checking here first means a runaway input is
 * refused before it is copied into the module's memory.
 */
export const MAX_JSON_CHARS = 8 * 1024 * 1024;

/** `text` if it is within {@link MAX_JSON_CHARS}; a `LIMIT_EXCEEDED` error otherwise. */
export function checkText(text: string): string {
  if (text.length > MAX_JSON_CHARS) {
    throw new TurnkeeperError("LIMIT_EXCEEDED", `at most ${MAX_JSON_CHARS} characters of JSON in one call, not ${text.length}`);
  }
  return text;
}

/**
 * `value` as JSON text for the core, within {@link MAX_JSON_CHARS}. Only text crosses into the
 * wasm, so nothing the core reads can run JavaScript: whatever throws while the value is read
 * (a throwing getter or `toJSON`, a revoked Proxy, a cycle, a bigint) throws here, as
 * `INVALID_ARGUMENT`, before the module is entered.
 */
export function toText(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new TurnkeeperError("INVALID_ARGUMENT", `the argument cannot be read as JSON: ${describeThrown(e)}`);
  }
  return checkText(text ?? "null");
}

function describeThrown(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return "it threw while being read";
  }
}

/**
 * JSON text from the core as a value. Absent options arrive as `null` in JSON; they become
 * absent properties (`undefined`), as the typed interfaces declare them.
 */
export function fromText<T>(text: string): T {
  return JSON.parse(text, dropNull) as T;
}

function dropNull(_key: string, value: unknown): unknown {
  return value === null ? undefined : value;
}

/** `value` if it is a string, else `INVALID_ARGUMENT` naming `what`. */
export function checkString(value: unknown, what: string): string {
  if (typeof value !== "string") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be a string, not ${typeOf(value)}`);
  }
  return checkText(value);
}

/** `value` if it is a finite number, else `INVALID_ARGUMENT` naming `what`. */
export function checkNumber(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be a finite number, not ${typeOf(value)}`);
  }
  return value;
}

/** A value's kind for error messages, without calling into it. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  try {
    if (Array.isArray(value)) return "an array";
  } catch {
    // A revoked Proxy throws even here.
  }
  return typeof value;
}

/** What every event-sourced wasm handle offers. */
export interface CommandHandle {
  execute(command: string): string;
  executeWith(command: string, dice: DiceBox): string;
  applyEvents(events: string): void;
  describe(event: string): string;
}

/** Per-command options. */
export interface CommandOptions {
  /** Faces read off physical dice for the dice this command rolls, in roll order. */
  faces?: readonly number[];
}

/** Run `command` on `handle` (with physical-dice `faces` when given): its events as JSON text. */
export function runCommand(handle: CommandHandle, command: unknown, faces?: readonly number[]): string {
  const text = toText(command);
  if (faces === undefined) return guard(() => handle.execute(text));
  const box = DiceBox.supplied(facesArray(faces) as Uint32Array);
  try {
    return guard(() => handle.executeWith(text, box));
  } finally {
    box.free();
  }
}

/**
 * The part `Encounter` and `Journey` share: commands in, events out (to the caller and to
 * `onEvents` listeners), events from other clients applied without rolling, a log line per event.
 */
export abstract class EventSourced<C, E, H extends CommandHandle> {
  /** @internal */
  readonly handle: H;
  private readonly listeners = new Set<(events: E[]) => void>();

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

  /** Run `command` on the handle: its events as JSON text (a subclass may use a faster entry). */
  protected run(command: C, faces?: readonly number[]): string {
    return runCommand(this.handle, command, faces);
  }

  /**
   * Run any command. On success returns the events it caused (and tells `onEvents`
   * listeners); on failure throws `TurnkeeperError` and changes nothing.
   */
  execute(command: C, options: CommandOptions = {}): E[] {
    return this.notify(JSON.parse(this.run(command, options.faces)) as E[]);
  }

  /**
   * {@link execute}, returning the events as JSON text instead of objects: the form to send to
   * other clients, who pass it straight to {@link applyEvents}. Nothing is parsed unless
   * `onEvents` listeners are registered. Use it for bulk commands in big battles, where the
   * events outweigh the work (a 500-combatant Greyhawk round's events are about 165 KB of JSON,
   * and building them as objects costs more than running the round).
   */
  executeJson(command: C, options: CommandOptions = {}): string {
    const json = this.run(command, options.faces);
    if (this.listeners.size > 0) this.notify(JSON.parse(json) as E[]);
    return json;
  }

  /** Tell the listeners about `events` a local command caused, and hand them back. */
  protected notify(events: E[]): E[] {
    for (const l of this.listeners) l(events);
    return events;
  }

  /**
   * Apply events from another client, all or nothing, without rolling. Listeners are not told.
   * Takes the events as objects or as the JSON text {@link executeJson} returns.
   */
  applyEvents(events: readonly E[] | string): void {
    const text = typeof events === "string" ? checkText(events) : toText(events);
    guard(() => this.handle.applyEvents(text));
  }

  /** Be told of the events each local command causes (to broadcast them). Returns an unsubscribe. */
  onEvents(listener: (events: E[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A readable line for an event, for a chat or session log. */
  describe(event: E): string {
    return guard(() => this.handle.describe(toText(event)));
  }
}
