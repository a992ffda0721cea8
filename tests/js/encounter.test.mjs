// The Encounter facade from JS: commands in, typed events out, replay on a second client,
// snapshots, and errors. Worked examples replay the sources' dice with supplied faces.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { Encounter, TurnkeeperError } from "turnkeeper";

/** @param {Encounter} enc */
const orderIds = (enc) => enc.order().map((e) => (e.actor.type === "participant" ? e.actor.participant : e.actor.sides.join("+")));

const HOBS = ["hob1", "hob2", "hob3", "hob4", "hob5", "hob6"];

/** EX-GH-01: the Example of Play's combatants (Dex scores are ours; the source gives none). */
function exampleOfPlay(seed = 1) {
  const enc = new Encounter({ ruleset: "gh5e", seed });
  enc.add({ id: "rupert", name: "Rupert", side: "party", dex: 16 });
  enc.add({ id: "delsenora", name: "Delsenora", side: "party", dex: 14 });
  enc.add({ id: "rath", name: "Rath", side: "party", dex: 10 });
  enc.add({ id: "troll", name: "Troll", side: "foes", dex: 13, npc: true });
  for (const h of HOBS) enc.add({ id: h, name: h, side: "foes", dex: 12, npc: true, group: "hobgoblins" });
  enc.start();
  return enc;
}

test("EX-GH-02: Greyhawk round 1 through the facade with supplied faces", () => {
  const enc = exampleOfPlay();
  assert.equal(enc.phase, "declaring");
  enc.declare("rupert", ["ranged"]);
  enc.declare("delsenora", ["spell"]);
  enc.declare("rath", ["move", "melee", "melee"]); // Action Surge adds no die (GH-INIT-05)
  enc.declare("troll", ["move", "melee"]);
  enc.declareMany(Object.fromEntries(HOBS.map((h) => [h, ["ranged"]])));
  const events = enc.rollInitiative({ faces: [1, 7, 6, 8, 3, 5, 2] });
  assert.deepEqual(orderIds(enc), ["rupert", ...HOBS, "delsenora", "troll", "rath"]);
  const rolled = events.find((e) => e.type === "initiativeRolled");
  assert.ok(rolled, "an initiativeRolled event carries the dice");
  assert.equal(enc.currentParticipant(), "rupert");
  // GH-INIT-09: Rupert rolled only for a ranged attack.
  assert.deepEqual(enc.allowedActivities("rupert"), ["ranged"]);
  assert.throws(() => enc.act("rupert", "move"), (e) => e instanceof TurnkeeperError && e.code === "NOT_ALLOWED");
  for (const e of events) assert.equal(typeof enc.describe(e), "string");
});

test("EX-GH-07: delaying keeps original counts and lets a lower delayer cut in", () => {
  const enc = new Encounter({ ruleset: "gh5e" });
  /** @type {[string, number][]} */
  const four = [["able", 10], ["bravo", 11], ["charles", 12], ["delta", 13]];
  for (const [id, dex] of four) enc.add({ id, name: id, side: "x", dex });
  enc.start();
  // Able 1 (d4), Bravo 5 (d6), Charles 8 (d8), Delta 12 (d12 via two d6s).
  enc.declare("able", ["ranged"]);
  enc.declare("bravo", ["move"]);
  enc.declare("charles", ["melee"]);
  enc.declare("delta", ["move", "other"]);
  enc.rollInitiative({ faces: [1, 5, 8, 6, 6] });
  assert.deepEqual(orderIds(enc), ["able", "bravo", "charles", "delta"]);
  enc.delay("able");
  enc.delay("bravo");
  assert.throws(() => enc.delay("bravo"), (e) => e instanceof TurnkeeperError);
  assert.equal(enc.currentParticipant(), "charles");
  // During Charles's turn Bravo says he acts right after; Able (original 1 < 5) cuts in first.
  const events = enc.resume("bravo", ["able"]);
  assert.ok(events.length > 0);
  enc.endTurn();
  assert.equal(enc.currentParticipant(), "able");
  assert.deepEqual(enc.participants().filter((p) => ["able", "bravo"].includes(p.id)).map((p) => p.initiative?.total), [1, 5]);
  enc.endTurn();
  assert.equal(enc.currentParticipant(), "bravo");
  enc.endTurn();
  assert.equal(enc.currentParticipant(), "delta");
});

