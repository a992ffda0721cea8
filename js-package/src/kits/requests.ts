/**
 * What a player may ask the GM's client to run for a participant they control, in both kits.
 */
import type { DeclarationInput, Encounter, EncounterCommand } from "../index.js";
import { TurnkeeperError } from "../index.js";

/** A player's request, executed by the GM's client. */
export type PlayerRequest =
  | { type: "declare"; participant: string; declaration: DeclarationInput }
  | { type: "delay"; participant: string }
  | { type: "resume"; participant: string }
  | { type: "endTurn"; participant: string };

/** The encounter command a request stands for (ending a turn only on the participant's own turn). */
export function commandOf(request: PlayerRequest, encounter: Encounter): EncounterCommand {
  switch (request?.type) {
    case "declare": {
      const d = request.declaration;
      const declaration = Array.isArray(d) ? { system: "greyhawk", activities: [...d] } : d;
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
    default:
      throw new TurnkeeperError("INVALID_ARGUMENT", "a request is declare, delay, resume or endTurn");
  }
}
