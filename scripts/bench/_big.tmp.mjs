import { roll, total, Dice } from "turnkeeper";
import { measure, fmt } from "./harness.mjs";
const s = new Dice({ seed: 1 });
const cases = {
  cryptoRoll: () => roll("1000d6").total,
  cryptoTotal: () => total("1000d6"),
  seededRoll: () => s.roll("1000d6").total,
  seededTotal: () => s.total("1000d6"),
};
for (let rep = 0; rep < 2; rep++) for (const [n, f] of Object.entries(cases)) console.log(n.padEnd(12), fmt(measure(f, { batches: 9, minBatchMs: 30 })));
