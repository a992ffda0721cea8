// GM corrections (issue 20, point 2): set a count, move a participant in the order, undo, go
// back a turn or a round. Each is a command with events, so a follower that applies the
// leader's batches stays byte-identical; undo reaches followers as one `restored` event.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, TurnkeeperError } from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** A5E: a 10+2 = 12, b 15, c 3−1 = 2: b acts first, then a, then c. */
function trio() {
  const enc = new Encounter({ ruleset: "a5e", seed: 5 });
  enc.add({ id: "a", name: "Aria", side: "party", dex: 14 });
  enc.add({ id: "b", name: "Bor", side: "foes", dex: 10 });
  enc.add({ id: "c", name: "Cyl", side: "foes", dex: 8 });
  enc.start({ faces: [10, 15, 3] });
  return enc;
}
/** @param {Encounter} enc */
const order = (enc) => enc.order().map((e) => (e.actor.type === "participant" ? e.actor.participant : "?"));

test("setCount and moveInOrder reorder those still to act, never before the turn under way", () => {
  const enc = trio();
  assert.deepEqual(order(enc), ["b", "a", "c"]);
  enc.setCount("c", 20);
  assert.deepEqual(order(enc), ["b", "c", "a"]);
  assert.equal(enc.participant("c")?.initiative?.total, 20);
  enc.moveInOrder("c", { after: "a" });
  assert.deepEqual(order(enc), ["b", "a", "c"]);
  assert.equal(enc.participant("c")?.initiative?.total, 12, "it takes the target's count");
  assert.throws(() => enc.moveInOrder("c", { before: "b" }), fails("NOT_ALLOWED"));
  const events = enc.moveInOrder("c", { before: "a" });
  assert.equal(events[0].type, "movedInOrder");
  assert.equal(enc.describe(events[0]), "The GM moves Cyl to act right before Aria.");
});

test("undo, previousTurn and previousRound restore earlier states; followers apply them", () => {
  const leader = trio();
  const follower = Encounter.fromJSON(JSON.stringify(leader));
  leader.onEvents((_events, batch) => follower.applyEvents(batch));
  const roundOne = JSON.stringify(leader.toJSON().encounter);
  leader.endTurn();
  const secondTurn = JSON.stringify(leader.toJSON().encounter);
  leader.rename("a", "Aria the Bold");
  leader.endTurn();
  assert.equal(leader.currentParticipant(), "c");
  const [restored] = leader.previousTurn();
  assert.equal(restored.type, "restored");
  assert.equal(leader.currentParticipant(), "a");
  assert.equal(JSON.stringify(leader.toJSON().encounter), secondTurn);
  assert.equal(leader.participant("a")?.name, "Aria", "the rename came after that turn started");
  leader.undo();
  assert.equal(leader.currentParticipant(), "c", "undoing the step back brings it back");
  leader.endTurn();
  leader.endTurn();
  assert.equal(leader.round, 2);
  leader.previousRound();
  assert.equal(JSON.stringify(leader.toJSON().encounter), roundOne);
  assert.equal(JSON.stringify(follower), JSON.stringify(leader));
  assert.throws(() => leader.undo(0), fails("INVALID_ARGUMENT"));
  assert.throws(() => leader.undo(65), fails("NOT_ALLOWED"));
  // A copy loaded from a snapshot has nothing of its own to take back.
  assert.throws(() => follower.undo(), fails("NOT_ALLOWED"));
});
