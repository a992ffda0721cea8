// "The code": the package calls the last action made, recorded as they are made (not written
// out by hand), so a developer sees how to do the same. `traced(object, "encounter")` wraps a
// package object: every method called through it is recorded with its arguments and what came
// back, then run on the object itself. Reads (getters, and the queries the page makes to draw
// itself) are not recorded: only what the action did.

/** Where each part of the API is described in the package README. */
const README = "../js-package/README.md";
const SECTIONS = {
  dice: ["#dice", "Dice"],
  sync: ["#encounter-initiative-turns-and-sync", "Encounter: initiative, turns and sync"],
  vitals: ["#encounter-damage-and-conditions", "Encounter: damage and conditions"],
  journey: ["#journeys-and-time", "Journeys and time"],
};
const VITALS = new Set([
  "setCreature", "damage", "heal", "grantTempHp", "deathSave", "stabilize", "gainFatigue", "gainStrife",
  "removeFatigue", "removeStrife", "gainExhaustion", "removeExhaustion", "addCondition", "addEffect", "addEffects", "removeEffect", "dropConcentration",
  "rollAdvice", "effects", "rest", "advanceClock", "loadConditions",
]);

/** The names the code panel gives the page's objects, by their key in a saved game. */
export const VARS = { enc: "encounter", hyb: "delve", ose: "trek", sea: "voyage" };

/**
 * @typedef {{ text: string, result?: string, error?: string, section: keyof typeof SECTIONS }} Call
 * @type {{ label: string, calls: Call[], notes: string[], batches: { seq: number, digest: string }[], seq: number }}
 */
export const lastAction = { label: "", calls: [], notes: [], batches: [], seq: 0 };
/** @type {Set<() => void>} */
const listeners = new Set();

export function onCode(fn) {
  listeners.add(fn);
}

/** A user action starts: the panel will show what it calls. */
export function beginAction(label) {
  lastAction.label = label;
  lastAction.calls = [];
  lastAction.notes = [];
  lastAction.batches = [];
  lastAction.seq++;
}

/** The action is over: draw the panel. */
export function endAction() {
  for (const fn of listeners) fn();
}

/** A remark under the calls (what the page did with a roll, say). */
export function note(text) {
  lastAction.notes.push(text);
}

/** A command's batch reached the page's `onEvents` listener (which saves and relays it). */
export function noteBatch(seq, digest) {
  lastAction.batches.push({ seq, digest });
}

/** What the `onEvents` listener did with the action's batches, in a sentence. */
export function batchNote() {
  const b = lastAction.batches;
  if (b.length === 0) return "";
  const which = b.length === 1 ? `batch #${b[0].seq}` : `${b.length} batches (#${b[0].seq}…#${b.at(-1)?.seq})`;
  return `onEvents got ${which}, last digest ${b.at(-1)?.digest}: saved to this game and sent to follower tabs`;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A value written as JavaScript source, short enough to read. */
export function literal(v, depth = 0) {
  if (v === undefined) return "undefined";
  if (v === null || typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v === "string") return v.length > 100 ? `${JSON.stringify(v.slice(0, 40))} /* …${v.length} characters */` : JSON.stringify(v);
  if (depth > 4) return "…";
  if (Array.isArray(v)) return `[${v.map((x) => literal(x, depth + 1)).join(", ")}]`;
  if (typeof v === "object") {
    const parts = Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${IDENT.test(k) ? k : JSON.stringify(k)}: ${literal(x, depth + 1)}`);
    return parts.length ? `{ ${parts.join(", ")} }` : "{}";
  }
  return String(v);
}

function sectionOf(name, method) {
  if (name === "dice" || method === "roll" || method === "total") return "dice";
  if (["delve", "trek", "voyage", "journey"].includes(name) || method === "Journey") return "journey";
  return VITALS.has(method) ? "vitals" : "sync";
}

/** What a call returned, in a few words. */
function summary(out) {
  if (Array.isArray(out)) {
    if (out.length === 0) return "no events";
    if (typeof out[0] === "object" && out[0] && "type" in out[0]) {
      return `${out.length} event${out.length === 1 ? "" : "s"}: ${out.map((e) => e.type).join(", ")}`;
    }
    return `${out.length} item${out.length === 1 ? "" : "s"}`;
  }
  // A roll's result (a plain object whose prototype only adds a printable line).
  if (out && typeof out === "object" && "total" in out && "dice" in out) {
    return `total ${out.total}, dice [${out.dice.map((/** @type {{ face: number }} */ d) => d.face).join(", ")}]`;
  }
  // A package object (an Encounter, a Dice): its name is in the code already.
  if (out && typeof out === "object" && !Array.isArray(out) && Object.getPrototypeOf(out) !== Object.prototype) return "";
  if (out && typeof out === "object") {
    if ("mode" in out && "conditional" in out) return `mode "${out.mode}"${out.conditional.length ? `, ${out.conditional.length} conditional` : ""}`;
  }
  return out === undefined ? "" : literal(out).slice(0, 80);
}

/** Record `text` as a call, run `fn`, and note what it returned or threw. */
function recorded(text, section, fn) {
  /** @type {Call} */
  const call = { text, section };
  lastAction.calls.push(call);
  try {
    const out = fn();
    const s = summary(out);
    if (s) call.result = s;
    return out;
  } catch (e) {
    call.error = e instanceof Error ? `${"code" in e ? `${e.code}: ` : ""}${e.message}` : String(e);
    throw e;
  }
}

/**
 * `object` with every method call recorded as `name.method(args)`. The method runs on the
 * object itself, so calls it makes internally are not recorded twice.
 * @template {object} T
 * @param {T} object
 * @param {string} name
 * @returns {T}
 */
export function traced(object, name) {
  return new Proxy(object, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function" || typeof key !== "string") return value;
      return (...args) => {
        while (args.length && args.at(-1) === undefined) args.pop();
        return recorded(`${name}.${key}(${args.map((a) => literal(a)).join(", ")})`, sectionOf(name, key), () => value.apply(target, args));
      };
    },
  });
}

/**
 * `new Class(...args)`, recorded as `const name = new Class(…)`.
 * @template T
 * @param {new (...args: any[]) => T} Class
 * @param {string} name
 * @param {any[]} args
 * @returns {T}
 */
export function tracedNew(Class, name, ...args) {
  return recorded(`const ${name} = new ${Class.name}(${args.map((a) => literal(a)).join(", ")})`, sectionOf(name, Class.name), () => new Class(...args));
}

/**
 * A plain function of the package (`roll`, `total`), recorded as `fn(args)`.
 * @template {(...args: any[]) => any} F
 * @param {F} fn
 * @param {string} name
 * @returns {F}
 */
export function tracedFn(fn, name) {
  return /** @type {F} */ ((...args) => {
    while (args.length && args.at(-1) === undefined) args.pop();
    return recorded(`${name}(${args.map((a) => literal(a)).join(", ")})`, sectionOf("", name), () => fn(...args));
  });
}

/**
 * A call whose arguments are too big to print (a snapshot, a batch): recorded as `text`, which
 * names them, then run.
 */
export function recordCall(text, fn) {
  return recorded(text, "sync", fn);
}

/** The README section for the action (its first call's). */
export function readmeLink() {
  const [hash, title] = SECTIONS[lastAction.calls[0]?.section ?? "sync"];
  return { href: README + hash, title };
}
