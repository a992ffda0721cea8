// The procedures' boundary from JavaScript: `ose`, `hyb`, `a5e`, `runProcedure` and
// `runJsonProcedure` send only JSON text to the one `procedure` export, so hostile and
// wrong-typed arguments are INVALID_ARGUMENT before the wasm is entered (the error is the
// facade's, not the core's), and seeded dice handed to a refused call have not moved.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Dice,
  DungeonPursuit,
  MoraleTracker,
  TurnkeeperError,
  WaterbornePursuit,
  WildernessPursuit,
  a5e,
  hyb,
  ose,
  runJsonProcedure,
  runProcedure,
} from "turnkeeper";

/** @param {unknown} e */
function invalid(e) {
  assert.ok(e instanceof TurnkeeperError, `expected a TurnkeeperError, got ${String(e)}`);
  assert.equal(e.code, "INVALID_ARGUMENT", e.message);
  // The facade's own words: the core (whose messages name the JSON it read) was not entered.
  assert.match(e.message, /must be (a|an) |cannot be read as JSON|could not be read/, e.message);
  return true;
}

/** Objects that throw, trap or loop as soon as anything reads them; a fresh set each call. */
function hostiles() {
  const getter = {
    get distanceFt() {
      throw new Error("getter");
    },
  };
  const nestedGetter = {
    opponentSpeedFt: 30,
    runners: [
      {
        get id() {
          throw new Error("nested getter");
        },
      },
    ],
  };
  const getTrap = new Proxy(
    { distanceFt: 10 },
    {
      get() {
        throw new Error("get trap");
      },
    },
  );
  const keysTrap = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error("ownKeys trap");
      },
    },
  );
  const descriptorTrap = new Proxy(
    { a: 1 },
    {
      getOwnPropertyDescriptor() {
        throw new Error("getOwnPropertyDescriptor trap");
      },
    },
  );
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const { proxy: revokedInside, revoke: revokeInside } = Proxy.revocable({}, {});
  revokeInside();
  /** @type {Record<string, unknown>} */
  const cycle = { distanceFt: 10 };
  cycle.self = cycle;
  /** @type {unknown[]} */
  const arrayCycle = [];
  arrayCycle.push({ list: arrayCycle });
  const throwingToJson = {
    toJSON() {
      throw new Error("toJSON");
    },
  };
  return [
    getter,
    nestedGetter,
    getTrap,
    keysTrap,
    descriptorTrap,
    revoked,
    { landing: revokedInside },
    cycle,
    { runners: arrayCycle },
    throwingToJson,
    { distanceFt: 10n },
    { chaModifier: 1n },
  ];
}

/** Every `a5e` function, nested ones (`movement.start`) included. */
function a5eFunctions() {
  /** @type {Array<[string, (input: unknown, dice?: unknown) => unknown]>} */
  const out = [];
  for (const [name, value] of Object.entries(a5e)) {
    if (typeof value === "function") out.push([name, value]);
    else for (const [inner, f] of Object.entries(value)) out.push([`${name}.${inner}`, f]);
  }
  return out;
}

const chaseInput = { opponentSpeedFt: 40, terrain: /** @type {const} */ ("uneven"), runners: [{ id: "rath", modifier: 1 }] };

/** The seeded results a fresh box gives. */
function seeded() {
  return {
    reaction: ose.reaction({ chaModifier: 1 }, new Dice({ seed: 2024 })),
    chase: hyb.chase(chaseInput, new Dice({ seed: 2024 })),
    fall: a5e.fall({ distanceFt: 60 }, new Dice({ seed: 2024 })),
  };
}

