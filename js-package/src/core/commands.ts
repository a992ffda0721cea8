/**
 * The command/event plumbing shared by the event-sourced facades (`Encounter`, `Journey`):
 * commands go to the wasm handle as JSON text, events come back as JSON text, and supplied
 * faces run a command on a one-off dice box.
 */
import { DiceBox } from "../wasm/turnkeeper.js";
import { facesArray } from "./dice.js";
import { guard } from "./errors.js";

/** What every event-sourced wasm handle offers. */
export interface CommandHandle {
  execute(command: string): string;
  executeWith(command: string, dice: DiceBox): string;
}

/** Run `command` on `handle` (with physical-dice `faces` when given) and parse its events. */
export function runCommand<E>(handle: CommandHandle, command: unknown, faces?: readonly number[]): E[] {
  const text = JSON.stringify(command);
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
