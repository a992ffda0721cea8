// turnkeeper/foundry's helpers in Node, against a small stand-in of the Combat / Combatant /
// Actor / ActiveEffect surface that Foundry v13's types declare (only what the helpers touch;
// tests/foundry checks with tsc that the real types fit the helpers' structural types).
// Foundry itself is not run here: it cannot be installed on this machine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { a5e, Encounter } from "turnkeeper";
import { CombatKeeper, sortCombatants, participantFromCombatant, foundryDuration } from "turnkeeper/foundry";

const MODULE = "turnkeeper-greyhawk";
/** Messages sent and delivered over every socket hub so far (see `socketHub`). */
let traffic = 0;
/**
 * Wait until the sockets have gone quiet: no message sent or delivered for 25 ms (bounded at
 * 10 s, for a loaded machine). A handler that answers sends again, so its answer is waited for
 * too; a forged message that changes nothing has been handled by the time this returns.
 */
async function settle() {
  for (let i = 0; i < 400; i++) {
    const before = traffic;
    await new Promise((r) => setTimeout(r, 25));
    if (traffic === before) return;
  }
}

/** Flags with Foundry's `scope.key` reads and dotted-path writes. */
class Flagged {
  /** @type {Record<string, Record<string, unknown>>} */
  flags = {};
  /** @param {string} scope @param {string} key */
  getFlag(scope, key) {
    return structuredClone(this.flags[scope]?.[key]);
  }
}

class ActiveEffect extends Flagged {
  /** @param {string} id @param {any} data */
  constructor(id, data) {
    super();
    this.id = id;
    Object.assign(this, structuredClone(data));
  }
}

let ids = 0;
class Actor {
  /** @param {string} id */
  constructor(id) {
    this.id = id;
    /** @type {Map<string, ActiveEffect>} */
    this.byId = new Map();
  }
  get effects() {
    return this.byId.values();
  }
  /** @param {"ActiveEffect"} _name @param {any[]} data */
  async createEmbeddedDocuments(_name, data) {
    return data.map((d) => {
      const e = new ActiveEffect(`ae${++ids}`, d);
      this.byId.set(e.id, e);
      return e;
    });
  }
  /** @param {"ActiveEffect"} _name @param {string[]} list */
  async deleteEmbeddedDocuments(_name, list) {
    for (const id of list) this.byId.delete(id);
    return list;
  }
}

class Combatant extends Flagged {
  /** @param {{ id: string, name: string, owner?: string, disposition: number, hidden?: boolean }} data */
  constructor({ id, name, owner, disposition, hidden }) {
    super();
    this.id = id;
    this.name = name;
    this.owner = owner;
    this.hasPlayerOwner = owner !== undefined;
    this.hidden = hidden === true;
    /** @type {number | null} */
    this.initiative = null;
    this.actor = new Actor(`actor-${id}`);
    this.token = { disposition };
  }
  /** Foundry's ownership: the owning user, and every GM. @param {{ id: string | null, isGM: boolean }} user */
  testUserPermission(user, /** @type {"OWNER"} */ _level) {
    return user.isGM || user.id === this.owner;
  }
}

/** `game.users`: the world's users; the first GM listed is the active one. */
function usersOf(/** @type {[string, boolean][]} */ list) {
  const map = new Map(list.map(([id, isGM]) => [id, { id, isGM }]));
  return {
    get: (/** @type {string} */ id) => map.get(id),
    get activeGM() {
      return [...map.values()].find((u) => u.isGM) ?? null;
    },
  };
}
const USERS = usersOf([["u-gm", true], ["u-gm2", true], ["u-player", false], ["u-other", false], ["u-late", false], ["u-evil", false]]);

