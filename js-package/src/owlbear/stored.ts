/**
 * What `turnkeeper/owlbear` keeps where: the players' view in room metadata (readable by every
 * connection), the GM's whole state on the GM's device, and the plain words for a full room.
 */
import type { EncounterSnapshot, JourneySnapshot } from "../index.js";
import { TurnkeeperError } from "../index.js";
import type { SequencePoint } from "../kits/relay.js";

/** A scene token linked to a participant. */
export interface TokenLink {
  /** The participant's id in the encounter (short and random: `tq3x9a`, so it counts nothing). */
  participant: string;
  /** The Owlbear user id of the player who controls it (may send requests for it). */
  owner?: string;
}

/** What the room metadata key holds: the players' view, readable by every connection. */
export interface StoredState extends SequencePoint {
  v: 2;
  /** The encounter as players see it (`playerView()`): no hidden participants, no dice. */
  encounter: EncounterSnapshot;
  /** The journey as players see it, if the sync keeps one (no seed, no dice position). */
  journey?: JourneySnapshot;
  /** Scene item id → its participant, for the participants players can see. */
  tokens: Record<string, TokenLink>;
}

/** What the leading GM keeps on its own device (see {@link OwlbearSyncOptions.privateStore}). */
export interface PrivateState extends SequencePoint {
  v: 2;
  /** The hash of the room state stored with it: resumed only when the room still holds that. */
  hash: string;
  encounter: EncounterSnapshot;
  journey?: JourneySnapshot;
  tokens: Record<string, TokenLink>;
}

function usageText(others: [string, number][]): string {
  if (others.length === 0) return "";
  const total = others.reduce((n, [, b]) => n + b, 0);
  const top = others
    .slice(0, 3)
    .map(([k, b]) => `${k}: ${b} bytes`)
    .join(", ");
  return ` Other keys in the room's metadata (another extension's, or written by a room member) take ${total} bytes (${top}).`;
}

export function tooLarge(bytes: number, limit: number, kept: StoredState | undefined, others: [string, number][]): TurnkeeperError {
  const over = `the room's metadata would hold ${bytes} bytes with this encounter, over Owlbear's ${limit}-byte limit (shared by every extension)`;
  const outcome =
    kept !== undefined
      ? `: the command was refused and nothing changed (the stored state stays at seq ${kept.seq}, the undo history is kept).`
      : `: nothing was written (the room's stored snapshot stays as it was).`;
  return new TurnkeeperError("LIMIT_EXCEEDED", `${over}${outcome}${usageText(others)} Remove participants or ended effects, or keep the journey elsewhere.`);
}

export function refusedByHost(e: unknown, others: [string, number][]): TurnkeeperError {
  const why = e instanceof Error ? e.message : String(e);
  return new TurnkeeperError("LIMIT_EXCEEDED", `Owlbear refused to store the encounter (${why}).${usageText(others)} The GM's state is kept; the next command that fits stores it again.`);
}

export function readTokens(value: unknown): Record<string, TokenLink> {
  const out: Record<string, TokenLink> = {};
  if (typeof value !== "object" || value === null) return out;
  for (const [item, link] of Object.entries(value as Record<string, unknown>)) {
    if (typeof link !== "object" || link === null) continue;
    const l = link as Partial<TokenLink>;
    if (typeof l.participant !== "string") continue;
    out[item] = typeof l.owner === "string" ? { participant: l.participant, owner: l.owner } : { participant: l.participant };
  }
  return out;
}

export function readStored(value: unknown): StoredState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const s = value as Partial<StoredState>;
  if (s.v !== 2 || !Number.isSafeInteger(s.seq) || typeof s.epoch !== "string" || typeof s.encounter !== "object" || s.encounter === null) {
    return undefined;
  }
  return { ...(s as StoredState), tokens: readTokens(s.tokens) };
}
