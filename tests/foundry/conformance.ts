// Foundry v13's own documents fit turnkeeper/foundry's structural types: if Foundry's types
// change so that they no longer do, this file stops compiling.
import type { FoundryActiveEffect, FoundryActor, FoundryCombat, FoundryCombatant, FoundrySocket, ActiveEffectData } from "../../demo/foundry/lib/turnkeeper/foundry/index.js";

declare const combat: Combat.Implementation;
declare const combatant: Combatant.Implementation;
declare const actor: Actor.Implementation;
declare const effect: ActiveEffect.Implementation;
declare const socket: NonNullable<typeof game.socket>;

export const checks: [FoundryCombat, FoundryCombatant, FoundryActor, FoundryActiveEffect, FoundrySocket] = [combat, combatant, actor, effect, socket];

// The ActiveEffect data the keeper creates is what Foundry's ActiveEffect accepts.
declare const data: ActiveEffectData;
export const created: ActiveEffect.CreateData = data;

// And none of them is `any` (which would make the checks above vacuous).
type IsAny<T> = 0 extends 1 & T ? true : false;
export const notAny: [IsAny<Combat.Implementation>, IsAny<Combatant.Implementation>, IsAny<Actor.Implementation>, IsAny<ActiveEffect.Implementation>, IsAny<typeof socket>, IsAny<ActiveEffect.CreateData>] = [false, false, false, false, false, false];