/** One Combat document as every client sees it (the server keeps them equal in Foundry). */
class Combat extends Flagged {
  /** @param {Combatant[]} combatants */
  constructor(combatants) {
    super();
    this.id = "combat1";
    this.round = 0;
    /** @type {number | null} */
    this.turn = null;
    const map = new Map(combatants.map((c) => [c.id, c]));
    this.combatants = Object.assign(map.values.bind(map), { get: (/** @type {string} */ id) => map.get(id), [Symbol.iterator]: () => map.values() });
    /** @type {(() => void)[]} */
    this.hooks = [];
  }
  /** Foundry's turn order, sorted as the module's Combat subclass sorts (`_sortCombatants`). */
  get turns() {
    return [...this.combatants].sort(sortCombatants(MODULE));
  }
  fire() {
    for (const h of this.hooks) h();
  }
  /** @param {string} scope @param {string} key @param {unknown} value */
  async setFlag(scope, key, value) {
    (this.flags[scope] ??= {})[key] = structuredClone(value);
    setTimeout(() => this.fire(), 1);
  }
  /** @param {{ round?: number, turn?: number | null }} data */
  async update(data) {
    Object.assign(this, data);
    setTimeout(() => this.fire(), 1);
  }
  /** @param {"Combatant"} _name @param {Record<string, unknown>[]} updates */
  async updateEmbeddedDocuments(_name, updates) {
    for (const u of updates) {
      const c = this.combatants.get(/** @type {string} */ (u._id));
      assert.ok(c);
      for (const [k, v] of Object.entries(u)) {
        if (k === "_id") continue;
        if (k.startsWith("flags.")) {
          const [, scope, key] = k.split(".");
          (c.flags[/** @type {string} */ (scope)] ??= {})[/** @type {string} */ (key)] = v;
        } else /** @type {any} */ (c)[k] = v;
      }
    }
  }
}

/**
 * socket.io as Foundry uses it: `emit` reaches the other clients, not the sender, and Foundry's
 * server passes each listener the sending user's id after the data. Whatever else a client
 * emits after its data is passed on before that id (the worst case for a listener that would
 * read the id from a fixed place).
 */
function socketHub() {
  /** @type {{ owner: string, event: string, fn: (d: unknown, sender: string) => void }[]} */
  const listeners = [];
  const hub = {
    drop: 0,
    sent: /** @type {unknown[]} */ ([]),
    /** @param {string} owner the user whose client this socket is */
    socket(owner) {
      return {
        /** @param {string} event @param {unknown} data @param {unknown[]} extra */
        emit(event, data, ...extra) {
          if (/** @type {any} */ (data).kind === "batch" && hub.drop > 0) {
            hub.drop--;
            return;
          }
          hub.sent.push(structuredClone(data));
          traffic++;
          const copy = structuredClone(data);
          setTimeout(() => {
            traffic++;
            for (const l of listeners) if (l.owner !== owner && l.event === event) /** @type {(...a: unknown[]) => void} */ (l.fn)(structuredClone(copy), ...extra, owner);
          }, 0);
        },
        /** @param {string} event @param {(d: unknown, sender: string) => void} fn */
        on(event, fn) {
          listeners.push({ owner, event, fn });
        },
        /** @param {string} event @param {(d: unknown, sender: string) => void} fn */
        off(event, fn) {
          const i = listeners.findIndex((l) => l.owner === owner && l.event === event && l.fn === fn);
          if (i >= 0) listeners.splice(i, 1);
        },
      };
    },
  };
  return hub;
}

/** A GM's device storage (what `localStorage` is in a browser). */
function device() {
  const m = new Map();
  return { getItem: (/** @type {string} */ k) => m.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void m.set(k, v) };
}

/** A GM's keeper and a player's, over one combat. */
async function world(/** @type {import("turnkeeper").EncounterOptions} */ encounter, /** @type {Combatant[]} */ combatants, /** @type {Record<string, unknown>} */ extra = {}) {
  const combat = new Combat(combatants);
  const hub = socketHub();
  const dex = (/** @type {any} */ c) => ({ dex: c.name === "Troll" ? 13 : 12 });
  let time = 1000;
  const gm = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket("u-gm"), userId: "u-gm", users: USERS, isAuthority: true, encounter, participant: dex, worldTime: () => time, privateStore: device(), ...extra });
  const player = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket("u-player"), userId: "u-player", users: USERS, isAuthority: false, requestTimeoutMs: 300 });
  combat.hooks.push(() => player.onCombatUpdate());
  combat.hooks.push(() => gm.onCombatUpdate());
  return { combat, hub, gm, player, advanceTime: (/** @type {number} */ s) => void (time += s) };
}

