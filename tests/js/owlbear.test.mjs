// turnkeeper/owlbear's logic in Node, against an in-memory room that behaves like Owlbear's
// (metadata merged per key and refused over 16 KB, broadcast to the other connections with the
// sender's connection id set by the room, a party listing every other connection's role). The
// same kit runs against the real SDK in Chromium in tests/browser/owlbear.test.mjs.
//
// Many tests put a hostile player's connection in the room: it speaks the kit's channels and
// writes the room's metadata directly, as a modified client would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, TurnkeeperError } from "turnkeeper";
import { OwlbearSync, ROOM_METADATA_LIMIT, jsonBytes } from "turnkeeper/owlbear";

/** Broadcasts sent and metadata written in every fake room so far (see `settle`). */
let traffic = 0;

/** @typedef {{ id: string, connectionId: string, role: "GM" | "PLAYER" }} Member */

/** An in-memory room: every client gets an `OwlbearApi`; `drop` loses broadcasts. */
function makeRoom() {
  /** @type {Record<string, unknown>} */
  let metadata = {};
  /** @type {Set<{ conn: string, channel: string, cb: (e: { data: unknown, connectionId: string }) => void }>} */
  const subs = new Set();
  /** @type {Set<(m: Record<string, unknown>) => void>} */
  const metaSubs = new Set();
  /** @type {Set<{ conn: string, cb: (players: Member[]) => void }>} */
  const partySubs = new Set();
  /** @type {Map<string, Member>} */
  const members = new Map();
  const others = (/** @type {string} */ conn) => [...members.values()].filter((m) => m.connectionId !== conn).map((m) => ({ ...m }));
  const notifyParty = () => {
    for (const s of partySubs) s.cb(others(s.conn));
  };
  const room = {
    drop: 0,
    /** Hold back metadata change events (so only broadcasts and gaps move the players). */
    quiet: false,
    /** Every broadcast sent, as the room carried it (what any connection can read). */
    /** @type {{ channel: string, data: unknown, connectionId: string }[]} */
    sent: [],
    get metadata() {
      return metadata;
    },
    /** A connection leaves the room. @param {string} conn */
    leave(conn) {
      members.delete(conn);
      for (const s of [...subs]) if (s.conn === conn) subs.delete(s);
      notifyParty();
    },
    /** @param {string} conn @param {"GM" | "PLAYER"} role @param {string} id */
    client(conn, role, id) {
      members.set(conn, { id, connectionId: conn, role });
      notifyParty();
      return {
        player: { getRole: async () => role, getId: async () => id, getConnectionId: async () => conn },
        party: {
          getPlayers: async () => others(conn),
          /** @param {(players: Member[]) => void} cb */
          onChange: (cb) => {
            const s = { conn, cb };
            partySubs.add(s);
            return () => partySubs.delete(s);
          },
        },
        room: {
          id: "room-1",
          getMetadata: async () => structuredClone(metadata),
          /** @param {Record<string, unknown>} update */
          setMetadata: async (update) => {
            const next = { ...metadata, ...structuredClone(update) };
            if (jsonBytes(next) > ROOM_METADATA_LIMIT) throw new Error("metadata over 16kB");
            metadata = next;
            traffic++;
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
            room.sent.push({ channel, data: structuredClone(data), connectionId: conn });
            traffic++;
            await Promise.resolve();
            for (const s of subs) if (s.channel === channel && s.conn !== conn) s.cb({ data: structuredClone(copy), connectionId: conn });
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

/** A GM's device storage (what `localStorage` is in a browser). */
function device() {
  const m = new Map();
  return { getItem: (/** @type {string} */ k) => m.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void m.set(k, v), map: m };
}

/**
 * Wait until the room has gone quiet: no broadcast or metadata write for 25 ms (bounded at
 * 10 s, for a loaded machine). A handler that answers or writes back is waited for too, so a
 * forged message that changes nothing has been handled by the time this returns.
 */
async function settle() {
  for (let i = 0; i < 400; i++) {
    const before = traffic;
    await new Promise((r) => setTimeout(r, 25));
    if (traffic === before) return;
  }
}
const NS = "com.example.initiative";
const BATCH = `${NS}/batch`;
const REQUEST = `${NS}/request`;
const KEY = `${NS}/turnkeeper`;

/** A GM and a player with two tokens (the player's and the GM's), started. */
async function table(/** @type {import("turnkeeper").EncounterOptions} */ encounter = { ruleset: "gh5e", seed: 7 }) {
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter, privateStore: device(), requestTimeoutMs: 300 });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS, requestTimeoutMs: 300 });
  await gm.addToken({ id: "item-rath", name: "Rath", createdUserId: "u-p" }, { participant: { dex: 12 } });
  await gm.addToken({ id: "item-troll", name: "Troll", createdUserId: "u-gm" });
  const rath = /** @type {string} */ (gm.participantOf("item-rath"));
  const troll = /** @type {string} */ (gm.participantOf("item-troll"));
  await settle();
  return { room, gm, player, rath, troll };
}

/** Wait (up to a generous bound, for a loaded machine) until `ready()` holds. */
async function until(/** @type {() => boolean} */ ready) {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((r) => setTimeout(r, 10));
}

/** The player's state equals the players' view of the GM's (waiting for the room to deliver). */
async function inStep(/** @type {OwlbearSync} */ gm, /** @type {OwlbearSync} */ player) {
  await until(() => player.seq === gm.seq && JSON.stringify(player.encounter) === gm.encounter.playerView());
  assert.equal(player.seq, gm.seq);
  assert.equal(JSON.stringify(player.encounter), gm.encounter.playerView());
}

test("GM runs a Greyhawk round; a player converges, requests, heals a gap", async () => {
  const { room, gm, player, rath, troll } = await table();
  await gm.run({ type: "start" });
  await settle();
  assert.equal(player.encounter.participants().length, 2);
  assert.deepEqual(player.mine(), [rath]);
  assert.equal(player.participantOf("item-rath"), rath);
  assert.match(rath, /^t[0-9a-z]{5}$/, "random short ids, which count nothing");

  // The player declares for their own token; not for the troll.
  await player.request({ type: "declare", participant: rath, activities: ["move", "melee"] });
  await assert.rejects(player.request({ type: "declare", participant: troll, activities: ["melee"] }), { code: "NOT_ALLOWED" });
  await gm.run({ type: "declare", participant: troll, declaration: { system: "greyhawk", activities: ["melee"] } });
  await gm.run({ type: "rollInitiative" });
  await settle();
  assert.deepEqual(player.encounter.order(), gm.encounter.order());
  await inStep(gm, player);

  // A dropped broadcast: the next batch shows a gap and the player restores from metadata.
  room.drop = 1;
  await gm.run({ type: "addEffects", effects: [/** @type {any} */ ({ target: troll, condition: "prone", duration: { type: "rounds", count: 2 } })] });
  await gm.run({ type: "endTurn" });
  await settle();
  await inStep(gm, player);
  gm.close();
  player.close();
});

test("an oversized view is refused before it runs: the GM's undo history is kept, and a full room is named plainly", async () => {
  const { room, gm, player, troll } = await table();
  await gm.run({ type: "start" });
  await gm.run({ type: "addEffects", effects: [/** @type {any} */ ({ target: troll, condition: "prone", duration: { type: "untilRemoved" } })] });
  await settle();
  const before = gm.encounter.toJSON();
  const seq = gm.seq;
  // A room member (or another extension) fills the shared metadata.
  await room.client("c-filler", "PLAYER", "u-filler").room.setMetadata({ "com.other/big": "x".repeat(ROOM_METADATA_LIMIT - gm.metadataBytes() - 40) });
  await assert.rejects(
    gm.addToken({ id: "item-goblin", name: "Goblin with a long name", createdUserId: "u-gm" }),
    (e) => e instanceof TurnkeeperError && e.code === "LIMIT_EXCEEDED" && /16384-byte limit/.test(e.message) && /com\.other\/big: \d+ bytes/.test(e.message) && /written by a room member/.test(e.message),
  );
  assert.deepEqual(gm.encounter.toJSON(), before);
  assert.equal(gm.seq, seq);
  assert.equal(gm.participantOf("item-goblin"), undefined);
  // The undo history survived the refusal: the GM takes back the effect it added before.
  await gm.run({ type: "undo", commands: 1 });
  assert.equal(gm.encounter.effects(troll).length, 0);
  await settle();
  await inStep(gm, player);
  gm.close();
  player.close();
});

test("a GM client that cannot even store its start in a full room says so and writes nothing", async () => {
  const room = makeRoom();
  await room.client("c-other", "GM", "u-gm").room.setMetadata({ "com.other/big": "x".repeat(ROOM_METADATA_LIMIT - 60) });
  room.leave("c-other");
  const before = structuredClone(room.metadata);
  await assert.rejects(
    OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e" }, privateStore: null }),
    (e) => e instanceof TurnkeeperError && e.code === "LIMIT_EXCEEDED" && /nothing was written/.test(e.message),
  );
  assert.deepEqual(room.metadata, before);
});

test("hidden participants, blind commands and seeds never reach the room: broadcasts and metadata carry the players' view", async () => {
  const journey = { ruleset: /** @type {const} */ ("ose"), seed: 3 };
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e", seed: 12 }, journey, privateStore: device() });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS, journey });
  await gm.addToken({ id: "item-ana", name: "Ana", createdUserId: "u-p" }, { participant: { dex: 14 } });
  await gm.addToken({ id: "item-lurker", name: "Lurker", createdUserId: "u-gm" }, { participant: { dex: 16, hidden: true } });
  const lurker = /** @type {string} */ (gm.participantOf("item-lurker"));
  await gm.run({ type: "start" });
  await gm.run({ type: "endTurn" });
  await gm.run({ type: "rename", participant: /** @type {string} */ (gm.participantOf("item-ana")), name: "Ana the Bold" }, { blind: true });
  await gm.runJourney({ type: "addMember", member: /** @type {any} */ ({ id: "pc" }) });
  await gm.runJourney({ type: "start", mode: "oseDungeon", day: 0, start: { type: "at", hour: 8, minute: 0 } });
  await gm.runJourney(/** @type {any} */ ({ type: "dungeonTurn", action: { type: "search", attempts: [{ by: "pc", target: "wall", kind: "secretDoor", present: true }] } }));
  await settle();
  const seen = JSON.stringify(room.sent) + JSON.stringify(room.metadata);
  for (const secret of ["Lurker", lurker, "item-lurker", "hidden", "present", "success", "\"seed\"", "\"dice\""]) {
    assert.ok(!seen.includes(secret), `a player can read ${secret}`);
  }
  const blind = room.sent.filter((m) => m.channel === BATCH && /** @type {any} */ (m.data).kind === "batch" && /** @type {any} */ (m.data).batch?.includes("Ana the Bold"));
  assert.ok(blind.length > 0 && blind.every((m) => JSON.parse(/** @type {any} */ (m.data).batch).events[0].type === "restored"), "a blind command reaches players as the state it led to");
  assert.equal(gm.encounter.participants().length, 2);
  assert.equal(player.encounter.participants().length, 1);
  assert.deepEqual(Object.keys(player.tokens()), ["item-ana"]);
  await inStep(gm, player);
  assert.equal(JSON.stringify(player.journey), gm.journey?.playerView());
  gm.close();
  player.close();
});

test("a GM who reloads resumes its whole state from its own device; a late player starts from the players' view", async () => {
  const room = makeRoom();
  const store = device();
  let gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e", seed: 3 }, privateStore: store });
  await gm.addToken({ id: "a", name: "Ash", createdUserId: "u-p" });
  await gm.addToken({ id: "b", name: "Imp", createdUserId: "u-gm" }, { participant: /** @type {any} */ ({ hidden: true, fixedCount: 30 }) });
  await gm.run({ type: "start" });
  const whole = gm.encounter.toJSON();
  const late = await OwlbearSync.start(room.client("c-late", "PLAYER", "u-p"), { namespace: NS });
  await inStep(gm, late);
  gm.close();
  room.leave("c-gm");
  gm = await OwlbearSync.start(room.client("c-gm2", "GM", "u-gm"), { namespace: NS, privateStore: store });
  assert.ok(gm.isLeader);
  assert.deepEqual(gm.encounter.toJSON(), whole, "the hidden imp is back, from the GM's device");
  assert.equal(gm.participantOf("b") !== undefined, true);
  await gm.run({ type: "endTurn" });
  await settle();
  await inStep(gm, late);
  gm.close();
  late.close();
});

test("a GM who restarts in a room a member rewrote resumes its own device's copy and puts it back", async () => {
  const room = makeRoom();
  const store = device();
  let gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e", seed: 3 }, privateStore: store });
  await gm.addToken({ id: "a", name: "Ash", createdUserId: "u-p" });
  const whole = gm.encounter.toJSON();
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS });
  gm.close();
  room.leave("c-gm");
  // While no GM is there, a member writes a state of its own with a huge seq.
  const fake = new Encounter({ ruleset: "a5e" });
  fake.execute({ type: "addParticipant", participant: /** @type {any} */ ({ id: "zz", name: "Fake dragon", side: "foes" }) });
  await room.client("c-evil", "PLAYER", "u-evil").room.setMetadata({ [KEY]: { .../** @type {any} */ (room.metadata[KEY]), seq: Number.MAX_SAFE_INTEGER, encounter: fake.toJSON() } });
  await settle();
  assert.equal(player.encounter.participant("zz"), undefined, "no GM announced it: the player did not load it");
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    gm = await OwlbearSync.start(room.client("c-gm2", "GM", "u-gm"), { namespace: NS, privateStore: store });
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(gm.encounter.toJSON(), whole);
  assert.ok(!JSON.stringify(room.metadata[KEY]).includes("Fake dragon"), "the room holds the GM's state again");
  assert.ok(JSON.stringify(room.metadata[KEY]).includes("Ash"));
  await gm.run({ type: "start" });
  await inStep(gm, player);
  gm.close();
  player.close();
});

