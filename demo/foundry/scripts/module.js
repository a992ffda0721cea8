// @ts-check
// Turnkeeper for Foundry VTT v13: the world's combats run Greyhawk Initiative (declare, roll
// dice pools, act from low to high, re-roll every round) with Level Up A5E conditions whose
// durations Turnkeeper tracks, through `turnkeeper/foundry`. The package is loaded from this
// module's own folder (lib/turnkeeper), with no bundler; its .wasm is fetched from beside it.
import { init, TurnkeeperError } from "../lib/turnkeeper/index.js";
import { CombatKeeper, sortCombatants } from "../lib/turnkeeper/foundry/index.js";

const MODULE_ID = "turnkeeper-greyhawk";
const ACTIVITIES = /** @type {const} */ (["ranged", "move", "swap", "other", "melee", "spell"]);
/** A5E conditions, Greyhawk initiative (DESIGN: rulesets are presets that mix). */
const ENCOUNTER = /** @type {const} */ ({ ruleset: "a5e", initiative: "greyhawk" });

/** @type {Map<string, CombatKeeper>} */
const keepers = new Map();
const byTurnkeeper = sortCombatants(MODULE_ID);
let ready = false;

/** Is this client the one that runs commands (the active GM)? */
function isAuthority() {
  return game.user?.id !== undefined && game.users?.activeGM?.id === game.user.id;
}

/** @param {Combat.Implementation} combat */
async function keeperFor(combat) {
  if (!ready || combat.id === null) return undefined;
  let keeper = keepers.get(combat.id);
  if (keeper === undefined) {
    keeper = await CombatKeeper.open({
      moduleId: MODULE_ID,
      combat,
      socket: /** @type {NonNullable<typeof game.socket>} */ (game.socket),
      userId: game.user?.id ?? "",
      // Senders are looked up here: only the active GM's state is believed, and a request acts
      // for the user Foundry's server says sent it (document ownership decides).
      users: /** @type {NonNullable<typeof game.users>} */ (game.users),
      isAuthority: isAuthority(),
      encounter: ENCOUNTER,
      participant: (c) => {
        // dnd5e-like systems keep ability scores at system.abilities.<id>.value.
        const dex = /** @type {any} */ (c.actor)?.system?.abilities?.dex?.value;
        return typeof dex === "number" ? { dex } : {};
      },
      worldTime: () => game.time?.worldTime ?? 0,
      effects: { img: (condition) => CONFIG.statusEffects.find((s) => s.id === condition)?.img ?? "icons/svg/aura.svg" },
    });
    keepers.set(combat.id, keeper);
    const opened = keeper;
    if (opened.isAuthority) opened.onEvents((events) => void chat(opened, events));
  }
  return keeper;
}

/** The events of each command, as a chat card (every die shown). */
async function chat(/** @type {CombatKeeper} */ keeper, /** @type {readonly import("../lib/turnkeeper/index.js").EncounterEvent[]} */ events) {
  const lines = events.map((e) => keeper.encounter.describe(e)).filter((l) => l.length > 0);
  if (lines.length === 0) return;
  const content = `<ul class="turnkeeper-log">${lines.map((l) => `<li>${foundry.utils.escapeHTML(l)}</li>`).join("")}</ul>`;
  await ChatMessage.create({ content, speaker: { alias: "Turnkeeper" } });
  if (events.some((e) => e.type === "declarationsOpened")) {
    ui.notifications?.info(game.i18n?.format("TURNKEEPER.DeclarePrompt", { round: String(keeper.encounter.round + 1) }) ?? "");
  }
}

/** Run something, showing a Turnkeeper refusal as a notification. */
async function attempt(/** @type {() => Promise<unknown>} */ fn) {
  try {
    await fn();
  } catch (e) {
    const message = e instanceof TurnkeeperError ? `${e.code}: ${e.message}` : String(e);
    ui.notifications?.warn(game.i18n?.format("TURNKEEPER.Refused", { message }) ?? message);
  }
}

