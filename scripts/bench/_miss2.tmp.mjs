import { roll } from "turnkeeper";
import { ParsedNotation, DiceBox } from "../../js-package/dist/wasm/turnkeeper.js";
import { measure, fmt } from "./harness.mjs";
const ns = Array.from({ length: 64 }, (_, i) => `4d6kh3+${i + 2}`);
let k = 0;
const box = new DiceBox(undefined);
const p0 = ParsedNotation.parse("4d6kh3+2");
const cases = {
  parseFree: () => { const p = ParsedNotation.parse(ns[(k = (k + 1) & 63)]); p.free(); return 1; },
  parseOnly: () => { const p = ParsedNotation.parse(ns[(k = (k + 1) & 63)]); return 1; },
  texts: () => p0.texts().length,
  split: () => p0.texts().split("\n").length,
  rollPacked: () => p0.rollPacked(box),
  total: () => p0.total(box),
};
for (let rep = 0; rep < 2; rep++) for (const [n, f] of Object.entries(cases)) console.log(n.padEnd(10), fmt(measure(f, { batches: 9, minBatchMs: 30 })));
