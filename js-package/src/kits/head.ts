/**
 * What the authority announces after each write, and how a follower checks storage that any
 * member can write against it.
 */
import type { SequencePoint } from "./relay.js";

/**
 * What the authority announces on its authenticated channel after each write: the sequence
 * point of the state it stored and a SHA-256 of that state. Storage any member can write
 * (Owlbear's room metadata, a Foundry flag) is only a cache: a follower loads it only when it
 * is exactly what the authority announced.
 */
export interface Head extends SequencePoint {
  hash: string;
}

/** Is `value` a well-formed head? */
export function isHead(value: unknown): value is Head {
  if (typeof value !== "object" || value === null) return false;
  const h = value as Record<string, unknown>;
  return Number.isSafeInteger(h.seq) && (h.seq as number) >= 0 && typeof h.epoch === "string" && typeof h.hash === "string";
}

/** JSON with object keys sorted at every level, so the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * SHA-256 (hex) of a stored state's canonical JSON. A cryptographic hash, because a hostile
 * member who can write the storage could otherwise craft another state with the same sum.
 */
export async function stateHash(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