Hooks.once("init", () => {
  /** A Combat whose turn order is Turnkeeper's and whose tracker buttons run Turnkeeper commands. */
  class TurnkeeperCombat extends Combat {
    /** @override */
    _sortCombatants(/** @type {Combatant.Implementation} */ a, /** @type {Combatant.Implementation} */ b) {
      return byTurnkeeper(a, b);
    }
    /** @override */
    async startCombat() {
      const started = await super.startCombat();
      const keeper = await keeperFor(this);
      if (keeper?.isAuthority) await attempt(() => keeper.run({ type: "start" }));
      return started;
    }
    /** @override Roll All: Greyhawk rolls everyone's declared dice at once. */
    async rollAll() {
      const keeper = await keeperFor(this);
      if (keeper?.isAuthority) await attempt(() => keeper.run({ type: "rollInitiative" }));
      return this;
    }
    /** @override */
    async nextTurn() {
      const keeper = await keeperFor(this);
      if (keeper === undefined) return super.nextTurn();
      const current = keeper.encounter.currentParticipant();
      if (keeper.isAuthority) await attempt(() => keeper.run({ type: "endTurn" }));
      else if (current !== undefined) await attempt(() => keeper.request({ type: "endTurn", participant: current }));
      return this;
    }
  }
  CONFIG.Combat.documentClass = /** @type {any} */ (TurnkeeperCombat);
});

Hooks.once("ready", async () => {
  await init(); // lib/turnkeeper/wasm/turnkeeper_bg.wasm, fetched from beside the package
  ready = true;
  for (const combat of game.combats ?? []) if (combat.started) await keeperFor(combat);
  const mod = game.modules?.get(MODULE_ID);
  if (mod) Object.assign(mod, { api: { keeperFor, declare, addCondition } });
});

Hooks.on("updateCombat", (combat) => {
  if (combat.id !== null) keepers.get(combat.id)?.onCombatUpdate();
});
Hooks.on("createCombatant", (combatant) => {
  const combat = combatant.parent;
  if (combat && isAuthority()) void keeperFor(combat).then((k) => k && attempt(() => k.syncRoster()));
});
Hooks.on("deleteCombatant", (combatant) => {
  const combat = combatant.parent;
  if (combat && isAuthority()) void keeperFor(combat).then((k) => k && attempt(() => k.syncRoster()));
});
Hooks.on("deleteCombat", (combat) => {
  if (combat.id === null) return;
  keepers.get(combat.id)?.close();
  keepers.delete(combat.id);
});

/**
 * A dialog to declare this round's plans for the user's own combatants (the GM: every one).
 * Macro: `game.modules.get("turnkeeper-greyhawk").api.declare()`.
 */
async function declare() {
  const combat = game.combat;
  const keeper = combat ? await keeperFor(combat) : undefined;
  if (!combat || !keeper) return ui.notifications?.warn(game.i18n?.localize("TURNKEEPER.NotReady") ?? "");
  const mine = combat.combatants.filter((c) => c.isOwner && keeper.encounter.participant(c.id ?? "")?.declaration === undefined);
  const i18n = (/** @type {string} */ k) => game.i18n?.localize(k) ?? k;
  const content = `<p>${i18n("TURNKEEPER.DeclareHint")}</p>` + mine.map((c) =>
    `<fieldset><legend>${foundry.utils.escapeHTML(c.name ?? "")}</legend>` +
    ACTIVITIES.map((a) => `<label><input type="checkbox" name="${c.id}.${a}"> ${i18n(`TURNKEEPER.Activity.${a}`)}</label>`).join("") +
    `</fieldset>`).join("");
  /** @type {Record<string, unknown> | null} */
  const chosen = await foundry.applications.api.DialogV2.input({
    window: { title: i18n("TURNKEEPER.Declare") },
    classes: ["turnkeeper-declare"],
    content,
  });
  if (!chosen) return;
  for (const c of mine) {
    const activities = ACTIVITIES.filter((a) => chosen[`${c.id}.${a}`] === true);
    if (activities.length > 0 && c.id !== null) {
      const participant = c.id;
      await attempt(() => keeper.request({ type: "declare", participant, activities: [...activities] }));
    }
  }
}

/**
 * Add a condition (one the encounter's ruleset has) to a combatant for some rounds (GM). Macro:
 * `game.modules.get("turnkeeper-greyhawk").api.addCondition(token.combatant, "frightened", 3)`.
 */
async function addCondition(/** @type {Combatant.Implementation} */ combatant, /** @type {string} */ condition, rounds = 0) {
  const combat = combatant.parent;
  const keeper = combat ? await keeperFor(combat) : undefined;
  if (!keeper || combatant.id === null) return;
  // The encounter's own conditions (its ruleset's set and any homebrew), as the package lists them.
  if (!keeper.encounter.conditions().some((c) => c.id === condition && !c.automatic)) return ui.notifications?.warn(`Unknown condition ${condition}`);
  const participant = combatant.id;
  await attempt(() => keeper.addCondition(participant, condition, rounds > 0 ? { type: "rounds", count: rounds } : { type: "untilRemoved" }));
}
