/**
 * What a player may ask the GM's client to run for a participant they control, in both kits.
 *
 * A request names the participant and, for a declaration, the activities only: bonus steps,
 * advantage or a weapon's dice are the GM's to grant ({@link DeclarationPolicy}), so a hostile
 * client cannot give itself a better roll.
 */
import type { Activity, Encounter, EncounterCommand } from "../index.js";
import { TurnkeeperError } from "../index.js";

/** A player's request, executed by the GM's client. */
export type PlayerRequest =
  | { type: "declare"; participant: string; activities: Activity[] }
  | { type: "delay"; participant: string }
  | { type: "resume"; participant: string }
  | { type: "endTurn"; participant: string };

/**
 * What the GM adds to a player's declared activities (a Greyhawk declaration's `bonusAction`,
 * `steps`, `mode`, `weapon`), decided on the GM's client. Default: nothing.
 */
export type DeclarationPolicy = (participant: string, activities: readonly Activity[], encounter: Encounter) => Record<string, unknown>;

const MAX_ACTIVITIES = 16;

/** Is `value` a request of the right shape (anything may arrive over a host's channel)? */
export function isRequest(value: unknown): value is PlayerRequest {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  if (typeof r.participant !== "string" || r.participant.length === 0 || r.participant.length > 64) return false;
  switch (r.type) {
    case "declare": {
      const keys = Object.keys(r);
      return (
        Array.isArray(r.activities) &&
        r.activities.length <= MAX_ACTIVITIES &&
        r.activities.every((a) => typeof a === "string") &&
        keys.every((k) => k === "type" || k === "participant" || k === "activities")
      );
    }
    case "delay":
    case "resume":
    case "endTurn":
      return true;
    default:
      return false;
  }
}

/**
 * The encounter command a request stands for (ending a turn only on the participant's own turn).
 * A declaration is built here from the activities and what `policy` grants, never taken whole
 * from the request.
 */
export function commandOf(request: PlayerRequest, encounter: Encounter, policy?: DeclarationPolicy): EncounterCommand {
  if (!isRequest(request)) {
    throw new TurnkeeperError("INVALID_ARGUMENT", "a request is { type: declare, participant, activities } or delay, resume, endTurn with a participant (a declaration carries its activities only)");
  }
  switch (request.type) {
    case "declare": {
      const activities = [...request.activities];
      const extra = policy?.(request.participant, activities, encounter) ?? {};
      const declaration = { ...extra, system: "greyhawk", activities };
      return { type: "declare", participant: request.participant, declaration } as EncounterCommand;
    }
    case "delay":
      return { type: "delay", participant: request.participant };
    case "resume":
      return { type: "resume", participant: request.participant, cutIn: [] };
    case "endTurn":
      if (encounter.currentParticipant() !== request.participant) {
        throw new TurnkeeperError("NOT_ALLOWED", `it is not ${request.participant}'s turn`);
      }
      return { type: "endTurn" };
  }
}
