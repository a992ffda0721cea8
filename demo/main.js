// Demo entry: load the wasm once, then wire up each section, the code panel and the keys.
import { init, version } from "turnkeeper";
import { setupDice } from "./sections/dice.js";
import { setupFight } from "./sections/fight.js";
import { setupState } from "./sections/state.js";
import { setupTravel } from "./sections/travel.js";
import { setupGames } from "./sections/games.js";
import { setupPlayers } from "./sections/players.js";
import { app, notify, onChange, startFollowing, startLeading } from "./state.js";
import { openSession, redo, session, settled, snapshots, undo } from "./session.js";
import { batchNote, lastAction, onCode, readmeLink } from "./code.js";
import { registerOffline } from "./offline.js";
import { el, labelLogButtons, logPrefs, setNewestFirst } from "./ui.js";

const status = document.getElementById("status");

function setupTabs() {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const select = (tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
    }
  };
  tabs.forEach((t, i) => {
    t.addEventListener("click", () => select(t));
    t.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      next.focus();
      select(next);
    });
  });
  select(tabs.find((t) => t.getAttribute("aria-selected") === "true") ?? tabs[0]);
}

/** The code panel: the calls of the last action, each with what came back. */
function renderCode() {
  const pre = document.getElementById("code-calls");
  const lines = lastAction.calls.flatMap((c) => [
    el("span", { class: "call", text: `${c.text};` }),
    c.error ? el("span", { class: "comment bad", text: `  // throws ${c.error}` }) : c.result ? el("span", { class: "comment", text: `  // → ${c.result}` }) : null,
    "\n",
  ]);
  pre.replaceChildren(el("code", {}, ...(lines.length ? lines : [el("span", { class: "comment", text: "// This action called nothing in the package." })])));
  document.getElementById("code-label").textContent = lastAction.label ? `what “${lastAction.label}” called` : "what the last action called";
  const notes = [batchNote(), ...new Set(lastAction.notes)].filter(Boolean);
  document.getElementById("code-notes").textContent = notes.length ? `${notes.join(". ")}.` : "";
  const link = readmeLink();
  const a = document.getElementById("code-link");
  a.setAttribute("href", link.href);
  a.textContent = `Package README: ${link.title}`;
}

/** N ends the turn, U undoes, Shift+U (or Ctrl+Shift+Z) redoes: not while typing. */
function setupKeys() {
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || (t instanceof HTMLElement && t.isContentEditable)) return;
    if (e.altKey || e.metaKey) return;
    const key = e.key.toLowerCase();
    const press = (id) => {
      const b = document.getElementById(id);
      if (b instanceof HTMLButtonElement && !b.disabled && !b.hidden) {
        e.preventDefault();
        b.click();
      }
    };
    if (e.ctrlKey) {
      if (key === "z") press(e.shiftKey ? "btn-redo" : "btn-undo");
      else if (key === "y") press("btn-redo");
      return;
    }
    if (key === "n" && !e.shiftKey) press("btn-end-turn");
    else if (key === "u") press(e.shiftKey ? "btn-redo" : "btn-undo");
  });
}

function setupLogButtons() {
  for (const b of document.querySelectorAll("button.log-order")) {
    b.addEventListener("click", () => {
      setNewestFirst(!logPrefs.newestFirst);
      notify();
    });
  }
  onChange(labelLogButtons);
  labelLogButtons();
}

try {
  await init();
  document.getElementById("version").textContent = `v${version()}`;
  document.getElementById("follower-note").hidden = !app.follower;
  document.body.classList.toggle("following", app.follower);
  if (app.follower) document.getElementById("seed").disabled = true;
  setupTabs();
  setupKeys();
  setupLogButtons();
  onCode(renderCode);
  setupFight(document.getElementById("panel-init"));
  setupPlayers(document.getElementById("panel-players"));
  setupDice(document.getElementById("panel-dice"));
  setupTravel(document.getElementById("panel-travel"));
  setupState(document.getElementById("panel-state"));
  setupGames(document.getElementById("panel-games"));
  if (app.follower) startFollowing();
  else {
    await openSession();
    startLeading();
  }
  registerOffline((state, text) => {
    const line = document.getElementById("offline-status");
    line.dataset.state = state;
    line.textContent = text;
  });
  // For the browser console and the tests: the live objects and their snapshots.
  Object.assign(globalThis, { demo: { app, session, snapshots, settled, undo, redo, lastAction } });
  status.textContent = "Ready";
  document.body.dataset.ready = "true";
} catch (e) {
  status.textContent = `Could not start: ${e instanceof Error ? e.message : String(e)}`;
}
