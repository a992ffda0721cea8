/**
 * Objects used after `free()`. A freed object's wasm memory is gone, so each of its methods and
 * getters must refuse, and say so in the caller's terms, before it looks at its arguments or
 * reaches the module (whose own words are "null pointer passed to rust", and only for calls that
 * reach it).
 *
 * Rather than a check at the top of every method, `free()` gives the object a prototype of its
 * own: one derived from its class's, on which every method and getter of the class (and of its
 * base classes) throws `INVALID_ARGUMENT` "this Encounter was freed". `instanceof` still holds,
 * and `free()` itself still runs (freeing twice does nothing).
 */
import { TurnkeeperError } from "./errors.js";

/** The freed stand-in of each class prototype, made once. */
const standIns = new WeakMap<object, object>();
/** Every stand-in, to tell a freed object from a live one. */
const freedPrototypes = new WeakSet<object>();

/** The error a freed object throws: `what` names its class. */
export function freedError(what: string): TurnkeeperError {
  return new TurnkeeperError("INVALID_ARGUMENT", `this ${what} was freed (by free() or the end of a \`using\` block) and cannot be used any more`);
}

/** Whether `object` has been through {@link markFreed} (false for what cannot be looked at, a revoked Proxy). */
export function isFreed(object: object): boolean {
  try {
    return freedPrototypes.has(Object.getPrototypeOf(object) as object);
  } catch {
    return false;
  }
}

/** After `free()`: every method and getter of `object` throws {@link freedError}`(what)`. */
export function markFreed(object: object, what: string): void {
  const prototype = Object.getPrototypeOf(object) as object | null;
  if (prototype === null || freedPrototypes.has(prototype)) return;
  let standIn = standIns.get(prototype);
  if (standIn === undefined) {
    standIn = standInFor(prototype, what);
    standIns.set(prototype, standIn);
    freedPrototypes.add(standIn);
  }
  Object.setPrototypeOf(object, standIn);
}

/** Members a freed object keeps: its class, and freeing again. */
const kept = new Set<PropertyKey>(["constructor", "free", Symbol.dispose]);

function standInFor(prototype: object, what: string): object {
  const standIn = Object.create(prototype) as object;
  const refuse = (): never => {
    throw freedError(what);
  };
  for (let p: object | null = prototype; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    for (const key of Reflect.ownKeys(p)) {
      if (kept.has(key) || Object.prototype.hasOwnProperty.call(standIn, key)) continue;
      const member = Object.getOwnPropertyDescriptor(p, key);
      const accessor = member !== undefined && (member.get !== undefined || member.set !== undefined);
      Object.defineProperty(standIn, key, accessor ? { get: refuse, set: refuse, configurable: true } : { value: refuse, writable: true, configurable: true });
    }
  }
  return standIn;
}