test("A5E: ability-check initiative high to low, kept for the encounter", () => {
  const enc = new Encounter({ ruleset: "a5e" });
  enc.add({ id: "kira", name: "Kira", side: "party", dex: 16 });
  enc.add({ id: "ogre", name: "Ogre", side: "foes", dex: 8, npc: true });
  enc.start({ faces: [10, 15] });
  assert.deepEqual(orderIds(enc), ["ogre", "kira"]); // 15 − 1 = 14 beats 10 + 3 = 13
  enc.endTurn();
  enc.endTurn();
  assert.equal(enc.round, 2);
  assert.deepEqual(orderIds(enc), ["ogre", "kira"]);
});

test("OSE: side initiative each round, highest first", () => {
  const enc = new Encounter({ ruleset: "ose" });
  enc.add({ id: "fighter", name: "Fighter", side: "party", dex: 12 });
  enc.add({ id: "orc", name: "Orc", side: "orcs", dex: 10, npc: true });
  enc.start();
  enc.rollInitiative({ faces: [2, 5] });
  assert.deepEqual(orderIds(enc), ["orcs", "party"]);
});

test("HYB: Dex score order, no roll", () => {
  const enc = new Encounter({ ruleset: "hyb" });
  enc.add({ id: "a", name: "A", side: "x", dex: 9 });
  enc.add({ id: "b", name: "B", side: "y", dex: 17 });
  enc.start();
  assert.deepEqual(orderIds(enc), ["b", "a"]);
});

test("a second client converges from events alone; snapshots restore exactly", () => {
  const host = exampleOfPlay(42);
  const guest = Encounter.fromJSON(host.toJSON());
  /** @type {import("turnkeeper").EncounterEvent[]} */
  const wire = [];
  host.onEvents((events) => wire.push(...events));
  host.declareMany({ rupert: ["ranged"], delsenora: ["spell"], rath: ["move", "melee"], troll: ["move", "melee"], ...Object.fromEntries(HOBS.map((h) => [h, ["ranged"]])) });
  host.rollInitiative();
  host.endTurn();
  host.endTurn();
  guest.applyEvents(JSON.parse(JSON.stringify(wire)));
  assert.deepEqual(guest.toJSON().encounter, host.toJSON().encounter);
  assert.deepEqual(orderIds(guest), orderIds(host));
  const restored = Encounter.fromJSON(JSON.stringify(host));
  assert.deepEqual(restored.toJSON(), host.toJSON());
  // The seeded stream continues identically after a restore.
  host.endTurn();
  restored.endTurn();
  assert.deepEqual(restored.toJSON(), host.toJSON());
});

test("executeJson: events as JSON text that another client applies as is", () => {
  const host = exampleOfPlay(7);
  const guest = Encounter.fromJSON(host.toJSON());
  /** @type {import("turnkeeper").EncounterEvent[][]} */
  const heard = [];
  const texts = [
    host.executeJson({ type: "declareMany", declarations: { rupert: ["ranged"], delsenora: { system: "greyhawk", activities: ["spell"], bonusAction: "ranged" }, rath: ["move", "melee"], troll: ["melee"] } }),
  ];
  // Listeners still hear the events, parsed, whichever way the command ran.
  host.onEvents((events) => heard.push(events));
  // The hobgoblins plan nothing this round: they roll as empty declarations (GH-INIT-16).
  texts.push(host.executeJson({ type: "rollInitiative", noActions: true }));
  assert.equal(typeof texts[1], "string");
  assert.deepEqual(heard, [JSON.parse(texts[1])]);
  // GH-INIT-08: a batch of declarations is one event, keyed by participant; a declaration of
  // activities alone is written as the bare list.
  assert.deepEqual(JSON.parse(texts[0]), [
    {
      type: "declaredMany",
      declarations: { rupert: ["ranged"], delsenora: { system: "greyhawk", activities: ["spell"], bonusAction: "ranged" }, rath: ["move", "melee"], troll: ["melee"] },
    },
  ]);
  for (const text of texts) guest.applyEvents(text);
  assert.deepEqual(guest.toJSON().encounter, host.toJSON().encounter);
  assert.deepEqual(guest.order(), host.order());
  // The order rows come back as full entries: done, current and counts included.
  const order = host.order();
  assert.equal(order.filter((e) => e.current).length, 1);
  assert.ok(order.every((e) => e.actor.type === "participant" && typeof e.count === "number" && e.done === false));
  host.endTurn();
  assert.deepEqual(host.order().map((e) => [e.done, e.current]).slice(0, 2), [[true, false], [false, true]]);
  // Bad text is refused with a code and changes nothing.
  const before = JSON.stringify(guest);
  assert.throws(() => guest.applyEvents("[{"), (e) => e instanceof TurnkeeperError);
  // @ts-expect-error deliberately unknown activity
  assert.throws(() => host.executeJson({ type: "declareMany", declarations: { rupert: ["teleport"] } }), (e) => e instanceof TurnkeeperError);
  assert.equal(JSON.stringify(guest), before);
});

