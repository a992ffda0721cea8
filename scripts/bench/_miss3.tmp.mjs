import { roll, Dice } from "turnkeeper";
import { parseIntoSlot, rollSlot, ParsedNotation } from "../../js-package/dist/wasm/turnkeeper.js";
import { measure, fmt } from "./harness.mjs";
const ns = Array.from({ length: 64 }, (_, i) => `4d6kh3+${i}`);
let k = 0;
const box = new Dice({ seed: 3 }).box;
const cases = {
  parseIntoSlot: () => parseIntoSlot(5, ns[(k = (k + 1) & 63)]),
  parseFree: () => { ParsedNotation.parse(ns[(k = (k + 1) & 63)]).free(); return 1; },
  rollSlot: () => rollSlot(5, box),
  missRoll: () => roll(ns[(k = (k + 1) & 63)]).total,
  hitRoll: () => roll(ns[0]).total,
};
for (let rep = 0; rep < 2; rep++) for (const [n, f] of Object.entries(cases)) console.log(n.padEnd(14), fmt(measure(f, { batches: 9, minBatchMs: 30 })));