/** The follower holds the players' view of the authority's state, at the same point. */
const same = async (/** @type {CombatKeeper} */ a, /** @type {CombatKeeper} */ b) => {
  await settle();
  // Wait (up to a generous bound, for a loaded machine) for the socket and flags to deliver.
  for (let i = 0; i < 200 && !(b.seq === a.seq && JSON.stringify(b.encounter) === a.encounter.playerView()); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(b.seq, a.seq);
  assert.equal(JSON.stringify(b.encounter), a.encounter.playerView());
};

const party = () => [
  new Combatant({ id: "rath", name: "Rath", owner: "u-player", disposition: 1 }),
  new Combatant({ id: "ilse", name: "Ilse", owner: "u-other", disposition: 1 }),
  new Combatant({ id: "troll", name: "Troll", disposition: -1 }),
];

test("combatants become participants with sides from dispositions", () => {
  const [rath, , troll] = party();
  assert.deepEqual(participantFromCombatant(/** @type {any} */ (rath), { dex: 14 }), { id: "rath", name: "Rath", side: "party", npc: false, dex: 14 });
  assert.deepEqual(participantFromCombatant(/** @type {any} */ (troll)), { id: "troll", name: "Troll", side: "foes", npc: true });
  const lurker = new Combatant({ id: "lurker", name: "Lurker", disposition: -1, hidden: true });
  assert.deepEqual(participantFromCombatant(/** @type {any} */ (lurker)), { id: "lurker", name: "Lurker", side: "foes", npc: true, hidden: true });
});

test("Greyhawk: declarations (players' by request), low-to-high order on the Combat, re-rolled each round after declarations", async () => {
  const { combat, gm, player } = await world({ ruleset: "a5e", initiative: "greyhawk", seed: 9 }, party());
  assert.equal(gm.encounter.participants().length, 3);
  await gm.run({ type: "start" });
  await same(gm, player);
  assert.equal(gm.encounter.phase, "declaring");

  await player.request({ type: "declare", participant: "rath", activities: ["move", "melee"] });
  await assert.rejects(player.request({ type: "declare", participant: "ilse", activities: ["spell"] }), { code: "NOT_ALLOWED" });
  await gm.run({ type: "declareMany", declarations: { ilse: ["spell"], troll: ["melee"] } });
  await gm.run({ type: "rollInitiative" });
  await same(gm, player);

  // Foundry's turns follow Turnkeeper's order (low to high), initiative shows the counts.
  const order = gm.encounter.order().map((o) => /** @type {any} */ (o.actor).participant);
  assert.deepEqual(combat.turns.map((c) => c.id), order);
  const counts = combat.turns.map((c) => /** @type {number} */ (c.initiative));
  assert.deepEqual(counts, [...counts].sort((a, b) => a - b), "low to high");
  assert.equal(combat.turns[/** @type {number} */ (combat.turn)]?.id, gm.encounter.currentParticipant());
  assert.equal(combat.round, 1);

  // Through the round; the player ends Rath's own turn.
  for (let i = 0; i < 3; i++) {
    const current = gm.encounter.currentParticipant();
    if (current === "rath") await player.request({ type: "endTurn", participant: "rath" });
    else await gm.run({ type: "endTurn" });
    await settle();
  }
  await same(gm, player);
  assert.equal(gm.encounter.phase, "declaring", "round over: declare again");
  assert.deepEqual([...combat.combatants].map((c) => c.initiative), [null, null, null], "counts cleared until the re-roll");
  await gm.run({ type: "declareMany", declarations: { rath: ["ranged"], ilse: ["move"], troll: ["melee", "melee"] } });
  await gm.run({ type: "rollInitiative" });
  assert.equal(combat.round, 2);
  assert.ok([...combat.combatants].every((c) => typeof c.initiative === "number"));
  assert.equal(combat.turns[/** @type {number} */ (combat.turn)]?.id, gm.encounter.currentParticipant());
  await same(gm, player);
});

test("OSE side initiative: each side's members share its roll and act together", async () => {
  const { combat, gm, player } = await world({ ruleset: "ose", seed: 4 }, party());
  await gm.run({ type: "start" });
  await gm.run({ type: "rollInitiative" });
  await same(gm, player);
  const sides = gm.encounter.sides();
  assert.equal(sides.length, 2);
  const bySide = new Map([...combat.combatants].map((c) => [gm.encounter.participant(/** @type {string} */ (c.id))?.side, c.initiative]));
  const [first, second] = combat.turns;
  assert.ok(first && second);
  // The two party members sit together with the same count.
  const party1 = combat.turns.filter((c) => c.id !== "troll").map((c) => c.initiative);
  assert.equal(party1[0], party1[1]);
  assert.equal(bySide.size, 2);
  assert.equal(combat.turns[/** @type {number} */ (combat.turn)]?.id, gm.encounter.currentParticipant());
});

test("A5E world actions: the environment acts first, then the turn order", async () => {
  const { combat, gm, player } = await world({ ruleset: "a5e", seed: 5 }, party());
  const [burst] = a5e.worldActions();
  assert.ok(burst);
  await gm.run({ type: "addWorldAction", action: burst });
  await gm.run({ type: "start" });
  assert.equal(gm.encounter.phase, "world");
  await gm.run({ type: "useWorldAction", action: burst.id, targets: ["rath"] });
  await gm.run({ type: "endWorldPhase" });
  assert.equal(gm.encounter.phase, "turns");
  assert.equal(combat.turns[/** @type {number} */ (combat.turn)]?.id, gm.encounter.currentParticipant());
  const counts = combat.turns.map((c) => /** @type {number} */ (c.initiative));
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a), "A5E: high to low");
  await same(gm, player);
});