test("1,000 hostile arguments to ose, hyb, a5e and runProcedure are INVALID_ARGUMENT; a seeded procedure then gives what a fresh call gives", () => {
  const expected = seeded();
  const shared = new Dice({ seed: 2024 });
  const tracker = new MoraleTracker();
  const pursuit = DungeonPursuit.start({ fleeingRate: 90, pursuerRate: 120, gapFeet: 60 });
  const pursuitBefore = JSON.stringify(pursuit.toJSON());
  const a5eCalls = a5eFunctions().map(([name, f]) => /** @type {[string, (h: any) => unknown]} */ ([`a5e.${name}`, (h) => f(h, shared)]));
  assert.ok(a5eCalls.length >= 90, `${a5eCalls.length} a5e functions`);
  /** @type {Array<[string, (h: any) => unknown]>} */
  const calls = [
    ["ose.reaction", (h) => ose.reaction(h, shared)],
    ["hyb.chase", (h) => hyb.chase(h, shared)],
    ["ose.attack", (h) => ose.attack(h, shared)],
    ["ose.monsterSaves", (h) => ose.monsterSaves(h)],
    ["ose.openEncounter", (h) => ose.openEncounter(h, shared)],
    ["ose.evasion.wilderness", (h) => ose.evasion.wilderness(h, shared)],
    ["hyb.morale", (h) => hyb.morale(h, undefined, shared)],
    ["hyb.morale trigger", (h) => hyb.morale({}, h, shared)],
    ["hyb.stealth.attempt", (h) => hyb.stealth.attempt(h, shared)],
    ["runProcedure", (h) => runProcedure("ose.surprise", h, shared)],
    ["runJsonProcedure", (h) => runJsonProcedure("a5e.fall", h, shared)],
    ["tracker.check", (h) => tracker.check(h, shared)],
    ["new MoraleTracker", (h) => new MoraleTracker(h)],
    ["DungeonPursuit.start", (h) => DungeonPursuit.start(h)],
    ["DungeonPursuit.fromJSON", (h) => DungeonPursuit.fromJSON(h)],
    ["WaterbornePursuit.start", (h) => WaterbornePursuit.start(h, shared)],
    ["WildernessPursuit.fromJSON", (h) => WildernessPursuit.fromJSON(h)],
    ["pursuit.dropItem", (h) => pursuit.dropItem(h, true, shared)],
    ["the dice argument", (h) => ose.reaction({}, h)],
    ["a5e dice argument", (h) => a5e.fall({ distanceFt: 30 }, h)],
    ...a5eCalls,
  ];
  let refused = 0;
  for (let i = 0; i < 1_000; i++) {
    const list = hostiles();
    const hostile = list[i % list.length];
    const [name, call] = calls[(i * 7) % calls.length] ?? calls[0];
    assert.throws(() => call(hostile), (e) => invalid(e) && ++refused > 0, `${name} #${i % list.length}`);
  }
  assert.equal(refused, 1_000);
  // Every call above also refuses every kind of hostile, not just the ones the stride met.
  for (const [name, call] of calls) {
    for (const [k, hostile] of hostiles().entries()) {
      assert.throws(() => call(hostile), invalid, `${name} #${k}`);
    }
  }
  // The shared box never rolled: it gives what a fresh box gives.
  assert.deepEqual(ose.reaction({ chaModifier: 1 }, shared), expected.reaction);
  assert.deepEqual(seeded(), expected);
  assert.deepEqual(hyb.chase(chaseInput, new Dice({ seed: 2024 })), expected.chase);
  assert.deepEqual(a5e.fall({ distanceFt: 60 }, new Dice({ seed: 2024 })), expected.fall);
  // The stateful pieces are untouched.
  assert.deepEqual(tracker.toJSON(), new MoraleTracker().toJSON());
  assert.equal(JSON.stringify(pursuit.toJSON()), pursuitBefore);
});

