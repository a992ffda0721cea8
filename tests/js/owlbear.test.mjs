// turnkeeper/owlbear's logic in Node, against an in-memory room that behaves like Owlbear's
// (metadata merged per key and refused over 16 KB, broadcast to the other connections). The
// same kit runs against the real SDK in Chromium in tests/browser/owlbear.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TurnkeeperError } from "turnkeeper";
import { OwlbearSync, ROOM_METADATA_LIMIT, jsonBytes } from "turnkeeper/owlbear";

/** An in-memory room: every client gets an `OwlbearApi`; `drop` loses broadcasts. */
function makeRoom() {
  /** @type {Record<string, unknown>} */
  let metadata = {};
  /** @type {Set<{ conn: string, channel: string, cb: (e: { data: unknown, connectionId: string }) => void }>} */
  const subs = new Set();
  /** @type {Set<(m: Record<string, unknown>) => void>} */
  const metaSubs = new Set();
  const room = {
    drop: 0,
    /** Hold back metadata change events (so only broadcasts and gaps move the players). */
    quiet: false,
    get metadata() {
      return metadata;
    },
    /** @param {string} conn @param {"GM" | "PLAYER"} role @param {string} id */
    client(conn, role, id) {
      return {
        player: { getRole: async () => role, getId: async () => id },
        room: {
          getMetadata: async () => structuredClone(metadata),
          /** @param {Record<string, unknown>} update */
          setMetadata: async (update) => {
            const next = { ...metadata, ...structuredClone(update) };
            if (jsonBytes(next) > ROOM_METADATA_LIMIT) throw new Error("metadata over 16kB");
            metadata = next;
            await Promise.resolve();
            if (!room.quiet) for (const cb of metaSubs) cb(structuredClone(metadata));
          },
          /** @param {(m: Record<string, unknown>) => void} cb */
          onMetadataChange: (cb) => {
            metaSubs.add(cb);
            return () => metaSubs.delete(cb);
          },
        },
        broadcast: {
          /** @param {string} channel @param {unknown} data */
          sendMessage: async (channel, data) => {
            if (jsonBytes(data) > 16 * 1024) throw new Error("broadcast over 16kB");
            if (channel.endsWith("/batch") && room.drop > 0) {
              room.drop--;
              return;
            }
            const copy = structuredClone(data);
            await Promise.resolve();
            for (const s of subs) if (s.channel === channel && s.conn !== conn) s.cb({ data: copy, connectionId: conn });
          },
          /** @param {string} channel @param {(e: { data: unknown, connectionId: string }) => void} cb */
          onMessage: (channel, cb) => {
            const s = { conn, channel, cb };
            subs.add(s);
            return () => subs.delete(s);
          },
        },
      };
    },
  };
  return room;
}

const settle = () => new Promise((r) => setTimeout(r, 10));
const NS = "com.example.initiative";

test("GM runs a Greyhawk round; a player converges, requests, heals a gap, and the limit refuses cleanly", async () => {
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "gh5e", seed: 7 } });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS });

  await gm.addToken({ id: "item-rath", name: "Rath", createdUserId: "u-p" }, { participant: { dex: 12 } });
  await gm.addToken({ id: "item-troll", name: "Troll", createdUserId: "u-gm" });
  await gm.run({ type: "start" });
  await settle();
  assert.equal(player.encounter.participants().length, 2);
  assert.deepEqual(player.mine(), ["t1"]);
  assert.equal(player.participantOf("item-rath"), "t1");

  // The player declares for their own token; not for the troll.
  await player.request({ type: "declare", participant: "t1", declaration: ["move", "melee"] });
  await assert.rejects(player.request({ type: "declare", participant: "t2", declaration: ["melee"] }), { code: "NOT_ALLOWED" });
  await gm.run({ type: "declare", participant: "t2", declaration: { system: "greyhawk", activities: ["melee"] } });
  await gm.run({ type: "rollInitiative" });
  await settle();
  assert.deepEqual(player.encounter.order(), gm.encounter.order());
  assert.equal(player.seq, gm.seq);

  // A dropped broadcast: the next batch shows a gap and the player restores from metadata.
  room.drop = 1;
  await gm.run({ type: "addEffects", effects: [/** @type {any} */ ({ target: "t2", condition: "prone", duration: { type: "rounds", count: 2 } })] });
  await gm.run({ type: "endTurn" });
  await settle();
  assert.equal(player.seq, gm.seq);
  assert.deepEqual(player.encounter.toJSON(), gm.encounter.toJSON());

  // Over the limit: refused with LIMIT_EXCEEDED; GM and room keep the last good state.
  const before = gm.encounter.toJSON();
  const seq = gm.seq;
  room.metadata; // other extensions' keys count too:
  await room.client("c-other", "GM", "u-gm").room.setMetadata({ "com.other/big": "x".repeat(ROOM_METADATA_LIMIT - gm.metadataBytes() - 40) });
  await assert.rejects(
    gm.addToken({ id: "item-goblin", name: "Goblin with a long name", createdUserId: "u-gm" }),
    (e) => e instanceof TurnkeeperError && e.code === "LIMIT_EXCEEDED" && /16384-byte limit/.test(e.message),
  );
  assert.deepEqual(gm.encounter.toJSON(), before);
  assert.equal(gm.seq, seq);
  assert.equal(gm.participantOf("item-goblin"), undefined);
  await settle();
  assert.deepEqual(player.encounter.toJSON(), before);
  // Nothing was lost: the next command that fits goes through.
  await gm.run({ type: "endTurn" });
  await settle();
  assert.equal(player.seq, gm.seq);
  gm.close();
  player.close();
});