test("a player's forged batches are never applied: next seq with a valid digest, bare events, a restored event, a token map", async () => {
  const { room, gm, player, rath, troll } = await table();
  await gm.run({ type: "start" });
  await settle();
  const evil = room.client("c-evil", "PLAYER", "u-evil");
  const good = JSON.stringify(player.encounter);
  const epoch = /** @type {any} */ (room.metadata[KEY]).epoch;
  // A batch the core itself would accept: the next seq, the digest of the forged state.
  // Made as the GM's client would make it (a player's copy applies no bare events, so the
  // forger runs the command on a copy of the whole state): the next seq, the view's digest.
  const forged = Encounter.fromJSON(gm.encounter.toJSON());
  const batch = forged.executeForPlayers({ type: "rename", participant: troll, name: "Harmless" }).players;
  const renamed = batch.events;
  const core = JSON.stringify(batch);
  await evil.broadcast.sendMessage(BATCH, { kind: "batch", seq: player.seq + 1, epoch, stream: "encounter", batch: core, hash: "0".repeat(64) });
  // A bare event array, and a bare `restored` event (it would replace the whole state).
  await evil.broadcast.sendMessage(BATCH, { kind: "batch", seq: player.seq + 1, epoch, stream: "encounter", batch: JSON.stringify(renamed), hash: "0".repeat(64) });
  const other = new Encounter({ ruleset: "gh5e" });
  other.execute({ type: "addParticipant", participant: /** @type {any} */ ({ id: "x", name: "Forged", side: "foes" }) });
  const restored = other.executeBatch({ type: "undo", commands: 1 }).events;
  await evil.broadcast.sendMessage(BATCH, { kind: "batch", seq: player.seq + 1, epoch, stream: "encounter", batch: JSON.stringify(restored), hash: "0".repeat(64) });
  // A token map giving the evil player the troll.
  await evil.broadcast.sendMessage(BATCH, { kind: "batch", seq: player.seq + 1, epoch, stream: "encounter", attach: { "item-troll": { participant: troll, owner: "u-p" } }, hash: "0".repeat(64) });
  // And a head announcing a state of its own.
  await evil.broadcast.sendMessage(BATCH, { kind: "head", seq: 1e9, epoch, hash: "0".repeat(64) });
  await settle();
  assert.equal(JSON.stringify(player.encounter), good);
  assert.deepEqual(player.mine(), [rath]);
  // The GM's next command still reaches the player.
  await gm.run({ type: "rename", participant: rath, name: "Rath the Red" });
  await settle();
  await inStep(gm, player);
  gm.close();
  player.close();
});

