// turnkeeper/foundry's helpers in Node, against a small stand-in of the Combat / Combatant /
// Actor / ActiveEffect surface that Foundry v13's types declare (only what the helpers touch;
// tests/foundry checks with tsc that the real types fit the helpers' structural types).
// Foundry itself is not run here: it cannot be installed on this machine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { a5e } from "turnkeeper";
import { CombatKeeper, sortCombatants, participantFromCombatant, foundryDuration } from "turnkeeper/foundry";

const MODULE = "turnkeeper-greyhawk";
const settle = () => new Promise((r) => setTimeout(r, 5));

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
  /** @param {{ id: string, name: string, owner?: string, disposition: number }} data */
  constructor({ id, name, owner, disposition }) {
    super();
    this.id = id;
    this.name = name;
    this.owner = owner;
    this.hasPlayerOwner = owner !== undefined;
    /** @type {number | null} */
    this.initiative = null;
    this.actor = new Actor(`actor-${id}`);
    this.token = { disposition };
  }
}

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

/** socket.io as Foundry uses it: `emit` reaches the other clients, not the sender. */
function socketHub() {
  /** @type {{ owner: number, event: string, fn: (d: unknown) => void }[]} */
  const listeners = [];
  const hub = {
    drop: 0,
    sent: 0,
    /** @param {number} owner */
    socket(owner) {
      return {
        /** @param {string} event @param {unknown} data */
        emit(event, data) {
          if (/** @type {any} */ (data).kind === "batch" && hub.drop > 0) {
            hub.drop--;
            return;
          }
          hub.sent++;
          const copy = structuredClone(data);
          setTimeout(() => {
            for (const l of listeners) if (l.owner !== owner && l.event === event) l.fn(copy);
          }, 0);
        },
        /** @param {string} event @param {(d: unknown) => void} fn */
        on(event, fn) {
          listeners.push({ owner, event, fn });
        },
        /** @param {string} event @param {(d: unknown) => void} fn */
        off(event, fn) {
          const i = listeners.findIndex((l) => l.owner === owner && l.event === event && l.fn === fn);
          if (i >= 0) listeners.splice(i, 1);
        },
      };
    },
  };
  return hub;
}

/** A GM's keeper and a player's, over one combat. */
async function world(/** @type {import("turnkeeper").EncounterOptions} */ encounter, /** @type {Combatant[]} */ combatants) {
  const combat = new Combat(combatants);
  const hub = socketHub();
  /** @param {string} userId @param {any} c */
  const canControl = (userId, c) => /** @type {any} */ (c).owner === userId;
  const dex = (/** @type {any} */ c) => ({ dex: c.name === "Troll" ? 13 : 12 });
  let time = 1000;
  const gm = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket(1), userId: "u-gm", isAuthority: true, encounter, participant: dex, canControl, worldTime: () => time });
  const player = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket(2), userId: "u-player", isAuthority: false });
  combat.hooks.push(() => player.onCombatUpdate());
  return { combat, hub, gm, player, advanceTime: (/** @type {number} */ s) => void (time += s) };
}

const same = async (/** @type {CombatKeeper} */ a, /** @type {CombatKeeper} */ b) => {
  await settle();
  assert.equal(b.seq, a.seq);
  assert.deepEqual(b.encounter.toJSON(), a.encounter.toJSON());
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
});

test("Greyhawk: declarations (players' by request), low-to-high order on the Combat, re-rolled each round after declarations", async () => {
  const { combat, gm, player } = await world({ ruleset: "a5e", initiative: "greyhawk", seed: 9 }, party());
  assert.equal(gm.encounter.participants().length, 3);
  await gm.run({ type: "start" });
  await same(gm, player);
  assert.equal(gm.encounter.phase, "declaring");

  await player.request({ type: "declare", participant: "rath", declaration: ["move", "melee"] });
  await assert.rejects(player.request({ type: "declare", participant: "ilse", declaration: ["spell"] }), { code: "NOT_ALLOWED" });
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
  const late = await CombatKeeper.open({ moduleId: MODULE, combat, socket: hub.socket(3), userId: "u-late", isAuthority: false });
  assert.deepEqual(late.encounter.toJSON(), gm.encounter.toJSON());
  await assert.rejects(late.run({ type: "endTurn" }), { code: "NOT_ALLOWED" });
});

test("a client whose encounter drifted is caught by the core's digest and restores from the flags", async () => {
  const { combat, gm, player } = await world({ ruleset: "a5e", seed: 3 }, party());
  await gm.run({ type: "start" });
  await same(gm, player);
  combat.hooks.length = 0;
  player.encounter.applyEvents([/** @type {any} */ ({ type: "participantRenamed", participant: "troll", name: "Not a troll" })]);
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