test("conditions mirrored as ActiveEffects with Turnkeeper's durations, deleted when they end", async () => {
  const { combat, gm, player } = await world({ ruleset: "a5e", seed: 5 }, party());
  await gm.run({ type: "start" });
  const troll = /** @type {Combatant} */ (combat.combatants.get("troll"));
  await gm.addCondition("troll", "frightened", { type: "rounds", count: 2 });
  await gm.addCondition("troll", "poisoned", { type: "seconds", seconds: 600 });
  const effects = [...troll.actor.effects];
  assert.equal(effects.length, 2);
  const fear = /** @type {any} */ (effects.find((e) => /** @type {any} */ (e).statuses[0] === "frightened"));
  // A5E: "2 rounds" from now ends at the current creature's turn two rounds on (a turn anchor).
  const [view] = gm.encounter.effects("troll");
  assert.equal(view?.remaining.type, "anchorTurn");
  const anchor = /** @type {any} */ (view?.remaining).participant;
  assert.deepEqual(fear.duration, { combat: "combat1", rounds: 2, turns: /** @type {any} */ (view?.remaining).edge === "end" ? 1 : 0, startRound: 1, startTurn: combat.turns.findIndex((c) => c.id === anchor) });
  assert.equal(fear.name, "Frightened");
  assert.equal(fear.getFlag(MODULE, "until"), "anchorTurn");
  const poison = /** @type {any} */ (effects.find((e) => /** @type {any} */ (e).statuses[0] === "poisoned"));
  assert.deepEqual(poison.duration, { seconds: 600, startTime: 1000 });
  // Two rounds later Turnkeeper ends the frightened condition and the ActiveEffect goes.
  while (gm.encounter.round < 3) await gm.run({ type: "endTurn" });
  assert.deepEqual([...troll.actor.effects].map((e) => /** @type {any} */ (e).statuses[0]), ["poisoned"]);
  await same(gm, player);
  assert.deepEqual(foundryDuration({ remaining: { type: "untilRest", rest: "long" } }, { combatId: "c", round: 1, turn: 0, worldTime: 0 }), {});
});

test("a dropped socket batch is healed from the combat's flags; a late client restores", async () => {
  const { combat, hub, gm, player } = await world({ ruleset: "gh5e", seed: 1 }, party());
  await gm.run({ type: "start" });
  await same(gm, player);
  combat.hooks.length = 0; // no updateCombat hook: only the next batch's gap can tell the player
  hub.drop = 1;
  await gm.run({ type: "declare", participant: "troll", declaration: { system: "greyhawk", activities: ["melee"] } });
  await settle();
  assert.equal(player.seq, gm.seq - 1);
  await gm.run({ type: "declare", participant: "ilse", declaration: { system: "greyhawk", activities: ["move"] } });
  await same(gm, player);
  const late = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket("u-late"), userId: "u-late", users: USERS, isAuthority: false });
  await same(gm, late);
  await assert.rejects(late.run({ type: "endTurn" }), { code: "NOT_ALLOWED" });
});