test("a forged metadata write (the GM's epoch, seq 1e9) is not loaded, is put back by the GM, and freezes nobody", async () => {
  const { room, gm, player, rath, troll } = await table();
  await gm.run({ type: "start" });
  await settle();
  const evil = room.client("c-evil", "PLAYER", "u-evil");
  const stored = /** @type {any} */ (structuredClone(room.metadata[KEY]));
  const fake = new Encounter({ ruleset: "gh5e" });
  fake.execute({ type: "addParticipant", participant: /** @type {any} */ ({ id: "zz", name: "Fake dragon", side: "foes" }) });
  await evil.room.setMetadata({ [KEY]: { ...stored, seq: 1e9, encounter: fake.toJSON() } });
  await until(() => JSON.stringify(room.metadata[KEY]) === JSON.stringify(stored));
  assert.equal(player.encounter.participant("zz"), undefined, "the player did not load it");
  assert.deepEqual(room.metadata[KEY], stored, "the GM put its state back");
  // A late player starts from the GM's state, not the forgery; a later forgery during a gap
  // does not stop the player from healing once the GM rewrites.
  const late = await OwlbearSync.start(room.client("c-late", "PLAYER", "u-late"), { namespace: NS });
  await inStep(gm, late);
  await gm.run({ type: "addEffects", effects: [/** @type {any} */ ({ target: troll, condition: "prone", duration: { type: "untilRemoved" } })] });
  await settle();
  await inStep(gm, player);
  room.drop = 1;
  await gm.run({ type: "rename", participant: rath, name: "Rath the Bold" });
  await evil.room.setMetadata({ [KEY]: { ...stored, seq: 1e9, encounter: fake.toJSON() } });
  await gm.run({ type: "rename", participant: rath, name: "Rath the Brave" });
  await settle();
  await inStep(gm, player);
  await inStep(gm, late);
  gm.close();
  player.close();
  late.close();
});