test("bad commands fail with codes and leave the state untouched", () => {
  const enc = exampleOfPlay();
  const before = JSON.stringify(enc);
  /** @param {() => unknown} fn @param {string} code */
  const expect = (fn, code) => assert.throws(fn, (e) => e instanceof TurnkeeperError && e.code === code, code);
  expect(() => enc.declare("nobody", ["melee"]), "UNKNOWN_ID");
  expect(() => enc.endTurn(), "OUT_OF_ORDER");
  expect(() => enc.add({ id: "rath", name: "Again", side: "party", dex: 10 }), "DUPLICATE_ID");
  // @ts-expect-error deliberately malformed command
  expect(() => enc.execute({ type: "teleport" }), "INVALID_ARGUMENT");
  assert.equal(JSON.stringify(enc), before);
  enc.declareMany(Object.fromEntries(["rupert", "delsenora", "rath", "troll", ...HOBS].map((id) => [id, ["melee"]])));
  const declared = JSON.stringify(enc);
  // Rolling fails part-way (too few faces, or an impossible face): nothing changes.
  expect(() => enc.rollInitiative({ faces: [1, 2] }), "FACES_EXHAUSTED");
  expect(() => enc.rollInitiative({ faces: [9, 9, 9, 9, 9, 9, 9] }), "INVALID_FACE");
  assert.equal(JSON.stringify(enc), declared);
  enc.rollInitiative({ faces: [1, 2, 3, 4, 5] });
  expect(() => enc.declare("rath", ["move"]), "OUT_OF_ORDER");
});

test("tampered and malformed snapshots are refused", () => {
  const enc = exampleOfPlay();
  const snap = enc.toJSON();
  /** @param {string} s */
  const expectBad = (s) => assert.throws(() => Encounter.fromJSON(s), (e) => e instanceof TurnkeeperError && e.code === "SNAPSHOT_INVALID");
  expectBad("{");
  expectBad("null");
  expectBad(JSON.stringify({ encounter: 5 }));
  const text = JSON.stringify(snap);
  expectBad(text.slice(0, text.length / 2));
  expectBad(text.replace('"v":1', '"v":99'));
  expectBad(text.replace("delsenora", "rupert"));
});

const vectorFiles = readdirSync(new URL("../vectors/", import.meta.url)).filter((f) => /^encounter_.*\.json$/.test(f));

test("shared vectors exist for every initiative system family", () => {
  assert.deepEqual(vectorFiles.sort(), ["encounter_a5e.json", "encounter_gh.json", "encounter_hyb.json", "encounter_ose.json"]);
});

for (const file of vectorFiles) test(`shared vector ${file}: a seeded command list ends in the native snapshot, in wasm`, () => {
  const vector = JSON.parse(readFileSync(new URL(`../vectors/${file}`, import.meta.url), "utf8"));
  const { preset, ...config } = vector.config;
  const enc = new Encounter({ ruleset: preset, seed: vector.seed, config });
  let events = 0;
  for (const c of vector.commands) events += enc.execute(c).length;
  assert.equal(events, vector.expected.events);
  assert.equal(enc.round, vector.expected.round);
  assert.deepEqual(orderIds(enc), vector.expected.order);
  assert.equal(enc.currentParticipant(), vector.expected.current ?? undefined);
  assert.deepEqual(enc.toJSON().encounter, JSON.parse(vector.expected.snapshot));
});