test("a client whose encounter drifted is caught by the core's digest and restores from the flags", async () => {
  const { combat, gm, player } = await world({ ruleset: "a5e", seed: 3 }, party());
  await gm.run({ type: "start" });
  await same(gm, player);
  combat.hooks.length = 0;
  // A drifted copy: it took a checked batch from some other state of the fight (the copy applies
  // nothing else), so its seq and digest no longer follow the GM's.
  player.encounter.applyEvents(Encounter.fromJSON(gm.encounter.toJSON()).executeForPlayers({ type: "rename", participant: "troll", name: "Not a troll" }).players);
  const warn = console.warn;
  /** @type {string[]} */
  const warnings = [];
  console.warn = (/** @type {string} */ m) => void warnings.push(m);
  try {
    await gm.run({ type: "endTurn" });
    await settle();
  } finally {
    console.warn = warn;
  }
  assert.match(warnings.join("\n"), /refused .*restoring/);
  await same(gm, player);
  assert.equal(player.encounter.participant("troll")?.name, "Troll");
});

// ---- a hostile player's client: it emits on the module's socket and writes the combat's flags ----

test("a hidden combatant never reaches the socket, the flags or the combatants players read", async () => {
  const lurker = new Combatant({ id: "lurker", name: "Lurker", disposition: -1, hidden: true });
  // The lurker acts first (a fixed count of 30).
  const { combat, hub, gm, player } = await world({ ruleset: "a5e", seed: 12 }, [...party(), lurker], { participant: (/** @type {any} */ c) => (c.id === "lurker" ? { fixedCount: 30 } : {}) });
  await gm.run({ type: "start" });
  await gm.addCondition("troll", "frightened", { type: "untilTurnEnd", participant: "troll" });
  await gm.addCondition("lurker", "invisible");
  for (let i = 0; i < 3; i++) await gm.run({ type: "endTurn" });
  await gm.run({ type: "rename", participant: "rath", name: "Rath the Red" }, { blind: true });
  await same(gm, player);
  const readable = JSON.stringify(hub.sent) + JSON.stringify(combat.flags) + JSON.stringify([...combat.combatants].filter((c) => c.id !== "lurker").map((c) => c.flags));
  for (const secret of ["lurker", "Lurker", "hidden"]) assert.ok(!readable.includes(secret), `players can read ${secret}`);
  assert.equal(lurker.initiative, null, "nothing of the hidden combatant is written to its document");
  assert.equal(lurker.getFlag(MODULE, "rank"), undefined);
  assert.equal([...lurker.actor.effects].length, 0);
  assert.equal(gm.encounter.participants().length, 4);
  assert.equal(player.encounter.participants().length, 3);
});

test("a player's forged batch is never applied, whatever its seq and digest", async () => {
  const { combat, hub, gm, player } = await world({ ruleset: "gh5e", seed: 2 }, party());
  await gm.run({ type: "start" });
  await same(gm, player);
  const evil = hub.socket("u-evil");
  const good = JSON.stringify(player.encounter);
  const { epoch } = /** @type {any} */ (combat.getFlag(MODULE, "state"));
  // Made as the GM's client would make it (a player's copy applies no bare events, so the
  // forger runs the command on a copy of the whole state): the next seq, the view's digest.
  const forged = Encounter.fromJSON(gm.encounter.toJSON());
  const batch = forged.executeForPlayers({ type: "rename", participant: "troll", name: "Harmless" }).players;
  const renamed = batch.events;
  const core = JSON.stringify(batch);
  evil.emit(`module.${MODULE}`, { kind: "batch", combat: "combat1", seq: player.seq + 1, epoch, stream: "encounter", batch: core, hash: "0".repeat(64) });
  evil.emit(`module.${MODULE}`, { kind: "batch", combat: "combat1", seq: player.seq + 1, epoch, stream: "encounter", batch: JSON.stringify(renamed), hash: "0".repeat(64) });
  evil.emit(`module.${MODULE}`, { kind: "head", combat: "combat1", seq: 1e9, epoch, hash: "0".repeat(64) });
  // The GM's user id written after the message, where a listener reading the sender from the
  // second place would find it (the server's own id then comes third).
  evil.emit(`module.${MODULE}`, { kind: "batch", combat: "combat1", seq: player.seq + 1, epoch, stream: "encounter", batch: core, hash: "0".repeat(64) }, "u-gm");
  await settle();
  assert.equal(JSON.stringify(player.encounter), good);
  // An inactive GM's client is not the authority either.
  const second = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket("u-gm2"), userId: "u-gm2", users: USERS, isAuthority: false, requestTimeoutMs: 300 });
  await same(gm, second);
  hub.socket("u-gm2").emit(`module.${MODULE}`, { kind: "batch", combat: "combat1", seq: player.seq + 1, epoch, stream: "encounter", batch: core, hash: "0".repeat(64) });
  await settle();
  assert.equal(JSON.stringify(player.encounter), good);
  await assert.rejects(second.run({ type: "endTurn" }), { code: "NOT_ALLOWED" });
  await gm.run({ type: "rename", participant: "rath", name: "Rath the Red" });
  await same(gm, player);
  await same(gm, second);
});

