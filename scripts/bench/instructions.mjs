// Instructions, not time: what a 500-combatant Greyhawk round and a follower replaying a
// recorded stream cost, counted by valgrind (callgrind) running Node, for one or more builds of
// the package side by side. Everything Node executes is counted: the wasm, and the facade and
// glue around it (in session 25 the glue's string copy was 6 % of the round).
//
// Why: this machine kind's timings move by 2× between sessions and by 20 % within one while
// anything else builds, and a native profile (`crate/examples/round_engine.rs`) does not say
// what the wasm does: in session 24 sharing ids' text saved 3 % of the round natively and
// nothing in the wasm, where allocation is cheaper and a hash costs more. Node runs with
// `--predictable --no-liftoff` (V8's fixed seeds and no background threads, one optimising
// compile of the wasm), and each measure is the difference between a long and a short run of
// the same loop, so start-up, compiling and warming up cancel out. Repeat runs agree within
// about 0.2 % (with `--single-threaded` alone they moved by 2–4 %).
//
// Usage: node scripts/bench/instructions.mjs [package-dir …]
//   each a directory holding the package (`js-package/dist/node.js` beside it, as in a
//   checkout): by default this checkout. Needs `valgrind` (not part of `npm test` or
//   `npm run bench`; minutes per build).
//   INSTRUCTION_ROUNDS (default 10,40), INSTRUCTION_REPLAYS (default 2,6) and
//   INSTRUCTION_PLAYER_ROUNDS (default 3,9): the two run lengths of each loop.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(import.meta.url);
const ACTIVITIES = [["move", "melee"], ["ranged"], ["spell"], ["move", "other"], ["melee"]];

/** The loop itself, run in the child: `mode` `round`, `players` or `replay`, `count` times. */
async function work(root, mode, count) {
  const { Encounter } = await import(pathToFileURL(join(root, "js-package/dist/node.js")).href);
  const greyhawk = (n, seed) => {
    const enc = new Encounter({ ruleset: "gh5e", seed });
    for (let i = 0; i < n; i++) enc.add({ id: `c${i}`, name: `Combatant ${i}`, side: i % 2 ? "foes" : "party", dex: 8 + (i % 11) });
    enc.start();
    return enc;
  };
  const declarations = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, ACTIVITIES[i % ACTIVITIES.length]]));
  if (mode === "round" || mode === "players") {
    // What scripts/bench/encounter.mjs times: declare, roll, order, then close the round. For a
    // table with players, each command as the kits run it: the reply is the GM's batch and the
    // players' own (`executeForPlayers`), both parsed in JS.
    const enc = greyhawk(500, 1);
    const all = declarations(500);
    const run = mode === "players" ? (command) => enc.executeForPlayers(command) : (command) => enc.executeJson(command);
    for (let r = 0; r < count; r++) {
      run({ type: "declareMany", declarations: all });
      run({ type: "rollInitiative" });
      enc.order();
      run({ type: "nextRound" });
    }
    return;
  }
  // A follower applying the JSON text a host relays, a command's events at a time (the
  // encounter bench's stream: 30 combatants, 40 rounds).
  const host = greyhawk(30, 2);
  const start = host.toJSON();
  const stream = [];
  for (let r = 0; r < 40; r++) {
    stream.push(host.executeJson({ type: "declareMany", declarations: declarations(30) }));
    stream.push(host.executeJson({ type: "rollInitiative" }));
    while (host.currentParticipant() !== undefined) stream.push(host.executeJson({ type: "endTurn" }));
  }
  for (let k = 0; k < count; k++) {
    const follower = Encounter.fromJSON(start);
    for (const events of stream) follower.applyEvents(events);
    follower.free();
  }
}

if (process.argv[2] === "--child") {
  const [, , , root, mode, n] = process.argv;
  await work(root, mode, Number(n));
} else {
  try {
    execFileSync("valgrind", ["--version"], { stdio: "ignore" });
  } catch {
    console.error("[instructions] needs valgrind (apt install valgrind)");
    process.exit(1);
  }
  const roots = (process.argv.length > 2 ? process.argv.slice(2) : [join(here, "../../..")]).map((r) => resolve(r));
  for (const root of roots) {
    if (!existsSync(join(root, "js-package/dist/node.js"))) {
      console.error(`[instructions] no js-package/dist/node.js under ${root}: build it first`);
      process.exit(1);
    }
  }
  const lengths = (name, fallback) => (process.env[name] ?? fallback).split(",").map(Number);
  const rounds = lengths("INSTRUCTION_ROUNDS", "10,40");
  const replays = lengths("INSTRUCTION_REPLAYS", "2,6");
  const tables = lengths("INSTRUCTION_PLAYER_ROUNDS", "3,9");
  const runs = (root, mode, [short, long]) => (instructions(root, mode, long) - instructions(root, mode, short)) / (long - short);
  console.log("package | round of 500 (M instructions) | follower replay of 1,280 batches (M instructions) | round of 500 for a table with players (M instructions)");
  console.log("---|---:|---:|---:");
  for (const root of roots) {
    const round = runs(root, "round", rounds);
    const replay = runs(root, "replay", replays);
    const players = runs(root, "players", tables);
    console.log(`${root} | ${(round / 1e6).toFixed(2)} | ${(replay / 1e6).toFixed(2)} | ${(players / 1e6).toFixed(2)}`);
  }
}

/** Instructions of one child run, from valgrind's summary on stderr. */
function instructions(root, mode, n) {
  const result = execFileSync(
    "sh",
    ["-c", `valgrind --tool=callgrind --callgrind-out-file=/dev/null "$0" --predictable --no-liftoff "$1" --child "$2" "$3" "$4" 2>&1 >/dev/null`, process.execPath, here, root, mode, String(n)],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const match = /Collected\s*:\s*(\d+)/.exec(result);
  if (!match) throw new Error(`no instruction count for ${root} ${mode} ${n}:\n${result.slice(-600)}`);
  return Number(match[1]);
}
