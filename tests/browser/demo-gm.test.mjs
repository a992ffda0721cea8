// The demo as a GM's screen, in Debian's Chromium: Greyhawk, A5E and OSE fights run from the
// tracker (damage, conditions expiring, death saves, ongoing damage, world actions, sides and
// phases), every row checked against the engine in Node from the page's own snapshot; the turn
// controls enabled exactly when the package takes the command; refusals shown next to their
// control; a late follower tab converging on dice, encounter and journeys; nothing wider than a
// 320–360 px sidebar; keys, focus, dark mode and reduced motion; the code panel's real calls.
// With TURNKEEPER_SCREENSHOTS=1 (scripts/screenshots.mjs) it also writes the README's pictures.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync } from "node:fs";
import { Encounter } from "turnkeeper";
import { answerDialog, openBrowser, openDemoPage, OUTPUT_DIR } from "./harness.mjs";

/** @typedef {import("playwright-core").Page} Page */

const DOCS = process.env.TURNKEEPER_SCREENSHOTS ? new URL("../../docs/", import.meta.url).pathname : null;

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;

before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});
/** @type {Page[]} the pages a test opened: closed after it, pass or fail (a leader left open would answer the next test's followers) */
const opened = [];
afterEach(async () => {
  for (const p of opened.splice(0)) await p.close().catch(() => {});
});

/** A page on the demo, playing a new game of its own (the browser profile is shared). */
async function openDemo(width = 1280, height = 1000, path = "/demo/") {
  const page = await openDemoPage(browser, width, height, path);
  opened.push(page);
  return page;
}

/** A screenshot for the test output, and for docs/ when the screenshot script runs the tests. */
async function shot(/** @type {Page} */ page, /** @type {string} */ name, fullPage = true) {
  await page.waitForFunction(() => document.getElementById("offline-status")?.dataset.state === "ready", null, { timeout: 20000 });
  const path = `${OUTPUT_DIR}${name}.png`;
  await page.screenshot({ path, fullPage });
  if (DOCS) copyFileSync(path, `${DOCS}${name}.png`);
}

/** Every object's snapshot in the page. @param {Page} page */
const snapshotsOf = async (page) => JSON.parse(await page.evaluate(() => JSON.stringify(/** @type {any} */ (globalThis).demo.snapshots())));

/** The page's encounter, loaded in Node from its snapshot. @param {Page} page */
const engineOf = async (page) => Encounter.fromJSON((await snapshotsOf(page)).enc);

/** What the tracker rows show. @param {Page} page */
const rowsOf = (page) =>
  page.$$eval("[data-testid=combatant]", (els) =>
    els.map((e) => ({
      id: /** @type {HTMLElement} */ (e).dataset.pid,
      hp: e.querySelector("[data-testid=hp]")?.textContent,
      effects: Array.from(e.querySelectorAll("[data-testid=effect]")).map((x) => x.firstChild?.textContent),
      state: /** @type {HTMLElement} */ (e).dataset.state,
      life: e.querySelector("[data-testid=death]")?.getAttribute("aria-label") ?? e.querySelector("[data-testid=death]")?.textContent ?? "",
    })),
  );

/** The same, as the engine has it. @param {Encounter} enc */
function expectedRows(enc) {
  return enc.participants().map((p) => {
    const c = p.creature;
    const d = c?.death;
    return {
      id: p.id,
      hp: c ? `${c.hp.current}/${c.hp.max}${c.hp.temp ? ` +${c.hp.temp}` : ""}` : "no HP",
      effects: enc.effects(p.id).map((v) => v.effect.condition ?? v.effect.name),
      state: d?.type ?? (p.canAct ? "alive" : "down"),
      life: d?.type === "dying" ? `Dying: ${d.successes} successes, ${d.failures} failures` : d?.type === "dead" ? "dead" : d?.type ?? "",
    };
  });
}

/** The tracker agrees with the engine, row for row. @param {Page} page */
async function trackerMatchesEngine(page) {
  const enc = await engineOf(page);
  const rows = await rowsOf(page);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const want of expectedRows(enc)) {
    const got = byId.get(want.id);
    assert.ok(got, `${want.id} has a row`);
    assert.equal(got.hp, want.hp, `${want.id}'s hit points`);
    assert.deepEqual(got.effects, want.effects, `${want.id}'s effects`);
    assert.equal(got.state, want.state, `${want.id}'s state`);
    if (want.life === "dead") assert.match(got.life, /^Dead/);
    else assert.equal(got.life, want.life, `${want.id}'s life`);
  }
  assert.equal(rows.length, enc.participants().length, "one row per participant");
  enc.free();
}

