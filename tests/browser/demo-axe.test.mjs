// Accessibility, checked by axe-core (WCAG 2.0 and 2.1 A and AA rules, and names containing
// their visible labels) in Debian's Chromium: every tab of
// the demo in light and in dark mode, each with something in it (a running Greyhawk fight with
// a row's tools open, a dice roll, journeys under way, a snapshot, the saved games), and the
// confirmation dialog. axe-core's own source is injected into the page (from node_modules, so
// nothing is fetched), and the test fails on any violation, listing each rule and the elements.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { openBrowser, openDemoPage } from "./harness.mjs";

/** @typedef {import("playwright-core").Page} Page */

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** The violations axe finds in the page now, one line each. @param {Page} page */
async function violations(page) {
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const axe = /** @type {any} */ (globalThis).axe;
    // WCAG 2.0 and 2.1 A/AA, and the (experimental) check that a name contains the visible label.
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      rules: { "label-content-name-mismatch": { enabled: true } },
      resultTypes: ["violations"],
    });
    return result.violations.map((/** @type {any} */ v) => `${v.id}: ${v.nodes.length} × ${v.nodes.slice(0, 4).map((/** @type {any} */ n) => n.target.join(" ")).join(" | ")}${v.nodes[0]?.failureSummary ? ` (${v.nodes[0].failureSummary.split("\n").slice(1, 2).join("").trim()})` : ""}`);
  });
  return found;
}

/** A page with every tab holding something to check. */
async function playedPage() {
  const page = await openDemoPage(browser);
  await page.fill("#seed", "42");
  await page.selectOption("#ruleset", "gh5e");
  await page.click("#load-sample");
  await page.click("#btn-start");
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  await page.click("#btn-end-turn");
  await page.click("#btn-end-turn");
  await page.click("[aria-label='Tools for Rath']");
  await page.fill("#amt-rath", "30");
  await page.click("#dmg-rath");
  await page.click("#tab-dice");
  await page.click("#dice-form button[type=submit]");
  await page.click("#tab-travel");
  await page.click("#hyb-start");
  await page.click("#hyb-torch");
  await page.click("#hyb-turn");
  await page.click("#ose-day");
  await page.click("#ose-sail");
  await page.click("#tab-state");
  await page.click("#btn-save");
  await page.click("#tab-init");
  return page;
}

const TABS = ["#tab-init", "#tab-players", "#tab-dice", "#tab-travel", "#tab-state", "#tab-games"];

test("axe-core: no WCAG 2 A/AA violations on any tab, in light and dark mode", async () => {
  const page = await playedPage();
  await page.emulateMedia({ reducedMotion: "reduce" });
  /** @type {Record<string, string[]>} */
  const report = {};
  for (const scheme of /** @type {const} */ (["light", "dark"])) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const tab of TABS) {
      await page.click(tab);
      if (tab === "#tab-games") await page.waitForSelector("[data-testid=game]");
      report[`${tab} ${scheme}`] = await violations(page);
    }
  }
  // The compact sidebar layout too (finished rows, one-line details).
  await page.setViewportSize({ width: 380, height: 700 });
  await page.click("#tab-init");
  for (const scheme of /** @type {const} */ (["light", "dark"])) {
    await page.emulateMedia({ colorScheme: scheme });
    report[`#tab-init ${scheme} at 380 px`] = await violations(page);
  }
  console.log(Object.entries(report).map(([k, v]) => `${k}: ${v.length} violations`).join("\n"));
  for (const [where, found] of Object.entries(report)) assert.deepEqual(found, [], where);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test("axe-core: the confirmation dialog and the A5E world actions, light and dark", async () => {
  const page = await playedPage();
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.selectOption("#ruleset", "a5e");
  await page.click("#load-sample");
  await page.click("[data-testid=confirm-yes]");
  await page.click("#btn-start");
  await page.click("#btn-end-world");
  await page.click("#btn-next-round");
  await page.getByRole("dialog").waitFor();
  for (const scheme of /** @type {const} */ (["light", "dark"])) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await violations(page), [], `dialog, ${scheme}`);
  }
  await page.click("[data-testid=confirm-no]");
  for (const scheme of /** @type {const} */ (["light", "dark"])) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await violations(page), [], `A5E fight, ${scheme}`);
  }
  assert.deepEqual(browser.errors, []);
  await page.close();
});
