// What players may see (issue 17, point 5): a GM runs commands with `executeForPlayers`; player
// clients start from `playerView()` and apply only the `players` batches. They stay in step
// with the players' view of the GM's state, and nothing hidden reaches them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, Journey } from "turnkeeper";

/** @param {string} what @param {string} json */
function assertClean(what, json) {
  for (const secret of ["lurker", "Lurker", "hidden"]) assert.ok(!json.includes(secret), `${what} shows ${secret}: ${json}`);
}

test("a hidden participant never reaches players, who stay in step by digest", () => {
  const gm = new Encounter({ ruleset: "a5e", seed: 12 });
  const player = Encounter.fromJSON(gm.playerView());
  const coGm = Encounter.fromJSON(JSON.stringify(gm));
  /** @param {any} command @param {{ blind?: boolean }} [options] */
  const run = (command, options) => {
    const { gm: batch, players } = gm.executeForPlayers(command, options);
    coGm.applyEvents(batch);
    assertClean("a player batch", JSON.stringify(players));
    player.applyEvents(players);
    assert.equal(player.digest(), players.digest);
    assert.equal(JSON.stringify(player), gm.playerView());
    assertClean("the player view", gm.playerView());
    return players;
  };
  run({ type: "addParticipant", participant: { id: "ana", name: "Ana", side: "party", dex: 14 } });
  run({ type: "addParticipant", participant: { id: "lurker", name: "Lurker", side: "foes", dex: 16, hidden: true } });
  run({ type: "start" });
  for (let i = 0; i < 5; i += 1) run({ type: "endTurn" });
  assert.equal(player.participants().length, 1);
  assert.equal(gm.participants().length, 2);
  assert.equal(JSON.stringify(coGm), JSON.stringify(gm), "the GM's own view is unchanged");
  const blind = run({ type: "rename", participant: "ana", name: "Ana" }, { blind: true });
  assert.deepEqual(blind.events.map((e) => e.type), ["restored"]);
  assert.equal(blind.dice, undefined);
});

test("an OSE search is rolled in secret: players see the turn pass, not the roll or the door", () => {
  const gm = new Journey({ ruleset: "ose", seed: 3 });
  const player = Journey.fromJSON(gm.playerView());
  /** @param {any} command */
  const run = (command) => {
    const { players } = gm.executeForPlayers(command);
    player.applyEvents(players);
    assert.equal(JSON.stringify(player), gm.playerView());
    return players;
  };
  run({ type: "addMember", member: { id: "pc" } });
  run({ type: "start", mode: "oseDungeon", day: 0, start: { type: "at", hour: 8, minute: 0 } });
  const players = run({ type: "dungeonTurn", action: { type: "search", attempts: [{ by: "pc", target: "wall", kind: "secretDoor", present: true }] } });
  const json = JSON.stringify(players);
  for (const secret of ["present", "searched", "success"]) assert.ok(!json.includes(secret), `${secret}: ${json}`);
});
