// What players may see (issue 17, point 5): a GM runs commands with `executeForPlayers`; player
// clients start from `playerView()` and apply only the `players` batches. They stay in step
// with the players' view of the GM's state, and nothing hidden reaches them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, Journey, TurnkeeperError } from "turnkeeper";

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

// ---- issue 34: player views that keep every secret ----

/** Everything hidden in these tests is named with "zq". @param {string} what @param {string} json */
function assertNoZq(what, json) {
  assert.ok(!json.includes("zq") && !json.includes('"hidden":true'), `${what} shows something hidden: ${json}`);
}

/**
 * A GM, a player following its `players` batches, and a late joiner after every command.
 * @param {import("turnkeeper").Preset} ruleset
 * @param {number} [seed]
 */
function table(ruleset, seed) {
  const gm = new Encounter(seed === undefined ? { ruleset } : { ruleset, seed });
  const player = Encounter.fromJSON(gm.playerView());
  /** @param {any} command */
  const run = (command) => {
    const { players } = gm.executeForPlayers(command);
    assertNoZq("a players' batch", JSON.stringify(players));
    player.applyEvents(players);
    const view = gm.playerView();
    assertNoZq("the players' view", view);
    assert.equal(JSON.stringify(player), view);
    assert.equal(JSON.stringify(Encounter.fromJSON(view)), view, "a late joiner loads the view");
    return players;
  };
  return { gm, player, run };
}

test("a hidden participant taking the round's last turn leaves players a state they can hold", () => {
  const { gm, player, run } = table("standard", 5);
  run({ type: "addParticipant", participant: { id: "ana", name: "Ana", side: "party", dex: 14 } });
  run({ type: "addParticipant", participant: { id: "zq-lurker", name: "zq lurker", side: "foes", dex: 10, hidden: true, fixedCount: 1 } });
  run({ type: "start" });
  run({ type: "endTurn" });
  const acting = gm.current()?.actor;
  assert.equal(acting?.type === "participant" ? acting.participant : undefined, "zq-lurker");
  // Players see the round under way and nobody visible acting.
  assert.equal(player.current(), undefined);
  assert.ok(player.order().every((e) => e.done && !e.current));
  run({ type: "endTurn" });
  const next = player.current()?.actor;
  assert.equal(next?.type === "participant" ? next.participant : undefined, "ana");
});

test("what players see names no hidden anchor, side or draw, and counts no hidden roll or effect", () => {
  const { player, run } = table("a5e", 3);
  run({ type: "addParticipant", participant: { id: "zq-lurker", name: "zq lurker", side: "zq-side", dex: 10, hidden: true, fixedCount: 12 } });
  run({ type: "addParticipant", participant: { id: "ana", name: "Ana", side: "party", dex: 14, fixedCount: 12 } });
  run({ type: "addEffects", effects: [{ target: "zq-lurker", condition: "prone", duration: { type: "untilRemoved" } }] });
  run({ type: "addEffects", effects: [{ target: "ana", condition: "prone", source: "zq-lurker", duration: { type: "untilTurnEnd", participant: "zq-lurker" } }] });
  run({ type: "start" });
  const ana = player.participants().find((p) => p.id === "ana");
  assert.equal(ana?.initiative?.roll, 0, "the first roll players see");
  assert.deepEqual(ana?.initiative?.ties ?? [], [], "no draw against the lurker");
  assert.deepEqual(player.effects("ana").map((v) => v.effect.id), [1], "the first effect players see");
  for (let i = 0; i < 3; i += 1) run({ type: "endTurn" });
  run({ type: "removeParticipant", participant: "zq-lurker" });
  run({ type: "endTurn" });
});

for (const seeded of [true, false]) {
  test(`a player's copy refuses every command with NOT_ALLOWED (${seeded ? "seeded" : "crypto"} dice)`, () => {
    const { gm, player, run } = table("a5e", seeded ? 7 : undefined);
    run({ type: "addParticipant", participant: { id: "ana", name: "Ana", side: "party", dex: 14 } });
    run({ type: "addParticipant", participant: { id: "zq-lurker", name: "zq lurker", side: "foes", dex: 10, hidden: true } });
    const before = JSON.stringify(player);
    /** @param {() => unknown} f */
    const refused = (f) => assert.throws(f, (e) => e instanceof TurnkeeperError && e.code === "NOT_ALLOWED");
    refused(() => player.start());
    refused(() => player.execute({ type: "rename", participant: "ana", name: "Mallory" }));
    refused(() => player.execute({ type: "start" }, { faces: [10, 10] }));
    refused(() => player.executeForPlayers({ type: "start" }));
    refused(() => player.executeBatch({ type: "undo" }));
    refused(() => player.applyEvents([]));
    assert.equal(JSON.stringify(player), before);
    // The copy still follows the GM, and the GM's own snapshot is no player's copy.
    run({ type: "start" });
    Encounter.fromJSON(JSON.stringify(gm)).rename("ana", "Ana");
  });
}