test("a forged flag write (the GM's epoch, seq 1e9) is not loaded, is put back by the GM, and freezes nobody", async () => {
  const { combat, hub, gm, player } = await world({ ruleset: "gh5e", seed: 2 }, party());
  await gm.run({ type: "start" });
  await same(gm, player);
  const stored = combat.getFlag(MODULE, "state");
  const fake = new Encounter({ ruleset: "gh5e" });
  fake.execute({ type: "addParticipant", participant: /** @type {any} */ ({ id: "zz", name: "Fake dragon", side: "foes" }) });
  await combat.setFlag(MODULE, "state", { .../** @type {any} */ (stored), seq: 1e9, encounter: fake.toJSON() });
  for (let i = 0; i < 200 && JSON.stringify(combat.getFlag(MODULE, "state")) !== JSON.stringify(stored); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(player.encounter.participant("zz"), undefined);
  assert.deepEqual(combat.getFlag(MODULE, "state"), stored, "the GM put its state back");
  const late = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket("u-late"), userId: "u-late", users: USERS, isAuthority: false, requestTimeoutMs: 300 });
  await same(gm, late);
  hub.drop = 1;
  await gm.run({ type: "declare", participant: "troll", declaration: { system: "greyhawk", activities: ["melee"] } });
  await combat.setFlag(MODULE, "state", { .../** @type {any} */ (stored), seq: 1e9, encounter: fake.toJSON() });
  await gm.run({ type: "declare", participant: "ilse", declaration: { system: "greyhawk", activities: ["move"] } });
  await settle();
  await same(gm, player);
  await same(gm, late);
});

test("requests act for the socket's sender: not another player's combatant nor the GM's, whatever `from` says; fake answers are ignored", async () => {
  const { hub, gm, player } = await world({ ruleset: "gh5e", seed: 2 }, party());
  await gm.run({ type: "start" });
  await same(gm, player);
  const evil = hub.socket("u-evil");
  /** @type {any[]} */
  const answers = [];
  evil.on(`module.${MODULE}`, (d) => {
    const m = /** @type {any} */ (d);
    if (m.kind === "answer") answers.push(m);
    // Answer every request first, "refused".
    if (m.kind === "request") evil.emit(`module.${MODULE}`, { kind: "answer", combat: "combat1", id: m.id, to: "u-player", ok: false, code: "NOT_ALLOWED", message: "refused" });
  });
  evil.emit(`module.${MODULE}`, { kind: "request", combat: "combat1", id: "r1", from: "u-player", request: { type: "declare", participant: "rath", activities: ["melee"] } });
  evil.emit(`module.${MODULE}`, { kind: "request", combat: "combat1", id: "r2", from: "u-gm", request: { type: "declare", participant: "troll", activities: ["melee"] } });
  await settle();
  assert.deepEqual(answers.filter((a) => a.to === "u-evil").map((a) => [a.id, a.ok, a.code]), [["r1", false, "NOT_ALLOWED"], ["r2", false, "NOT_ALLOWED"]]);
  assert.equal(gm.encounter.participant("rath")?.declaration, undefined);
  assert.equal(gm.encounter.participant("troll")?.declaration, undefined);
  // The owner's own request goes through, despite the fake "refused" answer racing it.
  await player.request({ type: "declare", participant: "rath", activities: ["move"] });
  assert.deepEqual(/** @type {any} */ (gm.encounter.participant("rath")?.declaration)?.activities, ["move"]);
});

