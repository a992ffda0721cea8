// A dice roller for the command line: every die shown, seeded or from the platform's crypto source.
//
//   node dice.mjs "4d6kh3+2"                 a roll with crypto dice
//   node dice.mjs "1d20+5" --seed 42         seeded: the same faces on every machine, every time
//   node dice.mjs "2d20kh1+5" --faces 4,17   dice rolled at the table, typed in
//   node dice.mjs "@str + 1d20" --data '{"str":3}'
//
// A notation the package cannot read prints the error's code, message and position, and the
// process exits with status 1.
import { roll, TurnkeeperError } from "turnkeeper";

/** @param {string[]} argv */
function options(argv) {
  const [notation, ...rest] = argv;
  /** @type {{ seed?: number, faces?: number[], data?: Record<string, unknown> }} */
  const opts = {};
  for (let i = 0; i < rest.length; i += 2) {
    const value = rest[i + 1] ?? "";
    if (rest[i] === "--seed") opts.seed = Number(value);
    else if (rest[i] === "--faces") opts.faces = value.split(",").map(Number);
    else if (rest[i] === "--data") opts.data = JSON.parse(value);
    else throw new Error(`unknown option ${rest[i]}`);
  }
  return { notation: notation ?? "1d20", opts };
}

const { notation, opts } = options(process.argv.slice(2));
try {
  const result = roll(notation, opts);
  console.log(String(result)); // the printed line: every die, dropped ones struck through
  for (const die of result.dice) {
    console.log(`  d${die.sides}: ${die.face}${die.dropped ? " (dropped)" : ""}`);
  }
  console.log(`total ${result.total}`);
} catch (e) {
  if (!(e instanceof TurnkeeperError)) throw e;
  console.error(`${e.code}: ${e.message}${e.position === undefined ? "" : ` (at character ${e.position})`}`);
  process.exitCode = 1;
}