test("requests are authorised by the sending connection: no acting for another player's token or the GM's, whatever `from` says", async () => {
  const { room, gm, player, rath, troll } = await table();
  await gm.run({ type: "start" });
  await settle();
  const other = await OwlbearSync.start(room.client("c-p2", "PLAYER", "u-p2"), { namespace: NS, requestTimeoutMs: 300 });
  await assert.rejects(other.request({ type: "declare", participant: rath, activities: ["melee"] }), { code: "NOT_ALLOWED" });
  // A raw request claiming to be from the owner, and one for the GM's troll.
  const evil = room.client("c-evil", "PLAYER", "u-evil");
  /** @type {any[]} */
  const answers = [];
  evil.broadcast.onMessage(REQUEST, (e) => void (/** @type {any} */ (e.data).kind === "answer" && answers.push(e.data)));
  await evil.broadcast.sendMessage(REQUEST, { kind: "request", id: "r1", from: "u-p", request: { type: "declare", participant: rath, activities: ["melee"] } });
  await evil.broadcast.sendMessage(REQUEST, { kind: "request", id: "r2", from: "u-gm", request: { type: "declare", participant: troll, activities: ["melee"] } });
  await settle();
  assert.deepEqual(answers.map((a) => [a.id, a.ok, a.code, a.to]), [["r1", false, "NOT_ALLOWED", "c-evil"], ["r2", false, "NOT_ALLOWED", "c-evil"]]);
  assert.equal(gm.encounter.participant(rath)?.declaration, undefined);
  assert.equal(gm.encounter.participant(troll)?.declaration, undefined);
  other.close();
  gm.close();
  player.close();
});