/** Open a row's tools. @param {Page} page @param {string} name */
async function openRow(page, name) {
  const button = page.locator(`[aria-label='Tools for ${name}']`);
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
}

/** @param {Page} page */
const currentId = (page) => page.$eval("[data-testid=order-entry][aria-current=true]", (e) => e.getAttribute("data-id"));

/** @param {Page} page */
const happenings = async (page) => (await page.textContent("#happenings")) ?? "";

test("Greyhawk: declarations and dice in the rows, low counts first, damage, temp HP, a death save and a condition expiring", async () => {
  const page = await openDemo();
  await page.fill("#seed", "42");
  await page.selectOption("#ruleset", "gh5e");
  await page.click("#load-sample");
  await trackerMatchesEngine(page);
  assert.equal(await page.textContent("#waiting-title"), "Combatants", "before the roll everyone waits");
  await page.click("#btn-start");
  // Declarations are made in the rows: Rath now only attacks (d8), without moving (d6).
  await page.uncheck("#plan-rath-move");
  assert.match((await page.textContent("[data-pid=rath] .plan")) ?? "", /rolls d8$/);
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  await page.waitForSelector("[data-testid=order-entry][aria-current=true]");
  // GH-INIT: the lowest count acts first; each row shows its count and the dice behind it.
  const enc = await engineOf(page);
  const order = enc.order();
  const rows = await page.$$eval("[data-testid=order-entry]", (els) => els.map((e) => ({ id: e.getAttribute("data-id"), count: e.querySelector(".count")?.textContent, faces: e.querySelector(".faces")?.textContent ?? "" })));
  assert.deepEqual(rows.map((r) => r.id), order.map((e) => (e.actor.type === "participant" ? e.actor.participant : "")));
  assert.deepEqual(rows.map((r) => Number(r.count)), order.map((e) => e.count));
  assert.deepEqual([...rows.map((r) => Number(r.count))].sort((a, b) => a - b), rows.map((r) => Number(r.count)), "low to high");
  assert.match(rows.find((r) => r.id === "rath")?.faces ?? "", /^ · d8 \d$/, "Rath rolled his one d8");
  assert.deepEqual(enc.participant("rath")?.declaration, { system: "greyhawk", activities: ["melee"] });
  enc.free();
  assert.match((await page.textContent("#order-note")) ?? "", /lowest count acts first/);

  // Damage, temporary hit points and a condition from the rows.
  const first = await currentId(page);
  await openRow(page, "Rupert");
  await page.fill("#amt-rupert", "5");
  await page.click("#temp-rupert");
  await openRow(page, "Troll");
  // Greyhawk plays 5e's creature rules: the picker offers 5e's conditions (SRD-COND), not A5E's.
  const offered = await page.$$eval("#cond-troll optgroup[label=Conditions] option", (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.ok(offered.includes("frightened") && offered.includes("poisoned"), offered.join(" "));
  assert.ok(!offered.includes("rattled") && !offered.includes("slowed"), offered.join(" "));
  await page.selectOption("#cond-troll", "frightened");
  await page.selectOption("#until-troll", "rounds1");
  await page.click("#apply-troll");
  await openRow(page, "Rath");
  await page.fill("#amt-rath", "30");
  await page.selectOption("#dtype-rath", "slashing");
  await page.click("#dmg-rath");
  await page.waitForSelector("[data-pid=rath][data-state=dying]");
  assert.match(await happenings(page), /Rath goes down/);
  // GH-INIT-12: a creature that cannot act makes its death save at the end of the round, so
  // mid-round the row's button is off and says when.
  assert.equal(await page.isDisabled("#save-rath"), true);
  assert.match((await page.textContent("[data-pid=rath] [data-testid=save-when]")) ?? "", /end of the round.*GH-INIT-12/);
  await trackerMatchesEngine(page);
  assert.match((await page.textContent("[data-pid=rupert] [data-testid=hp]")) ?? "", /^21\/21 \+5$/);
  // 5e exhaustion in place of A5E's fatigue and strife (SRD-EXH): one level, disadvantage on checks.
  await openRow(page, "Rupert");
  assert.equal(await page.locator("[data-pid=rupert] [aria-label^='Fatigue']").count(), 0);
  assert.equal(await page.isDisabled("[aria-label='Exhaustion −1 for Rupert']"), true);
  await page.click("[aria-label='Exhaustion +1 for Rupert']");
  assert.equal(await page.textContent("[data-pid=rupert] [data-testid=exhaustion]"), "Exhaustion 1/6");
  await trackerMatchesEngine(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.click("[aria-label='Tools for Rupert']");
  await page.click("[aria-label='Tools for Troll']");
  await shot(page, "gm-desktop");

  // The round goes on; at the start of round 2 the troll is no longer frightened (GH-DUR: turn
  // anchors become round boundaries), and the tracker says so as it happens.
  assert.equal(first, "rupert");
  while ((await page.textContent("#phase")) === "turns") await page.click("#btn-end-turn");
  assert.equal(await page.textContent("#phase"), "declaring");
  // The round's turns are over: Rath's death save, with the d20 the player rolled at the
  // table; one a round, so the button goes off again.
  await openRow(page, "Rath");
  assert.equal(await page.isDisabled("#save-rath"), false);
  await page.fill("#dsface-rath", "4");
  await page.click("#save-rath");
  assert.equal(await page.getAttribute("[data-pid=rath] [data-testid=death]", "aria-label"), "Dying: 0 successes, 1 failures");
  assert.match((await page.textContent("#event-log")) ?? "", /Rath makes a death save.*d20 4, failure 1\/3/);
  assert.equal(await page.isDisabled("#save-rath"), true);
  assert.match((await page.textContent("[data-pid=rath] [data-testid=save-when]")) ?? "", /has made its death save for round 1/);
  await trackerMatchesEngine(page);
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  assert.match(await happenings(page), /frightened on Troll ends/);
  assert.deepEqual((await rowsOf(page)).find((r) => r.id === "troll")?.effects, []);
  await trackerMatchesEngine(page);
  // The log reads newest first under round and turn headings, or oldest first, numbered.
  const headings = await page.$$eval("#event-log h4", (hs) => hs.map((h) => h.textContent));
  assert.match(headings[0] ?? "", /^Round 2 · /);
  assert.ok(headings.includes("Round 1 · Declarations"));
  assert.equal(await page.$eval("#event-log", (e) => e.dataset.order), "newest");
  await page.click("#panel-init .log-order");
  assert.equal(await page.$eval("#event-log", (e) => e.dataset.order), "oldest");
  assert.equal(await page.$eval("#event-log h4", (h) => h.textContent), "Setting up");
  assert.equal(await page.$eval("#event-log ol li", (li) => /** @type {HTMLElement} */ (li.parentElement).getAttribute("start")), "1");
  await page.click("#panel-init .log-order");
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test("Greyhawk with A5E's creature rules, picked before the fight: A5E's conditions, fatigue and strife", async () => {
  const page = await openDemo();
  await page.selectOption("#ruleset", "a5e");
  assert.equal(await page.isHidden("#creature-rules"), true, "only Greyhawk offers the choice");
  await page.selectOption("#ruleset", "gh5e");
  assert.equal(await page.inputValue("#creature-rules"), "srd5e", "5e's by default");
  await page.selectOption("#creature-rules", "a5e");
  await page.click("#load-sample");
  const enc = await engineOf(page);
  assert.equal(enc.config.creature?.type, "a5e");
  enc.free();
  await openRow(page, "Rath");
  const offered = await page.$$eval("#cond-rath optgroup[label=Conditions] option", (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.ok(offered.includes("rattled"), offered.join(" "));
  assert.equal(await page.locator("[aria-label='Fatigue +1 for Rath']").count(), 1);
  assert.equal(await page.locator("[aria-label='Exhaustion +1 for Rath']").count(), 0);
  // A new encounter keeps the choice shown for the fight it replaces.
  assert.equal(await page.inputValue("#creature-rules"), "a5e");
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test("A5E: the world phase and its recharge, ongoing damage as it happens, conditional disadvantage, a death save", async () => {
  const page = await openDemo();
  await page.fill("#seed", "7");
  await page.selectOption("#ruleset", "a5e");
  await page.click("#load-sample");
  await page.click("#btn-start");
  // A5E-TBA-05: the world acts first in every round.
  assert.equal(await page.textContent("#phase"), "world");
  assert.equal(await page.getAttribute("#world-box", "aria-current"), "true");
  assert.equal(await page.isDisabled("#btn-end-turn"), true);
  assert.equal(await page.getAttribute("[data-testid=world-action]", "data-state"), "ready");
  await page.click("[aria-label='Use Flame Burst']");
  // Used once per world phase; the recharge roll (A5E-WORLD-03) decides the next rounds.
  assert.equal(await page.isDisabled("[aria-label='Use Flame Burst']"), true);
  const enc = await engineOf(page);
  const [world] = enc.worldActions();
  enc.free();
  assert.equal(await page.getAttribute("[data-testid=world-action]", "data-state"), world.charged ? "used this round" : "recharging");
  assert.match(await happenings(page), /Flame Burst: recharge d6 \d, (ready again|not yet)/);
  await page.click("#btn-end-world");

  // Frightened: the roll advice names the conditional disadvantage and its reason.
  await openRow(page, "Kira");
  await page.selectOption("#cond-kira", "frightened");
  await page.selectOption("#until-kira", "rounds1");
  await page.click("#apply-kira");
  await page.selectOption("#roll-kira", "attack-melee-str");
  assert.equal(await page.textContent("[data-pid=kira] [data-testid=advice-mode]"), "normal");
  assert.match((await page.textContent("[data-pid=kira] [data-testid=advice-conditional]")) ?? "", /disadvantage if it can see the source of its fear — frightened \(A5E-COND-12\)/);

  // Ongoing damage (A5E-DMG-06): rolled at the end of each of the ogre's turns.
  await openRow(page, "Ogre");
  await page.selectOption("#cond-ogre", "effect:on fire");
  await page.selectOption("#until-ogre", "rounds3");
  await page.click("#apply-ogre");
  assert.match((await page.textContent("[data-pid=ogre] .chips")) ?? "", /on fire 3 rd/);
  for (let i = 0; i < 8 && !/ongoing/.test(await happenings(page)); i++) {
    await page.click((await page.textContent("#phase")) === "world" ? "#btn-end-world" : "#btn-end-turn");
  }
  assert.match(await happenings(page), /Ogre takes \d+ ongoing damage/);
  assert.equal(await page.locator("[data-pid=ogre]").evaluate((e) => e.classList.contains("flash")), true, "the ogre's row flags it");
  await trackerMatchesEngine(page);

  // Kira drops, saves with a natural 20 and is back on her feet with 1 HP.
  await openRow(page, "Kira");
  await page.fill("#amt-kira", "24"); // not 40: that much at once is massive damage (A5E-DEATH), and she would die
  await page.click("#dmg-kira");
  await page.waitForSelector("[data-pid=kira][data-state=dying]");
  // A5E-DEATH-03: her save comes at the start of her own turn, not before.
  assert.equal(await page.isDisabled("#save-kira"), true);
  assert.match((await page.textContent("[data-pid=kira] [data-testid=save-when]")) ?? "", /start of its own turn \(A5E-DEATH-03\)/);
  // Round 2: after the world phase, Kira's turn starts (the dying keep their turns under A5E),
  // and with it her fear ends (it lasted a round from the start of her turn, when it was applied).
  while ((await page.textContent("#phase")) === "turns") await page.click("#btn-end-turn");
  assert.equal(await page.textContent("#phase"), "world");
  await page.click("#btn-end-world");
  assert.equal(await currentId(page), "kira");
  assert.match(await happenings(page), /frightened on Kira ends/);
  assert.ok(!(await rowsOf(page)).find((r) => r.id === "kira")?.effects.includes("frightened"));
  // Her save, a natural 20: back on her feet with 1 HP.
  await openRow(page, "Kira");
  await page.fill("#dsface-kira", "20");
  await page.click("#save-kira");
  assert.equal(await page.textContent("[data-pid=kira] [data-testid=hp]"), "1/24");
  assert.match((await page.textContent("#event-log")) ?? "", /d20 20, regains consciousness/);
  await trackerMatchesEngine(page);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test("OSE: surprise, sides with their members, phases, a kill and a condition expiring at the round's end", async () => {
  const page = await openDemo();
  await page.fill("#seed", "3");
  await page.selectOption("#ruleset", "ose");
  await page.click("#load-sample");
  assert.equal(await page.isVisible("#btn-surprise"), true);
  await page.fill("#init-faces", "4");
  await page.click("#btn-surprise");
  await page.click("#btn-start");
  await page.check("#plan-cleric-spell");
  await page.click("#btn-declare");
  await page.fill("#init-faces", "2, 5");
  await page.click("#btn-roll");
  // Sides in order, each with its members' rows inside.
  const sides = await page.$$eval("[data-testid=order-entry]", (els) => els.map((e) => [e.getAttribute("data-id"), Array.from(e.querySelectorAll("[data-testid=combatant]")).map((c) => /** @type {HTMLElement} */ (c).dataset.pid)]));
  assert.deepEqual(sides, [["side:orcs", ["orc1", "orc2", "orc3"]], ["side:party", ["fighter", "cleric"]]]);
  assert.equal(await currentId(page), "side:orcs");
  assert.match((await page.textContent("[data-pid=cleric] .meta")) ?? "", /casting a spell/);
  // OSE-COMBAT-02: the acting side goes through the phases.
  const phase = () => page.textContent("[data-testid=ose-phase]");
  const before = await phase();
  await page.click("#btn-next-phase");
  assert.notEqual(await phase(), before);
  while ((await phase()) !== "Phase: melee") await page.click("#btn-next-phase");
  assert.equal(await page.isDisabled("#btn-next-phase"), true, "melee is the last phase");
  // A hit that kills (OSE has no death saves: 0 HP is dead for monsters).
  await openRow(page, "Orc 1");
  await page.fill("#amt-orc1", "6");
  await page.click("#dmg-orc1");
  assert.match((await page.textContent("[data-pid=orc1] [data-testid=death]")) ?? "", /^Dead/);
  assert.equal(await page.isVisible("#save-orc1"), false);
  // OSE's own conditions (OSE-ATK-10, OSE-ATK-13, OSE-COMBAT-04), not A5E's.
  await openRow(page, "Fighter");
  const offered = await page.$$eval("#cond-fighter optgroup[label=Conditions] option", (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.deepEqual([...offered].sort(), ["blinded", "helpless", "paralyzed", "retreating"]);
  // A condition for one round ends when the next round starts.
  await page.selectOption("#cond-fighter", "retreating");
  await page.selectOption("#until-fighter", "rounds1");
  await page.click("#apply-fighter");
  await page.click("#btn-end-turn");
  await page.click("#btn-end-turn");
  assert.equal(await page.textContent("#phase"), "declaring");
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  assert.match(await happenings(page), /retreating on Fighter ends/);
  await trackerMatchesEngine(page);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

/** Each toolbar command, as the package would run it. */
/** @type {Record<string, (e: Encounter) => unknown>} */
const COMMANDS = {
  "btn-start": (e) => e.start(),
  "btn-surprise": (e) => e.rollSurprise(["party"]),
  "btn-declare": (e) => e.declareMany(Object.fromEntries(e.participants().map((p) => [p.id, e.config.preset === "ose" ? { system: "ose", spell: false } : ["melee"]]))),
  // Roll declares the ticked plans of whoever has not declared, then rolls.
  "btn-roll": (e) => {
    const missing = e.participants().filter((p) => !p.declaration);
    if (missing.length) e.declareMany(Object.fromEntries(missing.map((p) => [p.id, e.config.preset === "ose" ? { system: "ose", spell: false } : ["melee"]])));
    e.rollInitiative();
  },
  "btn-end-world": (e) => e.endWorldPhase(),
  "btn-next-phase": (e) => e.advancePhase(),
  "btn-end-turn": (e) => e.endTurn(),
  "btn-delay": (e) => e.delay(e.currentParticipant() ?? "nobody"),
  "btn-resume": (e) => e.resume(e.delayed()[0] ?? "nobody"),
  "btn-next-round": (e) => e.nextRound(),
  "btn-end": (e) => e.end(),
};

/** Every shown toolbar button is enabled exactly when the package takes its command now. @param {Page} page */
async function controlsMatchEngine(page, where = "") {
  const snapshot = (await snapshotsOf(page)).enc;
  // #btn-act only opens the acting combatant's tools: no command of its own.
  const buttons = await page.$$eval(".toolbar button:not(#btn-act), #btn-resume", (els) => els.map((b) => ({ id: b.id, hidden: /** @type {HTMLButtonElement} */ (b).hidden, disabled: /** @type {HTMLButtonElement} */ (b).disabled })));
  let checked = 0;
  for (const b of buttons) {
    if (b.hidden) continue;
    const copy = Encounter.fromJSON(snapshot);
    let valid = true;
    try {
      COMMANDS[b.id](copy);
    } catch {
      valid = false;
    }
    copy.free();
    assert.equal(b.disabled, !valid, `${where} phase ${snapshot.encounter?.phase ?? ""}: #${b.id} is ${b.disabled ? "disabled" : "enabled"} but the package ${valid ? "takes" : "refuses"} it`);
    checked++;
  }
  return checked;
}

test("controls follow the state: in every phase of every ruleset, exactly the commands the package takes are enabled; a refusal is shown next to its control", async () => {
  const page = await openDemo();
  await page.fill("#seed", "11");
  /** @type {Record<string, string[]>} steps between checks, per ruleset */
  const walks = {
    gh5e: ["#btn-start", "#btn-declare", "#btn-roll", "#btn-delay", "#btn-resume", "#btn-end-turn", "#btn-next-round", "#btn-end"],
    a5e: ["#btn-start", "#btn-end-world", "#btn-end-turn", "#btn-end-turn", "#btn-end-turn", "#btn-end-turn", "#btn-end-world", "#btn-end"],
    hyb: ["#btn-start", "#btn-delay", "#btn-end-turn", "#btn-resume", "#btn-next-round", "#btn-end"],
    ose: ["#btn-start", "#btn-declare", "#btn-roll", "#btn-next-phase", "#btn-next-phase", "#btn-next-phase", "#btn-next-phase", "#btn-end-turn", "#btn-end-turn", "#btn-end"],
  };
  let checked = 0;
  for (const [ruleset, steps] of Object.entries(walks)) {
    await page.selectOption("#ruleset", ruleset);
    await page.click("#load-sample");
    checked += await controlsMatchEngine(page, `${ruleset} (sample loaded)`);
    for (const step of steps) {
      await page.click(step);
      // Next round with turns still to take asks first (issue 35): the GM means it here.
      if (await page.locator("[data-testid=confirm]").count()) await answerDialog(page, "yes");
      assert.equal(await page.isHidden("#init-error"), true, `${ruleset}: ${step} was taken`);
      checked += await controlsMatchEngine(page, `${ruleset} after ${step}`);
    }
    assert.equal(await page.textContent("#phase"), "ended");
  }
  assert.ok(checked > 150, `${checked} button states checked`);

  // Refusals: physical dice the package refuses (a d6 showing 9), and an amount out of range,
  // each shown with the package's message and code beside the control that sent it.
  await page.selectOption("#ruleset", "ose");
  await page.click("#load-sample");
  await page.click("#btn-start");
  await page.fill("#init-faces", "9, 2");
  await page.click("#btn-roll");
  await page.waitForSelector("#init-error:not([hidden])");
  assert.match((await page.textContent("#init-error")) ?? "", /\[INVALID_FACE\]$/);
  assert.equal(await page.textContent("#phase"), "declaring", "nothing changed");
  await page.click("#btn-roll");
  assert.equal(await page.isHidden("#init-error"), true);
  await openRow(page, "Fighter");
  await page.fill("#amt-fighter", "2000000");
  await page.click("#dmg-fighter");
  assert.match((await page.textContent("[data-pid=fighter] .error")) ?? "", /damage amount must be from 0 to 1000000, not 2000000 \[INVALID_ARGUMENT\]/);
  assert.match((await page.textContent("[data-testid=code]")) ?? "", /encounter\.damage\("fighter", \{ amount: 2000000 \}\);\s+\/\/ throws INVALID_ARGUMENT/);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

/** What a follower must agree on: every snapshot and the dice. @param {Page} page */
const mirrored = (page) =>
  page.evaluate(() => {
    const demo = /** @type {any} */ (globalThis).demo;
    return JSON.stringify({ snapshots: demo.snapshots(), dice: { seq: demo.app.dice.seq, state: demo.app.dice.state, rolls: demo.app.dice.rolls } });
  });

test("a follower tab that joins late converges on dice, encounter and journeys, and heals a missed batch", async () => {
  const leader = await openDemo();
  await leader.fill("#seed", "5");
  await leader.click("#tab-dice");
  for (const n of ["4d6kh3+2", "d20adv+5"]) {
    await leader.fill("#notation", n);
    await leader.click("#dice-form button[type=submit]");
  }
  await leader.fill("#faces", "3, 5");
  await leader.fill("#notation", "2d6");
  await leader.click("#dice-form button[type=submit]");
  await leader.fill("#faces", "");
  await leader.click("#tab-init");
  await leader.selectOption("#ruleset", "gh5e");
  await leader.click("#load-sample");
  await leader.click("#btn-start");
  await leader.click("#btn-declare");
  await leader.click("#btn-roll");
  await leader.click("#tab-travel");
  await leader.click("#hyb-start");
  await leader.click("#hyb-torch");
  await leader.click("#hyb-turn");

  // Late: everything so far comes from the leader's snapshots.
  const follower = await openDemo(1280, 1000, "/demo/?follow");
  const converged = async () => {
    const want = await mirrored(leader);
    await follower.waitForFunction((w) => {
      const demo = /** @type {any} */ (globalThis).demo;
      return JSON.stringify({ snapshots: demo.snapshots(), dice: { seq: demo.app.dice.seq, state: demo.app.dice.state, rolls: demo.app.dice.rolls } }) === w;
    }, want);
  };
  await converged();
  assert.equal(await follower.isVisible("#follower-note"), true);
  assert.equal(await follower.isDisabled("#btn-end-turn"), true);
  assert.equal(await follower.isDisabled("#dice-form button[type=submit]"), true);

  // Then batch by batch, and roll by roll.
  await leader.click("#tab-init");
  await leader.click("#btn-end-turn");
  await openRow(leader, "Troll");
  await leader.fill("#amt-troll", "12");
  await leader.click("#dmg-troll");
  await leader.click("#tab-travel");
  await leader.click("#hyb-turn");
  await leader.click("#ose-day");
  await leader.click("#tab-dice");
  await leader.fill("#notation", "8d6x");
  await leader.click("#dice-form button[type=submit]");
  await converged();
  // The follower draws the same: the tracker, the dice, the journeys and their logs.
  for (const tab of ["#tab-init", "#tab-dice", "#tab-travel"]) {
    await leader.click(tab);
    await follower.click(tab);
  }
  const view = (/** @type {Page} */ p) => p.evaluate(() => [
    Array.from(document.querySelectorAll("[data-testid=order-entry]")).map((e) => Array.from(e.querySelectorAll(".count, .who, .hp, .chips")).map((x) => x.textContent).join(" | ")),
    document.querySelector("[data-testid=dice-total]")?.textContent,
    document.getElementById("hyb-time")?.textContent,
    document.getElementById("hyb-log")?.textContent,
    document.getElementById("ose-log")?.textContent,
  ]);
  assert.deepEqual(await view(follower), await view(leader));
  assert.equal(await follower.textContent("[data-pid=troll] [data-testid=hp]"), "72/84");

  // A batch missed (the follower was busy): it notices, asks, and converges again.
  await follower.evaluate(() => {
    const channel = /** @type {any} */ (globalThis).demo.app.channel;
    const handler = channel.onmessage;
    channel.onmessage = () => (channel.onmessage = handler); // drops one message
  });
  await leader.click("#tab-init");
  await leader.click("#btn-end-turn");
  await leader.click("#btn-end-turn");
  await converged();
  await follower.click("#tab-state");
  assert.equal(await follower.getAttribute("#sync-status", "data-healed"), "1");
  // An undo on the leader reaches the follower too.
  await leader.click("#btn-undo");
  await leader.waitForFunction(() => !/** @type {any} */ (globalThis).demo.session.busy);
  await converged();
  assert.deepEqual(browser.errors, []);
  await follower.close();
  await leader.close();
});

/** Visible elements poking out of the viewport, and the page's horizontal scroll. @param {Page} page */
const overflow = (page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const e of Array.from(document.querySelectorAll("body *"))) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && (r.right > width + 0.5 || r.left < -0.5)) out.push(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}.${e.className} (${Math.round(r.left)}–${Math.round(r.right)})`);
    }
    return { scroll: document.documentElement.scrollWidth - width, out: out.slice(0, 10) };
  });

test("a VTT sidebar: at 360 px (and 320 px) nothing overflows, the order comes first, and the tools fit", async () => {
  const page = await openDemo(360, 800);
  await page.fill("#seed", "42");
  await page.selectOption("#ruleset", "gh5e");
  await page.click("#load-sample");
  await page.click("#btn-start");
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  await openRow(page, "Rath");
  await page.fill("#amt-rath", "30");
  await page.click("#dmg-rath");
  await page.selectOption("#cond-rath", "frightened");
  await page.click("#apply-rath");
  await openRow(page, "Troll");
  // The order is the tracker: its first row is on the first screen, above the add form.
  const top = await page.$eval("[data-testid=order-entry]", (e) => e.getBoundingClientRect().top + window.scrollY);
  assert.ok(top < 800, `the first row starts at ${Math.round(top)} px`);
  assert.ok(top < (await page.$eval("#add-box", (e) => e.getBoundingClientRect().top + window.scrollY)));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.emulateMedia({ reducedMotion: "reduce" });
  if (DOCS) {
    // The first screen of a 380 × 700 sidebar: the turn controls and the order (issue 35).
    await page.setViewportSize({ width: 380, height: 700 });
    await page.click("[aria-label='Tools for Troll']");
    await page.click("#btn-end-turn");
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "gm-sidebar", false);
    await page.setViewportSize({ width: 360, height: 800 });
  }
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const tab of ["#tab-init", "#tab-dice", "#tab-travel", "#tab-state", "#tab-games"]) {
      await page.click(tab);
      if (tab === "#tab-dice") await page.click("#dice-form button[type=submit]");
      if (tab === "#tab-travel") await page.click("#hyb-start");
      const o = await overflow(page);
      assert.deepEqual(o, { scroll: 0, out: [] }, `${tab} at ${width} px`);
    }
  }
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test("keys, focus, dark mode and reduced motion: N ends the turn, U undoes, focus stays visible and in place", async () => {
  const page = await openDemo();
  await page.fill("#seed", "8");
  await page.selectOption("#ruleset", "hyb");
  await page.click("#load-sample");
  await page.click("#btn-start");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  const first = await currentId(page);
  await page.keyboard.press("n");
  const second = await currentId(page);
  assert.notEqual(second, first);
  await page.evaluate(() => /** @type {any} */ (globalThis).demo.settled());
  await page.keyboard.press("u");
  await page.waitForFunction((id) => document.querySelector("[data-testid=order-entry][aria-current=true]")?.getAttribute("data-id") === id, first);
  await page.keyboard.press("Shift+U");
  await page.waitForFunction((id) => document.querySelector("[data-testid=order-entry][aria-current=true]")?.getAttribute("data-id") === id, second);
  // Typing an amount does not end a turn.
  await openRow(page, "Ghoul");
  await page.focus("#amt-ghoul");
  await page.keyboard.type("4n");
  assert.equal(await currentId(page), second);
  // The keyboard reaches a row's buttons, its focus is visible, and it stays on the button
  // through the redraw its command causes.
  await page.fill("#amt-ghoul", "4");
  await page.focus("#amt-ghoul");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "dmg-ghoul");
  assert.notEqual(await page.evaluate(() => getComputedStyle(/** @type {Element} */ (document.activeElement)).outlineStyle), "none");
  await page.keyboard.press("Enter");
  assert.equal(await page.textContent("[data-pid=ghoul] [data-testid=hp]"), "18/22");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "dmg-ghoul");
  // Dark when the system is dark; no flashing rows when motion is unwelcome.
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.emulateMedia({ colorScheme: "light" });
  const light = await background();
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await background();
  const luminance = (/** @type {string} */ rgb) => (rgb.match(/\d+/g) ?? []).slice(0, 3).map(Number).reduce((a, b) => a + b, 0);
  assert.ok(luminance(dark) < 150 && luminance(light) > 600, `${dark} / ${light}`);
  await page.fill("#amt-ghoul", "1");
  await page.click("#dmg-ghoul");
  assert.notEqual(await page.$eval("[data-pid=ghoul]", (e) => getComputedStyle(e).animationName), "none");
  await page.emulateMedia({ reducedMotion: "reduce" });
  assert.equal(await page.$eval("[data-pid=ghoul]", (e) => getComputedStyle(e).animationName), "none");
  if (DOCS) await shot(page, "gm-dark");
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test("the code panel shows the real package calls of the last action, with a link to the README section", async () => {
  const page = await openDemo();
  await page.fill("#seed", "42");
  await page.selectOption("#ruleset", "gh5e");
  await page.click("#load-sample");
  const code = () => page.textContent("[data-testid=code]");
  assert.match((await code()) ?? "", /^const encounter = new Encounter\(\{ ruleset: "gh5e", seed: 42 \}\);/);
  assert.match((await code()) ?? "", /encounter\.add\(\{ id: "rath", name: "Rath", side: "party", dex: 10 \}\);\s+\/\/ → 1 event: participantAdded/);
  await page.click("#btn-start");
  await page.click("#btn-declare");
  assert.match((await code()) ?? "", /^encounter\.declareMany\(\{ rupert: \["ranged"\], delsenora: \["spell"\], rath: \["move", "melee"\]/);
  await page.click("#btn-roll");
  await openRow(page, "Rath");
  await page.fill("#amt-rath", "9");
  await page.click("#dmg-rath");
  assert.equal(await code(), 'encounter.damage("rath", { amount: 9 });  // → 1 event: damaged\n');
  assert.match((await page.textContent("#code-notes")) ?? "", /onEvents got batch #\d+, last digest [0-9a-f]{16}: saved/);
  assert.match((await page.getAttribute("#code-link", "href")) ?? "", /js-package\/README\.md#encounter-damage-and-conditions$/);
  // The calls are the ones made, arguments and all: the same calls in Node give the same state.
  const calls = await page.evaluate(() => /** @type {any} */ (globalThis).demo.lastAction.calls.map((/** @type {any} */ c) => c.text));
  assert.deepEqual(calls, ['encounter.damage("rath", { amount: 9 })']);
  await page.click("#tab-dice");
  await page.click("#dice-form button[type=submit]");
  assert.match((await code()) ?? "", /^const dice = new Dice\(\{ seed: 42 \}\);\s+dice\.state\(\);.*\s+dice\.roll\("4d6kh3\+2"\);\s+\/\/ → total \d+, dice \[/);
  assert.match((await page.getAttribute("#code-link", "href")) ?? "", /#dice$/);
  await page.evaluate(() => /** @type {any} */ (globalThis).demo.settled());
  await page.click("#btn-undo");
  await page.waitForFunction(() => document.getElementById("code-label")?.textContent?.includes("undo"));
  assert.match((await code()) ?? "", /encounter = Encounter\.fromJSON\((checkpoint\.enc|move\d+\.snapshot)\);[\s\S]*encounter\.applyEvents\(batch\d+\);/);
  assert.deepEqual(browser.errors, []);
  await page.close();
});
