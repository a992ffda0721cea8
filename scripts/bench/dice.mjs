// Dice: Turnkeeper (through its public JS API) beside @dice-roller/rpg-dice-roller and `roll`, in
// one run, and 1000d6 against a plain JavaScript xorshift loop (the floor). Every Turnkeeper row
// runs twice: through the main entry and through `turnkeeper/dice` (the dice module alone,
// issue 38), which must keep the same lead over the peers.
// docs/design.md budgets: every row ≥ 3× faster than `roll` and ≥ 20× faster than rpg-dice-roller;
// 1000d6 total with seeded dice ≤ 2× the xorshift floor.
import * as main from "turnkeeper";
import * as diceEntry from "turnkeeper/dice";
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import Roll from "roll";
import { measure, fmt, table } from "./harness.mjs";

const peerRoll = new Roll();
// Turnkeeper's facade keeps the last 32 parsed notations (keyed by the exact text), so a row that
// rolls one notation over and over re-uses its parse. The "cache misses" row rotates through 64
// different notations, so every Turnkeeper call there parses (and renders the texts) again.
const rotating = Array.from({ length: 64 }, (_, i) => `4d6kh3+${i}`);
const rotatingRoll = rotating.map((n) => n.replace("kh", "b"));
let turn = 0;
const next = () => (turn = (turn + 1) & 63);

/** What a row rolls with, from one entry. @param {typeof main} api */
const context = (api) => ({
  roll: api.roll,
  total: api.total,
  seeded: new api.Dice({ seed: 1 }),
  crypto: new api.Dice(),
  pre: api.Expression.parse("3d6+1d8+4"),
  rotating,
  next,
});
const tkMain = context(main);
const tkDice = context(/** @type {typeof main} */ (/** @type {unknown} */ (diceEntry)));
/**
 * A row's Turnkeeper call for one entry, compiled apart (`new Function`) so that each entry's
 * call sites keep feedback of their own: one closure shared by both would see two `roll`s and
 * two result classes, and be slower for both than either is alone.
 * @param {string} body an expression over `t`, what the row rolls with
 * @param {ReturnType<typeof context>} t
 * @returns {() => unknown}
 */
const compiled = (body, t) => new Function("t", `return () => ${body};`)(t);
const { seeded, crypto } = tkMain;
const rpgPre = new DiceRoll("3d6+1d8+4");


/**
 * The floor: `count` dice with `sides` sides from a plain xorshift32 loop, mapped to faces as
 * Turnkeeper maps words (reject the top of the range so no face is favoured, then `% sides`).
 */
let xorshiftState = 0x9e3779b9;
function xorshiftPool(count, sides) {
  let s = xorshiftState;
  let sum = 0;
  const zone = 4294967296 - (4294967296 % sides);
  for (let i = 0; i < count; ) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const word = s >>> 0;
    if (word < zone) {
      sum += (word % sides) + 1;
      i++;
    }
  }
  xorshiftState = s;
  return sum;
}