test("wrong-typed arguments to the procedures are INVALID_ARGUMENT before the wasm", () => {
  const shared = new Dice({ seed: 77 });
  const expected = ose.reaction({}, new Dice({ seed: 77 }));
  const pursuit = DungeonPursuit.start({ fleeingRate: 90, pursuerRate: 120, gapFeet: 60 });
  const wild = WildernessPursuit.start({ fleeingSize: 3, pursuers: 2, fleeingRate: 120, pursuerRate: 150 });
  const wildBefore = JSON.stringify(wild.toJSON());
  const tracker = new MoraleTracker();
  /** @type {Array<() => unknown>} */
  const wrong = [
    // @ts-expect-error deliberately wrong types
    () => runProcedure(5, {}),
    // @ts-expect-error
    () => runProcedure("ose.reaction", 5),
    // @ts-expect-error
    () => runProcedure("ose.reaction", "{}"),
    // @ts-expect-error
    () => runProcedure("ose.reaction", null, shared),
    () => runProcedure("ose.reaction", [], shared),
    // @ts-expect-error
    () => runProcedure(undefined, {}),
    // @ts-expect-error
    () => runProcedure({ toString: () => "ose.reaction" }, {}),
    () => runJsonProcedure("a5e.fall", 30, shared),
    () => runJsonProcedure("a5e.fall", "{\"distanceFt\":30}", shared),
    () => runJsonProcedure("ose.bombing", undefined),
    // @ts-expect-error
    () => runJsonProcedure(Symbol("a5e.fall"), {}),
    // @ts-expect-error
    () => ose.reaction(123, shared),
    // @ts-expect-error
    () => ose.reaction(null, shared),
    // @ts-expect-error
    () => ose.reaction([], shared),
    // @ts-expect-error
    () => ose.reaction({}, 5),
    // @ts-expect-error
    () => ose.reaction({}, { box: {} }),
    // @ts-expect-error
    () => ose.reaction({}, "seed"),
    // @ts-expect-error
    () => hyb.chase("fast", shared),
    // @ts-expect-error
    () => hyb.chase(chaseInput, { seed: 1 }),
    // @ts-expect-error
    () => hyb.morale({}, 5, shared),
    // @ts-expect-error
    () => hyb.morale("calm", undefined, shared),
    // @ts-expect-error
    () => hyb.chaseDc(40),
    // @ts-expect-error
    () => ose.monsterSaves("normalHuman"),
    // @ts-expect-error
    () => ose.damage(8, shared),
    // @ts-expect-error
    () => a5e.fall(60, shared),
    // @ts-expect-error
    () => a5e.fall("60", shared),
    // @ts-expect-error
    () => a5e.fall({ distanceFt: 60 }, 5),
    // @ts-expect-error
    () => a5e.movement.start(true),
    // @ts-expect-error
    () => a5e.sizes(5),
    // @ts-expect-error
    () => tracker.noteLosses("6", 1),
    () => tracker.noteLosses(6, Number.NaN),
    // @ts-expect-error
    () => tracker.check(7, shared),
    // @ts-expect-error
    () => new MoraleTracker(5),
    // @ts-expect-error
    () => pursuit.dropItem(5, true, shared),
    // @ts-expect-error
    () => pursuit.dropItem("food", "yes", shared),
    // @ts-expect-error
    () => pursuit.refereeStops(5),
    // @ts-expect-error
    () => wild.decide("yes", shared),
    // @ts-expect-error
    () => DungeonPursuit.fromJSON(5),
    // @ts-expect-error
    () => WaterbornePursuit.fromJSON("state"),
    // @ts-expect-error
    () => WildernessPursuit.fromJSON([]),
  ];
  for (const [i, call] of wrong.entries()) assert.throws(call, invalid, `#${i}`);
  // None of them rolled the shared box, or moved the pursuits and the tracker.
  assert.deepEqual(ose.reaction({}, shared), expected);
  assert.equal(pursuit.round, 0);
  assert.equal(JSON.stringify(wild.toJSON()), wildBefore);
  assert.deepEqual(tracker.toJSON(), new MoraleTracker().toJSON());
  // Left out (`undefined` or `null`), the dice are the crypto box; options may be left out.
  assert.ok(["hostile", "unfriendly", "neutral", "indifferent", "friendly"].includes(ose.reaction().reaction));
  assert.ok(ose.reaction({}, /** @type {any} */ (null)).total >= 2);
  assert.equal(hyb.morale({}, undefined, new Dice({ faces: [11] })).total, 11);
  assert.equal(hyb.morale({}, /** @type {any} */ (null), new Dice({ faces: [11] })).trigger, undefined);
});

test("a state from fromJSON is a copy: changing the object passed in changes nothing", () => {
  const state = DungeonPursuit.start({ fleeingRate: 90, pursuerRate: 120, gapFeet: 60 }).toJSON();
  const pursuit = DungeonPursuit.fromJSON(state);
  state.gapFeet = 5;
  assert.equal(pursuit.gapFeet, 60);
  const trackerState = { passes: 1, failures: 0, firstDeathSeen: true, halfDownSeen: false };
  const tracker = MoraleTracker.fromJSON(trackerState);
  trackerState.passes = 2;
  assert.equal(tracker.toJSON().passes, 1);
});
