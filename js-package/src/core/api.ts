/** Everything the package exports apart from `init`. */
export { TurnkeeperError, type ErrorCode } from "./errors.js";
export * from "./dice.js";
export * from "./encounter.js";
export * from "./creature.js";
export * from "./procedures.js";
export * from "./a5e.js";
export * from "./journey.js";
export * from "./rule-tables.js";