test("a fake answer from a player is ignored: the request resolves with the GM's answer", async () => {
  const { room, gm, player, rath } = await table();
  await gm.run({ type: "start" });
  await settle();
  const evil = room.client("c-evil", "PLAYER", "u-evil");
  // The evil client answers every request first, "refused".
  evil.broadcast.onMessage(REQUEST, (e) => {
    const m = /** @type {any} */ (e.data);
    if (m.kind === "request") void evil.broadcast.sendMessage(REQUEST, { kind: "answer", id: m.id, to: e.connectionId, ok: false, code: "NOT_ALLOWED", message: "refused" });
  });
  await player.request({ type: "declare", participant: rath, activities: ["move"] });
  await settle();
  assert.deepEqual(/** @type {any} */ (player.encounter.participant(rath)?.declaration)?.activities, ["move"]);
  gm.close();
  player.close();
});

test("a declaration request carries activities only: bonus steps and advantage are the GM's to grant", async () => {
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), {
    namespace: NS,
    encounter: { ruleset: "gh5e", seed: 5 },
    privateStore: null,
    // The GM's rule: a hasted hero gets one step faster.
    declaration: (participant, _activities, enc) => (enc.participant(participant)?.name === "Hasted" ? { steps: [{ effect: "bonus" }] } : {}),
  });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS, requestTimeoutMs: 300 });
  await gm.addToken({ id: "a", name: "Hasted", createdUserId: "u-p" });
  await gm.addToken({ id: "b", name: "Plain", createdUserId: "u-p" });
  await gm.run({ type: "start" });
  await settle();
  const hasted = /** @type {string} */ (gm.participantOf("a"));
  const plain = /** @type {string} */ (gm.participantOf("b"));
  // Through the kit: a request with modifiers is refused before it is sent.
  await assert.rejects(player.request(/** @type {any} */ ({ type: "declare", participant: plain, activities: ["melee"], steps: [{ effect: "bonus" }, { effect: "bonus" }], mode: "advantage" })), { code: "INVALID_ARGUMENT" });
  // Raw, from the player's own connection: a whole declaration, and activities with modifiers.
  const raw = room.client("c-p", "PLAYER", "u-p");
  /** @type {any[]} */
  const answers = [];
  raw.broadcast.onMessage(REQUEST, (e) => void (/** @type {any} */ (e.data).kind === "answer" && answers.push(e.data)));
  await raw.broadcast.sendMessage(REQUEST, { kind: "request", id: "d1", request: { type: "declare", participant: plain, declaration: { system: "greyhawk", activities: ["melee"], steps: [{ effect: "bonus" }], mode: "advantage" } } });
  await raw.broadcast.sendMessage(REQUEST, { kind: "request", id: "d2", request: { type: "declare", participant: plain, activities: ["melee"], mode: "advantage" } });
  await settle();
  assert.deepEqual(answers.filter((a) => a.id.startsWith("d")).map((a) => [a.id, a.ok, a.code]), [["d1", false, "INVALID_ARGUMENT"], ["d2", false, "INVALID_ARGUMENT"]]);
  assert.equal(gm.encounter.participant(plain)?.declaration, undefined);
  // The GM's policy grants what the GM decided.
  await player.request({ type: "declare", participant: hasted, activities: ["melee"] });
  assert.deepEqual(/** @type {any} */ (gm.encounter.participant(hasted)?.declaration)?.steps, [{ effect: "bonus" }]);
  await player.request({ type: "declare", participant: plain, activities: ["melee"] });
  assert.equal(/** @type {any} */ (gm.encounter.participant(plain)?.declaration)?.steps, undefined);
  gm.close();
  player.close();
});