test("a player who joins late or reloads restores from the room; a GM reload starts a new epoch", async () => {
  const room = makeRoom();
  let gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e", seed: 3 } });
  await gm.addToken({ id: "a", name: "Ash", createdUserId: "u-p" });
  await gm.addToken({ id: "b", name: "Imp", createdUserId: "u-gm" });
  await gm.run({ type: "start" });
  const late = await OwlbearSync.start(room.client("c-late", "PLAYER", "u-p"), { namespace: NS });
  assert.deepEqual(late.encounter.order(), gm.encounter.order());
  gm.close();
  gm = await OwlbearSync.start(room.client("c-gm2", "GM", "u-gm"), { namespace: NS });
  assert.deepEqual(gm.encounter.order(), late.encounter.order());
  const current = gm.encounter.currentParticipant();
  assert.ok(current);
  await gm.run({ type: "endTurn" });
  await settle();
  assert.deepEqual(late.encounter.toJSON(), gm.encounter.toJSON());
  gm.close();
  late.close();
});

test("with no metadata events, batches move the player and a dropped one is healed through the gap", async () => {
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "ose", seed: 11 } });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS });
  room.quiet = true;
  await gm.addToken({ id: "x", name: "Fighter", createdUserId: "u-p" }, { participant: { side: "party" } });
  await gm.addToken({ id: "y", name: "Orc", createdUserId: "u-gm" }, { participant: { side: "monsters" } });
  await settle();
  // The first batch of this GM session is a new epoch for the player: a restore, then batches.
  assert.equal(player.encounter.participants().length, 2);
  let restores = 0;
  player.onChange((why) => void (why === "restored" && restores++));
  await gm.run({ type: "start" });
  await settle();
  assert.equal(restores, 0, "in order: applied as events");
  assert.equal(player.seq, gm.seq);
  room.drop = 1;
  await gm.run({ type: "rollInitiative" });
  await settle();
  assert.equal(player.seq, gm.seq - 1, "the dropped batch is simply missing");
  await gm.run({ type: "endTurn" });
  await settle();
  assert.equal(restores, 1, "the gap was healed from the stored snapshot");
  assert.equal(player.seq, gm.seq);
  assert.deepEqual(player.encounter.toJSON(), gm.encounter.toJSON());
  gm.close();
  player.close();
});

test("a GM client that cannot even store its start in a full room says so and writes nothing", async () => {
  const room = makeRoom();
  await room.client("c-other", "GM", "u-gm").room.setMetadata({ "com.other/big": "x".repeat(ROOM_METADATA_LIMIT - 60) });
  const before = structuredClone(room.metadata);
  await assert.rejects(
    OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e" } }),
    (e) => e instanceof TurnkeeperError && e.code === "LIMIT_EXCEEDED" && /nothing was written/.test(e.message),
  );
  assert.deepEqual(room.metadata, before);
});

test("a journey kept beside the encounter: the GM's commands reach the player, in one sequence", async () => {
  const room = makeRoom();
  const journey = { ruleset: /** @type {const} */ ("hyb"), mode: /** @type {const} */ ("hybDungeon"), seed: 7 };
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "hyb" }, journey });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS, journey });
  await gm.runJourney({ type: "addMember", member: /** @type {any} */ ({ id: "ana", bestModifier: 6, strModifier: 1 }) });
  await gm.runJourney({ type: "start", mode: "hybDungeon", day: 0, start: { type: "at", hour: 8, minute: 0 } });
  await gm.addToken({ id: "a", name: "Ana", createdUserId: "u-p" });
  await gm.runJourney(/** @type {any} */ ({ type: "travelTurn", plan: {} }));
  await settle();
  assert.equal(player.seq, gm.seq);
  // The same journey, the seeded dice's position included (the core's batches carry it).
  assert.deepEqual(player.journey?.toJSON(), gm.journey?.toJSON());
  assert.deepEqual(player.encounter.toJSON(), gm.encounter.toJSON());
  assert.ok(jsonBytes(room.metadata) < ROOM_METADATA_LIMIT);
  gm.close();
  player.close();
});

test("a player whose encounter drifted is caught by the core's digest (OUT_OF_SYNC) and restores", async () => {
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e", seed: 2 } });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS });
  await gm.addToken({ id: "a", name: "Ash", createdUserId: "u-p" });
  await gm.addToken({ id: "b", name: "Imp", createdUserId: "u-gm" });
  await gm.run({ type: "start" });
  await settle();
  room.quiet = true; // only the next batch can tell the player
  // Something changes the player's copy behind the kit's back: the same number of batches,
  // a different state.
  const drifted = player.encounter.toJSON();
  player.encounter.applyEvents([/** @type {any} */ ({ type: "participantRenamed", participant: "t2", name: "Not an imp" })]);
  assert.notDeepEqual(player.encounter.toJSON(), drifted);
  /** @type {string[]} */
  const warnings = [];
  const warn = console.warn;
  console.warn = (/** @type {string} */ m) => void warnings.push(m);
  try {
    await gm.run({ type: "endTurn" });
    await settle();
  } finally {
    console.warn = warn;
  }
  assert.match(warnings.join("\n"), /refused .*restoring/);
  assert.deepEqual(player.encounter.toJSON(), gm.encounter.toJSON());
  assert.equal(player.encounter.participant("t2")?.name, "Imp");
  gm.close();
  player.close();
});

test("players cannot run commands; requests time out without a GM", async () => {
  const room = makeRoom();
  const p = await OwlbearSync.start(room.client("c", "PLAYER", "u"), { namespace: NS, requestTimeoutMs: 50 });
  await assert.rejects(p.run({ type: "start" }), { code: "NOT_ALLOWED" });
  await assert.rejects(p.request({ type: "delay", participant: "t1" }), { code: "TIMEOUT" });
  p.close();
});
