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

/** `value` as JSON text for the core, within {@link MAX_JSON_CHARS}. */
export function toText(value: unknown): string {
  return checkText(JSON.stringify(value) ?? "null");
}

/** What every event-sourced wasm handle offers. */
export interface CommandHandle {
  execute(command: string): string;
  executeWith(command: string, dice: DiceBox): string;
}

/** Run `command` on `handle` (with physical-dice `faces` when given) and parse its events. */
export function runCommand<E>(handle: CommandHandle, command: unknown, faces?: readonly number[]): E[] {
  const text = toText(command);
  let out: string;
  if (faces !== undefined) {
    const box = DiceBox.supplied(facesArray(faces) as Uint32Array);
    try {
      out = guard(() => handle.executeWith(text, box));
    } finally {
      box.free();
    }
  } else {
    out = guard(() => handle.execute(text));
  }
  return JSON.parse(out) as E[];
}
