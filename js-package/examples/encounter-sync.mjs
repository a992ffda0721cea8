// An encounter kept in sync between two clients: the GM's copy runs every command, and a
// player's copy applies what the GM sends, without rolling. The "network" here is an array;
// in a real module it is the host's channel (a Foundry socket, an Owlbear broadcast).
//
//   node encounter-sync.mjs
//
// The player's copy is built from the players' view (no hidden creatures, no dice), and a batch
// it misses is refused with OUT_OF_SYNC and healed by loading the view again.
import { Encounter, TurnkeeperError } from "turnkeeper";

const gm = new Encounter({ ruleset: "a5e", seed: 11 });

/** @type {string[]} Messages on their way to the player: each a players' batch as JSON text. */
const wire = [];
/**
 * Runs a command on the GM's copy and sends the players' batch.
 * @param {import("turnkeeper").EncounterCommand} command
 */
function run(command) {
  const { gm: full, players } = gm.executeForPlayers(command);
  wire.push(JSON.stringify(players));
  return full.events;
}

// The player joins before the fight starts: it loads the players' view.
let player = Encounter.fromJSON(gm.playerView());

run({ type: "addParticipant", participant: { id: "ana", name: "Ana", side: "party", dex: 14 } });
run({ type: "addParticipant", participant: { id: "bo", name: "Bo", side: "party", dex: 11 } });
run({ type: "addParticipant", participant: { id: "ogre", name: "Ogre", side: "foes", dex: 8, npc: true } });
run({ type: "addParticipant", participant: { id: "lurker", name: "Lurker", side: "foes", dex: 16, hidden: true } });
for (const event of run({ type: "start" })) console.log(`GM:     ${gm.describe(event)}`);

/**
 * Delivers what is on the wire to a player's copy, in order.
 * @param {Encounter} copy
 */
function deliver(copy) {
  for (const message of wire.splice(0)) copy.applyEvents(message);
}

deliver(player);
console.log(`player sees ${player.participants().length} of ${gm.participants().length} participants`);

// A turn passes and the player's copy follows it.
run({ type: "endTurn" });
deliver(player);
console.log(`player: ${player.current() ? "someone is acting" : "nobody it can see is acting"} in round ${player.round}`);

// A batch lost on the way: the next one is refused, and changes nothing...
run({ type: "endTurn" });
wire.shift();
run({ type: "endTurn" });
try {
  deliver(player);
} catch (e) {
  if (!(e instanceof TurnkeeperError) || e.code !== "OUT_OF_SYNC") throw e;
  console.log(`player: ${e.code} (${e.message})`);
  // ...so the player loads the GM's view again and follows from there.
  player.free();
  player = Encounter.fromJSON(gm.playerView());
}

run({ type: "endTurn" });
deliver(player);
const same = player.playerView() === gm.playerView();
console.log(`player and GM agree on what players may see: ${same}`);
if (!same) process.exitCode = 1;