test("two GMs: the second follows the leader, cannot overwrite the room, and ids stay unique", async () => {
  const { room, gm, player, troll } = await table();
  await gm.run({ type: "start" });
  await settle();
  const stored = structuredClone(room.metadata[KEY]);
  const second = await OwlbearSync.start(room.client("c-gm-b", "GM", "u-gm2"), { namespace: NS, encounter: { ruleset: "ose" }, privateStore: device(), requestTimeoutMs: 300 });
  assert.equal(second.isLeader, false);
  assert.deepEqual(room.metadata[KEY], stored, "the second GM's start wrote nothing");
  await inStep(gm, second);
  await assert.rejects(second.run({ type: "endTurn" }), { code: "NOT_ALLOWED" });
  await assert.rejects(second.addToken({ id: "item-x", name: "X", createdUserId: "u-gm2" }), { code: "NOT_ALLOWED" });
  // It asks the leader instead, for any participant (a player may not).
  await second.request({ type: "declare", participant: troll, activities: ["melee"] });
  assert.deepEqual(/** @type {any} */ (gm.encounter.participant(troll)?.declaration)?.activities, ["melee"]);
  await gm.addToken({ id: "item-ogre", name: "Ogre", createdUserId: "u-gm" }, { participant: { hidden: true } });
  await gm.run({ type: "addEffects", effects: [/** @type {any} */ ({ target: troll, condition: "prone", duration: { type: "untilRemoved" } })] });
  await settle();
  await inStep(gm, second);
  await inStep(gm, player);
  const ids = gm.encounter.participants().map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
  second.close();
  gm.close();
  player.close();
});