test("runaway JSON is refused with LIMIT_EXCEEDED before it reaches the core, and nothing changes", () => {
  const enc = new Encounter({ ruleset: "gh5e", seed: 3 });
  enc.add({ id: "a", name: "A", side: "x" });
  const before = JSON.stringify(enc.toJSON());
  const huge = "x".repeat(8 * 1024 * 1024 + 1);
  /** @param {unknown} e */
  const limit = (e) => e instanceof TurnkeeperError && e.code === "LIMIT_EXCEEDED";
  assert.throws(() => enc.rename("a", huge), limit);
  assert.throws(() => enc.applyEvents([{ type: "participantRenamed", participant: "a", name: huge }]), limit);
  assert.throws(() => Encounter.fromJSON(huge), limit);
  assert.equal(JSON.stringify(enc.toJSON()), before);
});

test("HYB-RETREAT-01 / HYB-MORALE-04: a retreat ends concentration and routs failing followers", () => {
  const enc = new Encounter({ ruleset: "hyb", seed: 1 });
  enc.add({ id: "rath", name: "Rath", side: "party", dex: 14 });
  enc.add({ id: "hireling", name: "Hireling", side: "party", dex: 8, npc: true });
  enc.add({ id: "orc", name: "Orc", side: "foes", dex: 9, npc: true });
  enc.setController("hireling", "rath");
  enc.start();
  enc.addEffect("orc", "hold person", { source: "rath", concentration: true });
  const events = enc.retreat("rath", [{ participant: "hireling", modifier: 1 }], { faces: [15, 9] });
  assert.ok(events.some((e) => e.type === "concentrationDropped"));
  const morale = events.find((e) => e.type === "followersMoraleChecked");
  assert.equal(morale?.type === "followersMoraleChecked" && morale.checks[0]?.routed, true);
  assert.deepEqual(enc.effects("orc"), []);
});

test("order(): participants' and sides' entries with their counts and progress, as the core holds them", () => {
  // OSE-INIT-03 through the facade: the party (6) acts, then the goblins (1), then the party's
  // slow-weapon attacker. The handle sends the order as compact text (a side entry as JSON):
  // every field must come back as the typed entry says.
  const ose = new Encounter({ ruleset: "ose", seed: 1 });
  for (const [id, side] of [["fighter", "party"], ["mage", "party"], ["goblin", "goblins"], ["shaman", "goblins"]]) ose.add({ id, name: id, side, dex: 10 });
  ose.start();
  assert.deepEqual(ose.order(), []);
  ose.declare("fighter", { system: "ose", slowWeapon: true });
  ose.rollInitiative({ faces: [6, 1] });
  assert.deepEqual(ose.order(), [
    { actor: { type: "sides", sides: ["party"] }, count: 6, done: false, current: true },
    { actor: { type: "sides", sides: ["goblins"] }, count: 1, done: false, current: false },
    { actor: { type: "sides", sides: ["party"], slow: true }, count: 6, done: false, current: false },
  ]);
  // Greyhawk: participants with their totals, the first done and the second acting after a turn.
  const gh = new Encounter({ ruleset: "gh5e", seed: 3 });
  for (const id of ["a.1", "b_2", "c-3:x"]) gh.add({ id, name: id, side: "party", dex: 10 });
  gh.start();
  gh.declareMany({ "a.1": ["melee"], "b_2": ["spell"], "c-3:x": ["ranged"] });
  gh.rollInitiative();
  gh.endTurn();
  const order = gh.order();
  const totals = Object.fromEntries(gh.participants().map((p) => [p.id, p.initiative?.total]));
  assert.equal(order.length, 3);
  order.forEach((entry, i) => {
    assert.equal(entry.actor.type, "participant");
    const id = entry.actor.type === "participant" ? entry.actor.participant : "";
    assert.equal(entry.count, totals[id], id);
    assert.equal(typeof entry.count, "number");
    assert.deepEqual([entry.done, entry.current], [i === 0, i === 1], id);
    assert.deepEqual(Object.keys(entry).sort(), ["actor", "count", "current", "done"]);
  });
  assert.deepEqual(order.map((e) => (e.actor.type === "participant" ? e.actor.participant : "")).sort(), ["a.1", "b_2", "c-3:x"]);
});