test("a declaration request carries activities only: modifiers are refused, the GM's policy grants them", async () => {
  const { hub, gm, player } = await world({ ruleset: "gh5e", seed: 2 }, party(), {
    declaration: (/** @type {string} */ participant) => (participant === "ilse" ? { mode: "advantage" } : {}),
  });
  await gm.run({ type: "start" });
  await same(gm, player);
  await assert.rejects(player.request(/** @type {any} */ ({ type: "declare", participant: "rath", activities: ["melee"], steps: [{ effect: "bonus" }] })), { code: "INVALID_ARGUMENT" });
  const own = hub.socket("u-player");
  /** @type {any[]} */
  const answers = [];
  own.on(`module.${MODULE}`, (d) => void (/** @type {any} */ (d).kind === "answer" && answers.push(d)));
  own.emit(`module.${MODULE}`, { kind: "request", combat: "combat1", id: "d1", request: { type: "declare", participant: "rath", declaration: { system: "greyhawk", activities: ["melee"], steps: [{ effect: "bonus" }], mode: "advantage" } } });
  own.emit(`module.${MODULE}`, { kind: "request", combat: "combat1", id: "d2", request: { type: "declare", participant: "rath", activities: ["melee"], bonusAction: "melee" } });
  await settle();
  assert.deepEqual(answers.map((a) => [a.id, a.ok, a.code]), [["d1", false, "INVALID_ARGUMENT"], ["d2", false, "INVALID_ARGUMENT"]]);
  assert.equal(gm.encounter.participant("rath")?.declaration, undefined);
  await gm.request({ type: "declare", participant: "ilse", activities: ["spell"] });
  assert.equal(/** @type {any} */ (gm.encounter.participant("ilse")?.declaration)?.mode, "advantage");
});

test("a GM who reloads resumes its whole state (hidden combatants included) from its own device", async () => {
  const lurker = new Combatant({ id: "lurker", name: "Lurker", disposition: -1, hidden: true });
  const store = device();
  const first = (/** @type {any} */ c) => (c.id === "lurker" ? { fixedCount: 30 } : {});
  const { combat, hub, gm, player } = await world({ ruleset: "a5e", seed: 12 }, [...party(), lurker], { privateStore: store, participant: first });
  await gm.run({ type: "start" });
  await gm.run({ type: "endTurn" });
  const whole = gm.encounter.toJSON();
  gm.close();
  // Meanwhile someone rewrites the flags with a state of its own and a huge seq.
  const fake = new Encounter({ ruleset: "a5e" });
  fake.execute({ type: "addParticipant", participant: /** @type {any} */ ({ id: "zz", name: "Fake dragon", side: "foes" }) });
  await combat.setFlag(MODULE, "state", { .../** @type {any} */ (combat.getFlag(MODULE, "state")), seq: Number.MAX_SAFE_INTEGER, encounter: fake.toJSON() });
  const warn = console.warn;
  console.warn = () => undefined;
  /** @type {CombatKeeper} */
  let again;
  try {
    again = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket("u-gm"), userId: "u-gm", users: USERS, isAuthority: true, privateStore: store });
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(again.encounter.toJSON(), whole, "this device's copy, not the flags");
  assert.ok(!JSON.stringify(combat.getFlag(MODULE, "state")).includes("Fake dragon"));
  await again.run({ type: "endTurn" });
  await same(again, player);
});