test("two GM clients that start together: one leads, the other steps down and follows", async () => {
  const room = makeRoom();
  const a = room.client("c-gm-a", "GM", "u-a");
  const b = room.client("c-gm-b", "GM", "u-b");
  const [ga, gb] = await Promise.all([
    OwlbearSync.start(a, { namespace: NS, encounter: { ruleset: "gh5e" }, privateStore: null, requestTimeoutMs: 50 }),
    OwlbearSync.start(b, { namespace: NS, encounter: { ruleset: "gh5e" }, privateStore: null, requestTimeoutMs: 50 }),
  ]);
  await until(() => ga.isLeader !== gb.isLeader);
  assert.deepEqual([ga.isLeader, gb.isLeader], [true, false], "the smaller connection id leads");
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS, requestTimeoutMs: 300 });
  await ga.addToken({ id: "t", name: "Troll", createdUserId: "u-a" });
  await settle();
  await inStep(ga, gb);
  await inStep(ga, player);
  ga.close();
  gb.close();
  player.close();
});

test("with no metadata events, batches move the player and a dropped one is healed through the gap", async () => {
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "ose", seed: 11 }, privateStore: null });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS });
  room.quiet = true;
  await gm.addToken({ id: "x", name: "Fighter", createdUserId: "u-p" }, { participant: { side: "party" } });
  await gm.addToken({ id: "y", name: "Orc", createdUserId: "u-gm" }, { participant: { side: "monsters" } });
  await settle();
  assert.equal(player.encounter.participants().length, 2);
  let restores = 0;
  player.onChange((why) => void (why === "restored" && restores++));
  await gm.run({ type: "start" });
  await settle();
  assert.equal(restores, 0, "in order: applied as events");
  room.drop = 1;
  await gm.run({ type: "rollInitiative" });
  await settle();
  assert.equal(player.seq, gm.seq - 1, "the dropped batch is simply missing");
  await gm.run({ type: "endTurn" });
  await inStep(gm, player);
  assert.equal(restores, 1, "the gap was healed from the stored snapshot");
  gm.close();
  player.close();
});

test("a player whose encounter drifted is caught by the core's digest (OUT_OF_SYNC) and restores", async () => {
  const { room, gm, player, troll } = await table({ ruleset: "a5e", seed: 2 });
  await gm.run({ type: "start" });
  await settle();
  room.quiet = true; // only the next batch can tell the player
  // A drifted copy: it took a checked batch from some other state of the fight (the copy applies
  // nothing else), so its seq and digest no longer follow the GM's.
  player.encounter.applyEvents(Encounter.fromJSON(gm.encounter.toJSON()).executeForPlayers({ type: "rename", participant: troll, name: "Not a troll" }).players);
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
  await inStep(gm, player);
  assert.equal(player.encounter.participant(troll)?.name, "Troll");
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

test("a GM client with nothing saved starts a new encounter: a member's whole encounter in the room (its seed, its owners) is never taken as the GM's", async () => {
  const room = makeRoom();
  // Before any GM opens the room, a player writes an encounter of its own making: a seed it
  // chose, a creature, and a token it says it owns.
  const planted = new Encounter({ ruleset: "gh5e", seed: 1337 });
  planted.execute({ type: "addParticipant", participant: /** @type {any} */ ({ id: "tplant", name: "Ogre", side: "foes" }) });
  const evil = room.client("c-evil", "PLAYER", "u-evil");
  await evil.room.setMetadata({ [KEY]: { v: 2, seq: 0, epoch: "e-evil", encounter: planted.toJSON(), tokens: { "item-ogre": { participant: "tplant", owner: "u-evil" } } } });
  const warnings = /** @type {unknown[][]} */ ([]);
  const warn = console.warn;
  console.warn = (...a) => void warnings.push(a);
  let gm;
  try {
    gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "gh5e" }, privateStore: null });
  } finally {
    console.warn = warn;
  }
  assert.ok(gm.isLeader);
  assert.equal(gm.encounter.participant("tplant"), undefined, "the planted creature is not the GM's");
  assert.deepEqual(gm.tokens(), {}, "nor is the planted token's owner");
  assert.match(String(warnings.flat().join(" ")), /starts a new encounter/);
  // The GM's client can run commands (a players' view loaded as its state could not), and the
  // room now holds the GM's state.
  await gm.addToken({ id: "item-troll", name: "Troll", createdUserId: "u-gm" });
  await gm.run({ type: "start" });
  await settle();
  const stored = JSON.stringify(room.metadata[KEY]);
  assert.ok(!stored.includes("Ogre") && !stored.includes("item-ogre") && stored.includes("Troll"));
  gm.close();
});

