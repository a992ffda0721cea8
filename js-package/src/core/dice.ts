/** Dice sources (placeholder until notation lands). */
import { DiceBox, version as coreVersion } from "../wasm/turnkeeper.js";
import { ensureReady } from "./loader.js";
import { guard } from "./errors.js";

export function version(): string {
  ensureReady();
  return coreVersion();
}

export function rollDie(sides: number, seed?: number): number {
  ensureReady();
  return guard(() => {
    const box = new DiceBox(seed);
    try {
      return box.rollDie(sides);
    } finally {
      box.free();
    }
  });
}
