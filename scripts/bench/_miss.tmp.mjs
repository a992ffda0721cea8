import { roll, total, Dice } from "turnkeeper";
import { measure, fmt } from "./harness.mjs";
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
const ns = Array.from({ length: 64 }, (_, i) => `4d6kh3+${i + 2}`);
let k = 0;
const cases = {
  hit: () => roll("4d6kh3+2").total,
  miss: () => roll(ns[(k = (k + 1) & 63)]).total,
  missTotal: () => total(ns[(k = (k + 1) & 63)]),
  rpgMiss: () => new DiceRoll(ns[(k = (k + 1) & 63)]).total,
  rpg: () => new DiceRoll("4d6kh3+2").total,
};
for (let rep = 0; rep < 2; rep++) for (const [n, f] of Object.entries(cases)) console.log(n.padEnd(10), fmt(measure(f, { batches: 9, minBatchMs: 30 })));