test("two GMs: only the active GM's client leads; the other follows the players' view and cannot write", async () => {
  const lurker = new Combatant({ id: "lurker", name: "Lurker", disposition: -1, hidden: true });
  const { combat, hub, gm, player } = await world({ ruleset: "a5e", seed: 4 }, [...party(), lurker], { participant: (/** @type {any} */ c) => (c.id === "lurker" ? { fixedCount: 30 } : {}) });
  await gm.run({ type: "start" });
  const second = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket("u-gm2"), userId: "u-gm2", users: USERS, isAuthority: false, requestTimeoutMs: 300 });
  combat.hooks.push(() => second.onCombatUpdate());
  await same(gm, second);
  assert.equal(second.isAuthority, false);
  assert.equal(second.encounter.participant("lurker"), undefined, "a co-GM's client gets the players' view");
  await assert.rejects(second.run({ type: "endTurn" }), { code: "NOT_ALLOWED" });
  const stored = JSON.stringify(combat.getFlag(MODULE, "state"));
  await gm.run({ type: "endTurn" });
  await same(gm, second);
  await same(gm, player);
  assert.notEqual(JSON.stringify(combat.getFlag(MODULE, "state")), stored, "only the active GM wrote the flags");
});

test("a GM client with nothing saved starts a new encounter from the combatants, never from the flags, and runs commands", async () => {
  const { combat, gm, player } = await world({ ruleset: "gh5e", seed: 2 }, party());
  await gm.run({ type: "start" });
  await same(gm, player);
  gm.close();
  // The flags hold the players' view, which refuses commands; and someone may have written
  // them. A GM client on a device with nothing saved starts anew from the combat's combatants.
  const warnings = /** @type {unknown[][]} */ ([]);
  const warn = console.warn;
  console.warn = (...a) => void warnings.push(a);
  let fresh;
  try {
    fresh = await CombatKeeper.open({ moduleId: MODULE, combat, socket: socketHub().socket("u-gm"), userId: "u-gm", users: USERS, isAuthority: true, encounter: { ruleset: "gh5e" }, privateStore: null });
  } finally {
    console.warn = warn;
  }
  assert.match(String(warnings.flat().join(" ")), /starts a new encounter/);
  assert.deepEqual(fresh.encounter.participants().map((p) => p.id).sort(), ["ilse", "rath", "troll"]);
  assert.equal(fresh.encounter.phase, "setup", "a new encounter, not the started one the flags describe");
  const events = await fresh.run({ type: "start" });
  assert.ok(events.length > 0);
  fresh.close();
  player.close();
});

test("a mirrored condition or a rank a player changed on their own actor or combatant is put back at the GM's next command", async () => {
  const { combat, gm, player } = await world({ ruleset: "a5e", seed: 5 }, party());
  await gm.run({ type: "start" });
  const rath = /** @type {Combatant} */ (combat.combatants.get("rath"));
  await gm.addCondition("rath", "frightened", { type: "untilRemoved" });
  await gm.addCondition("rath", "poisoned", { type: "untilRemoved" });
  const statuses = () => [...rath.actor.effects].filter((e) => e.getFlag(MODULE, "effect") !== undefined && !(/** @type {any} */ (e).disabled)).map((e) => /** @type {any} */ (e).statuses.join()).sort();
  assert.deepEqual(statuses(), ["frightened", "poisoned"]);
  // Rath's player owns the actor: they disable the frightened mirror, strip the poisoned one of
  // its status, and add a copy of a mirror's flag to an effect of their own.
  const [fear, poison] = [...rath.actor.effects].sort((a, b) => /** @type {any} */ (a).statuses[0].localeCompare(/** @type {any} */ (b).statuses[0]));
  /** @type {any} */ (fear).disabled = true;
  /** @type {any} */ (poison).statuses = [];
  await rath.actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Brave", img: "", statuses: ["blessed"], duration: {}, flags: { [MODULE]: { effect: fear?.getFlag(MODULE, "effect") } } }]);
  assert.deepEqual(statuses(), ["", "blessed"]);
  // They also move their combatant to the front of Foundry's order through its rank flag.
  const rank = rath.getFlag(MODULE, "rank");
  rath.flags[MODULE] = { ...rath.flags[MODULE], rank: -1 };
  await gm.run({ type: "endTurn" });
  assert.deepEqual(statuses(), ["frightened", "poisoned"]);
  assert.equal(rath.getFlag(MODULE, "rank"), rank, "the keeper's rank is written back");
  assert.equal([...rath.actor.effects].length, 2, "the edited and forged effects are gone");
  await same(gm, player);
});