// Rows roll with Turnkeeper's default source unless they say otherwise: `roll(notation)` and
// `total(notation)` use the crypto source (crypto.getRandomValues, read 4 KB at a time); the
// peers use Math.random. `roll` has no keep-highest; `b3` ("best 3") is its equivalent. It cannot
// re-roll a parsed expression that contains a second dice term (it rolls sub-terms while
// parsing), so its "pre-parsed" column parses each time and is marked.
const cases = [
  { name: "parse+roll 4d6kh3+2, every die", tk: `t.roll("4d6kh3+2").total`, rpg: () => new DiceRoll("4d6kh3+2").total, roll: () => peerRoll.roll("4d6b3+2").result },
  { name: "parse+roll 4d6kh3+2, total only", tk: `t.total("4d6kh3+2")`, rpg: () => new DiceRoll("4d6kh3+2").total, roll: () => peerRoll.roll("4d6b3+2").result },
  { name: "parse+roll 4d6kh3+2, every die, seeded Dice", tk: `t.seeded.roll("4d6kh3+2").total`, rpg: () => new DiceRoll("4d6kh3+2").total, roll: () => peerRoll.roll("4d6b3+2").result },
  { name: "1d20, every die", tk: `t.roll("1d20").total`, rpg: () => new DiceRoll("1d20").total, roll: () => peerRoll.roll("1d20").result },
  { name: "1000d6, every die", tk: `t.roll("1000d6").total`, rpg: () => new DiceRoll("1000d6").total, roll: () => peerRoll.roll("1000d6").result },
  { name: "999d6, every die (rpg-dice-roller's maximum)", tk: `t.roll("999d6").total`, rpg: () => new DiceRoll("999d6").total, roll: () => peerRoll.roll("999d6").result },
  { name: "1000d6, total only, seeded Dice", tk: `t.seeded.total("1000d6")`, rpg: () => new DiceRoll("1000d6").total, roll: () => peerRoll.roll("1000d6").result },
  { name: "1000d6, total only, crypto Dice", tk: `t.crypto.total("1000d6")`, rpg: () => new DiceRoll("1000d6").total, roll: () => peerRoll.roll("1000d6").result },
  { name: "2d20kh1+5, every die", tk: `t.roll("2d20kh1+5").total`, rpg: () => new DiceRoll("2d20kh1+5").total, roll: () => peerRoll.roll("2d20b1+5").result },
  { name: "pre-parsed 3d6+1d8+4, total, seeded", tk: `t.pre.total(t.seeded)`, rpg: () => (rpgPre.roll(), rpgPre.total), roll: () => peerRoll.roll("3d6+1d8+4").result, rollNote: "*" },
  { name: "parse every call: 4d6kh3+N, 64 notations", tk: `t.roll(t.rotating[t.next()]).total`, rpg: () => new DiceRoll(rotating[next()]).total, roll: () => peerRoll.roll(rotatingRoll[next()]).result },
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
const runs = cases.map((c) => ({ main: compiled(c.tk, tkMain), dice: compiled(c.tk, tkDice) }));
for (const [i, c] of cases.entries()) for (const fn of [runs[i]?.main, runs[i]?.dice, c.rpg, c.roll]) if (fn) tryMeasure(() => fn(), { batches: 3, minBatchMs: 20 });
const notes = [];
const cell = (r) => (Number.isFinite(r.ns) ? fmt(r.ns) : (notes.push(r.why), `n/a[${notes.length}]`));
const ratio = (peer, tk) => (Number.isFinite(peer.ns) ? `${(peer.ns / tk).toFixed(1)}×` : "–");
const measured = cases.map((c, i) => ({ c, tk: measure(/** @type {() => unknown} */ (runs[i]?.main)), dice: measure(/** @type {() => unknown} */ (runs[i]?.dice)), rpg: tryMeasure(c.rpg), roll: tryMeasure(c.roll) }));
const rows = measured.map(({ c, tk, dice, rpg, roll: rl }) => [
  c.name,
  fmt(tk),
  fmt(dice),
  cell(rpg),
  `${ratio(rpg, tk)} / ${ratio(rpg, dice)}`,
  cell(rl) + (c.rollNote ?? ""),
  `${ratio(rl, tk)} / ${ratio(rl, dice)}`,
]);

// The floor, measured right beside the seeded and crypto totals it is compared with.
const floor = measure(() => xorshiftPool(1000, 6));
const seededTotal = measure(() => seeded.total("1000d6"));
const cryptoTotal = measure(() => crypto.total("1000d6"));

console.log("\nDice (median ns/op; ratio = peer time ÷ Turnkeeper time; higher is better for Turnkeeper)\n");
table(["case", "turnkeeper", "turnkeeper/dice", "rpg-dice-roller", "ratio (main / dice)", "roll", "ratio (main / dice)"], rows);
console.log("\nEvery side builds its full result: Turnkeeper (except \"total only\") every die with its flags, per-term");
console.log("subtotals and the normalized texts (a roll of more than 16 dice keeps its dice packed and builds the");
console.log("objects when `.dice` is first read); rpg-dice-roller its DiceRoll (rolls, output); roll its result object.");
console.log("Turnkeeper's default source is crypto (crypto.getRandomValues); the peers use Math.random.");
console.log("Turnkeeper caches the last 32 parsed notations by exact text: rows repeating one notation re-use the");
console.log("parse; the \"parse every call\" row cycles 64 notations so every call parses. The peers parse every call.");
console.log("* `roll` re-parses each time (it cannot re-roll a parsed multi-term expression).");
notes.forEach((n, i) => console.log(`[${i + 1}] the peer refused this notation: ${n}`));

console.log("\n1000d6, total only, against a plain JavaScript xorshift32 loop (same face mapping)\n");
table(
  ["", "time", "÷ floor"],
  [
    ["JavaScript xorshift32 floor", fmt(floor), "1.0×"],
    ["Turnkeeper, seeded (ChaCha20)", fmt(seededTotal), `${(seededTotal / floor).toFixed(2)}×`],
    ["Turnkeeper, crypto", fmt(cryptoTotal), `${(cryptoTotal / floor).toFixed(2)}×`],
  ],
);

const vsRoll = measured.map(({ tk, roll: rl }) => rl.ns / tk).filter(Number.isFinite);
const vsRpg = measured.map(({ tk, rpg }) => rpg.ns / tk).filter(Number.isFinite);
const diceVsRoll = measured.map(({ dice, roll: rl }) => rl.ns / dice).filter(Number.isFinite);
const diceVsRpg = measured.map(({ dice, rpg }) => rpg.ns / dice).filter(Number.isFinite);
const worst = (list) => Math.min(...list).toFixed(1);
const status = (ok) => (ok ? "met" : "NOT MET");
console.log("\nBudgets (docs/design.md), measured above:");
console.log(`  every row ≥ 3× faster than roll: ${vsRoll.filter((r) => r >= 3).length} of ${vsRoll.length} rows, slowest ratio ${worst(vsRoll)}× → ${status(vsRoll.every((r) => r >= 3))}`);
console.log(`  every row ≥ 20× faster than rpg-dice-roller: ${vsRpg.filter((r) => r >= 20).length} of ${vsRpg.length} rows, slowest ratio ${worst(vsRpg)}× → ${status(vsRpg.every((r) => r >= 20))}`);
console.log(`  turnkeeper/dice, every row ≥ 3× faster than roll: ${diceVsRoll.filter((r) => r >= 3).length} of ${diceVsRoll.length} rows, slowest ratio ${worst(diceVsRoll)}× → ${status(diceVsRoll.every((r) => r >= 3))}`);
console.log(`  turnkeeper/dice, every row ≥ 20× faster than rpg-dice-roller: ${diceVsRpg.filter((r) => r >= 20).length} of ${diceVsRpg.length} rows, slowest ratio ${worst(diceVsRpg)}× → ${status(diceVsRpg.every((r) => r >= 20))}`);
console.log(`  1000d6 total, seeded, ≤ 2× the xorshift floor: ${(seededTotal / floor).toFixed(2)}× → ${status(seededTotal <= 2 * floor)}`);
