/**
 * The command/event plumbing shared by the event-sourced facades (`Encounter`, `Journey`):
 * commands go to the wasm handle as JSON text, events come back as JSON text, and supplied
 * faces run a command on a one-off dice box.
 */
import { DiceBox } from "../wasm/turnkeeper.js";
import { facesArray } from "./dice.js";
import { guard } from "./errors.js";

export { MAX_JSON_CHARS, checkText, toText, fromText, checkString, checkNumber } from "./text.js";
import { checkText, readField, toText } from "./text.js";

/** The `faces` of per-command options, read safely. */
function facesOf(options: CommandOptions | undefined): readonly number[] | undefined {
  return readField(options, "faces") as readonly number[] | undefined;
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
    return this.notify(JSON.parse(this.run(command, facesOf(options))) as E[]);
  }

  /**
   * {@link execute}, returning the events as JSON text instead of objects: the form to send to
   * other clients, who pass it straight to {@link applyEvents}. Nothing is parsed unless
   * `onEvents` listeners are registered. Use it for bulk commands in big battles, where the
   * events outweigh the work (a 500-combatant Greyhawk round's events are about 165 KB of JSON,
   * and building them as objects costs more than running the round).
   */
  executeJson(command: C, options: CommandOptions = {}): string {
    const json = this.run(command, facesOf(options));
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
