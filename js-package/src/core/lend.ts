/**
 * {@link Dice} lent to the core module. A `Dice` lives in the dice module, where every entry's
 * stand-alone dice roll (issue 38); encounters, journeys and creatures roll in the core. For a
 * command given dice, the core rolls on a box rebuilt from the dice's words
 * (crate/src/dice/transfer.rs), and the dice go on from where the core left off only when the
 * command succeeded: a seeded stream moves exactly as if the core had held it, supplied faces
 * are used up in order, and a failed command leaves the dice as they were. Crypto dice carry no
 * state, so the core rolls its own.
 */
import { DiceBox as CoreBox } from "../wasm/turnkeeper.js";
import { boxOf } from "./dice-args.js";
import type { Dice } from "./dice.js";
import { lend } from "./dice-module.js";
import { guard } from "./errors.js";

/** The first word of crypto dice (crate/src/dice/transfer.rs). */
const CRYPTO = 1;
let coreCrypto: CoreBox | undefined;

/** Run `use` with `dice` (crypto dice when left out) as a box of the core module. */
export function withCoreDice<T>(dice: Dice | undefined, use: (box: CoreBox) => T): T {
  if (dice === undefined || dice === null) return use((coreCrypto ??= guard(() => new CoreBox(undefined))));
  const box = lend(boxOf(dice));
  const words = guard(() => box.toWords());
  if (words[0] === CRYPTO) return use((coreCrypto ??= guard(() => new CoreBox(undefined))));
  const lent = guard(() => new CoreBox(undefined));
  try {
    guard(() => lent.setWords(words));
    const result = use(lent);
    guard(() => box.setWords(lent.toWords()));
    return result;
  } finally {
    lent.free();
  }
}
