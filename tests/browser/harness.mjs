// Shared set-up for browser tests: Debian's Chromium driven by playwright-core (never a
// downloaded browser), a fresh profile per launch, and the repo served on 127.0.0.1.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../../scripts/serve.mjs";

export const OUTPUT_DIR = new URL("../output/", import.meta.url).pathname;
mkdirSync(OUTPUT_DIR, { recursive: true });

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Start the server (on the repository, or on `root`) and Chromium. Returns helpers, the server
 * (a test may stop it to take the network away) and a `close()` that tears both down.
 * Console errors and page errors are collected per page in `errors`.
 */
/** @param {{ root?: string }} [options] */
export async function openBrowser({ root = undefined } = {}) {
  const { server, url } = await startServer(root === undefined ? {} : { root });
  const profile = mkdtempSync(join(tmpdir(), "turnkeeper-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
  /** @type {string[]} */
  const errors = [];
  context.on("page", (page) => watch(page, errors));
  for (const page of context.pages()) watch(page, errors);
  return {
    url,
    server,
    context,
    errors,
    async newPage() {
      const page = await context.newPage();
      return page;
    },
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * @param {import("playwright-core").Page} page
 * @param {string[]} errors
 */
function watch(page, errors) {
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
}

/**
 * A page on the demo, sized `width` × `height`, playing a new game of its own (a follower
 * page, `path` naming `follow`, joins instead).
 * @param {Awaited<ReturnType<typeof openBrowser>>} browser
 */
export async function openDemoPage(browser, width = 1280, height = 1000, path = "/demo/") {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height });
  await page.goto(browser.url + path);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  if (!path.includes("follow")) {
    await page.click("#tab-games");
    await page.click("#game-new");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "0");
    await page.click("#tab-init");
  }
  return page;
}

/**
 * Answer the page's open question (its modal dialog) and wait until the answer has been acted
 * on: a dialog's `close` event comes a task after the click, and the page acts in a microtask of
 * that event, before the dialog leaves the document.
 * @param {import("playwright-core").Page} page
 * @param {"yes" | "no"} answer
 */
export async function answerDialog(page, answer) {
  await page.click(`[data-testid=confirm-${answer}]`);
  await page.waitForSelector("[data-testid=confirm]", { state: "detached" });
}
