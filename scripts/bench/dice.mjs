// Dice: Turnkeeper (through its public JS API) beside @dice-roller/rpg-dice-roller and `roll`.
// DESIGN.md budget: parse-and-roll `4d6kh3+2` at least 5× faster than rpg-dice-roller.
import { roll, total, Dice, Expression } from "turnkeeper";
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import Roll from "roll";
import { measure, fmt, table } from "./harness.mjs";

const peerRoll = new Roll();
const seeded = new Dice({ seed: 1 });
const pre = Expression.parse("3d6+1d8+4");
const rpgPre = new DiceRoll("3d6+1d8+4");

// Turnkeeper's facade keeps the last 32 parsed notations (keyed by the exact text), so a row that
// rolls one notation over and over re-uses its parse. The "cache misses" row rotates through 64
// different notations, so every Turnkeeper call there parses (and renders the texts) again.
const rotating = Array.from({ length: 64 }, (_, i) => `4d6kh3+${i}`);
const rotatingRoll = rotating.map((n) => n.replace("kh", "b"));
let turn = 0;
const next = () => (turn = (turn + 1) & 63);

// `roll` has no keep-highest; `b3` ("best 3") is its equivalent. It cannot re-roll a parsed
// expression that contains a second dice term (it rolls sub-terms while parsing), so its
// "pre-parsed" column parses each time and is marked.
const cases = [
  { name: "parse+roll 4d6kh3+2 (details)", tk: () => roll("4d6kh3+2").total, rpg: () => new DiceRoll("4d6kh3+2").total, roll: () => peerRoll.roll("4d6b3+2").result },
  { name: "parse+roll 4d6kh3+2 (total only)", tk: () => total("4d6kh3+2"), rpg: () => new DiceRoll("4d6kh3+2").total, roll: () => peerRoll.roll("4d6b3+2").result },
  { name: "parse+roll 4d6kh3+2 (seeded box)", tk: () => seeded.roll("4d6kh3+2").total, rpg: () => new DiceRoll("4d6kh3+2").total, roll: () => peerRoll.roll("4d6b3+2").result },
  { name: "1d20", tk: () => roll("1d20").total, rpg: () => new DiceRoll("1d20").total, roll: () => peerRoll.roll("1d20").result },
  { name: "1000d6", tk: () => roll("1000d6").total, rpg: () => new DiceRoll("1000d6").total, roll: () => peerRoll.roll("1000d6").result },
  { name: "999d6 (rpg-dice-roller's maximum)", tk: () => roll("999d6").total, rpg: () => new DiceRoll("999d6").total, roll: () => peerRoll.roll("999d6").result },
  { name: "2d20kh1+5", tk: () => roll("2d20kh1+5").total, rpg: () => new DiceRoll("2d20kh1+5").total, roll: () => peerRoll.roll("2d20b1+5").result },
  { name: "pre-parsed 3d6+1d8+4 (total)", tk: () => pre.total(seeded), rpg: () => (rpgPre.roll(), rpgPre.total), roll: () => peerRoll.roll("3d6+1d8+4").result, rollNote: "*" },
  { name: "parse+roll 4d6kh3+N, 64 notations (cache misses)", tk: () => roll(rotating[next()]).total, rpg: () => new DiceRoll(rotating[next()]).total, roll: () => peerRoll.roll(rotatingRoll[next()]).result },
];

/** A peer that rejects the notation is reported as n/a with its reason. */
function tryMeasure(fn, opts) {
  try {
    fn();
  } catch (e) {
    return { ns: NaN, why: e instanceof Error ? e.message : String(e) };
  }
  return { ns: measure(fn, opts), why: "" };
}
// Warm every function of every library up before measuring, so that no row (in particular the
// first, the budget's) also pays for a library's JIT warm-up or first garbage collections.
for (const c of cases) for (const fn of [c.tk, c.rpg, c.roll]) tryMeasure(() => fn(), { batches: 3, minBatchMs: 20 });
const notes = [];
const cell = (r) => (Number.isFinite(r.ns) ? fmt(r.ns) : (notes.push(r.why), `n/a[${notes.length}]`));
const ratio = (peer, tk) => (Number.isFinite(peer.ns) ? `${(peer.ns / tk).toFixed(1)}×` : "–");
const rows = cases.map((c) => {
  const tk = measure(c.tk);
  const rpg = tryMeasure(c.rpg);
  const rl = tryMeasure(c.roll);
  return [c.name, fmt(tk), cell(rpg), ratio(rpg, tk), cell(rl) + (c.rollNote ?? ""), ratio(rl, tk)];
});
console.log("\nDice (median ns/op; ratio = peer time ÷ Turnkeeper time; higher is better for Turnkeeper)\n");
table(["case", "turnkeeper", "rpg-dice-roller", "ratio", "roll", "ratio"], rows);
console.log("\nEvery side builds its full result: Turnkeeper (except \"total only\") every die with its flags, per-term");
console.log("subtotals and the normalized texts; rpg-dice-roller its DiceRoll (rolls, output); roll its result object.");
console.log("Turnkeeper caches the last 32 parsed notations by exact text: rows repeating one notation re-use the");
console.log("parse; the \"cache misses\" row cycles 64 notations so every call parses. The peers parse every call.");
console.log("* `roll` re-parses each time (it cannot re-roll a parsed multi-term expression).");
notes.forEach((n, i) => console.log(`[${i + 1}] the peer refused this notation: ${n}`));
const headline = rows[0];
console.log(`\nBudget (DESIGN.md): 4d6kh3+2 parse+roll ≥ 5× faster than rpg-dice-roller → measured ${headline?.[3]}.`);
