/**
 * What a caller hands in as dice or as supplied faces, checked before it reaches the dice
 * module. Internal: ./dice.ts, ./lend.ts, ./procedures.ts and ./commands.ts use these, and no
 * entry exports them (only {@link MAX_SUPPLIED_FACES}, through ./dice.ts).
 */
import { DiceBox } from "./dice-module.js";
import type { Dice } from "./dice.js";
import { TurnkeeperError } from "./errors.js";
import { freedError, isFreed } from "./freed.js";
import { readField, typeOf } from "./text.js";

/** The shared crypto source used when a call is given no {@link Dice}. */
export let cryptoBox: DiceBox | undefined;

/**
 * The box of `dice`, or the shared crypto box when it is left out. Anything but a {@link Dice}
 * (a number, a plain object, a Proxy whose traps throw) is `INVALID_ARGUMENT`.
 */
export function boxOf(dice: Dice | undefined): DiceBox {
  if (dice === undefined || dice === null) return (cryptoBox ??= new DiceBox(undefined));
  if (typeof dice === "object" && isFreed(dice)) throw freedError("Dice");
  try {
    const box = readField(dice, "box");
    if (box instanceof DiceBox) return box;
  } catch {
    // A Proxy whose traps throw, a revoked Proxy.
  }
  throw new TurnkeeperError("INVALID_ARGUMENT", `dice must be a Dice, not ${typeOf(dice)}`);
}

/**
 * Most faces one supplied list may hold: the engine's `MAX_SUPPLIED_FACES`
 * (crate/src/dice/limits.rs), checked here before a list is read or copied into the module, so
 * a hostile or mistaken list of millions of faces cannot exhaust the module's memory.
 */
export const MAX_SUPPLIED_FACES = 1_000_000;

/** Validate supplied faces (positive 32-bit integers, at most {@link MAX_SUPPLIED_FACES}) before they reach the engine. */
export function facesArray(faces: readonly number[] | undefined): Uint32Array | undefined {
  if (faces === undefined) return undefined;
  let list: unknown[];
  let tooMany: number | undefined;
  try {
    if (!Array.isArray(faces)) throw new TypeError("not an array");
    const length = faces.length;
    if (length > MAX_SUPPLIED_FACES) tooMany = length;
    list = tooMany === undefined ? Array.from(faces as unknown[]) : [];
  } catch {
    throw new TurnkeeperError("INVALID_ARGUMENT", "faces must be an array of numbers");
  }
  if (tooMany !== undefined) throw new TurnkeeperError("LIMIT_EXCEEDED", `${tooMany} faces supplied; a list holds at most ${MAX_SUPPLIED_FACES}`);
  const out = new Uint32Array(list.length);
  list.forEach((f, i) => {
    if (typeof f !== "number" || !Number.isInteger(f) || f < 1 || f > 0xffffffff) {
      throw new TurnkeeperError("INVALID_FACE", `supplied face #${i + 1} (${typeOf(f) === "number" ? String(f) : typeOf(f)}) is not a positive integer`);
    }
    out[i] = f;
  });
  return out;
}