test("a creature a hidden one controls is left out of the room's tokens and the attach broadcast, as the core leaves it out of the view", async () => {
  const room = makeRoom();
  const gm = await OwlbearSync.start(room.client("c-gm", "GM", "u-gm"), { namespace: NS, encounter: { ruleset: "a5e", seed: 5 }, privateStore: device() });
  const player = await OwlbearSync.start(room.client("c-p", "PLAYER", "u-p"), { namespace: NS });
  await gm.addToken({ id: "item-ana", name: "Ana", createdUserId: "u-p" });
  await gm.addToken({ id: "item-necro", name: "Necromancer", createdUserId: "u-gm" }, { participant: { hidden: true } });
  const necro = /** @type {string} */ (gm.participantOf("item-necro"));
  await gm.addToken({ id: "item-zombie", name: "Zombie", createdUserId: "u-gm" }, { participant: /** @type {any} */ ({ controller: necro }) });
  const zombie = /** @type {string} */ (gm.participantOf("item-zombie"));
  await gm.run({ type: "start" });
  await settle();
  assert.equal(gm.encounter.participants().length, 3);
  const seen = JSON.stringify(room.sent) + JSON.stringify(room.metadata);
  for (const secret of ["item-zombie", zombie, "item-necro", necro]) assert.ok(!seen.includes(secret), `a player can read ${secret}`);
  assert.deepEqual(Object.keys(player.tokens()), ["item-ana"]);
  await inStep(gm, player);
  gm.close();
  player.close();
});

test("a member's write that lands while the GM's own write is in flight is put back when that write ends", async () => {
  const { room, gm, player, troll } = await table();
  await gm.run({ type: "start" });
  await settle();
  // The member watches the room and overwrites the GM's key as soon as the GM's next state
  // appears, while the GM's client is still sending its broadcast.
  const evil = room.client("c-evil", "PLAYER", "u-evil");
  const forged = { v: 2, seq: 0, epoch: "e-evil", encounter: new Encounter({ ruleset: "gh5e" }).toJSON(), tokens: {} };
  let armed = true;
  const stop = evil.room.onMetadataChange((m) => {
    if (armed && JSON.stringify(m[KEY]).includes("Troll the Great")) {
      armed = false;
      void evil.room.setMetadata({ [KEY]: forged });
    }
  });
  await gm.run({ type: "rename", participant: troll, name: "Troll the Great" });
  await settle();
  stop();
  assert.equal(armed, false, "the forgery was written");
  assert.ok(JSON.stringify(room.metadata[KEY]).includes("Troll the Great"), "the GM's state is back in the room");
  // A player joining now starts from the GM's state.
  const late = await OwlbearSync.start(room.client("c-late", "PLAYER", "u-late"), { namespace: NS, requestTimeoutMs: 300 });
  await inStep(gm, late);
  assert.equal(late.encounter.participants().length, 2);
  gm.close();
  player.close();
  late.close();
});
