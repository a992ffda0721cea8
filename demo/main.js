// Demo entry: load the wasm once, then wire up each section.
import { init, version } from "turnkeeper";
import { setupDice } from "./sections/dice.js";
import { setupInitiative } from "./sections/initiative.js";
import { setupState } from "./sections/state.js";
import { setupTravel } from "./sections/travel.js";
import { setupConditions } from "./sections/conditions.js";
import { setupGames } from "./sections/games.js";
import { app, startFollowing, startLeading } from "./state.js";
import { openSession, redo, session, settled, snapshots, undo } from "./session.js";
import { registerOffline } from "./offline.js";

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

try {
  await init();
  document.getElementById("version").textContent = `v${version()}`;
  setupTabs();
  setupDice(document.getElementById("panel-dice"));
  setupInitiative(document.getElementById("panel-init"));
  setupState(document.getElementById("panel-state"));
  setupTravel(document.getElementById("panel-travel"));
  setupConditions(document.getElementById("panel-cond"));
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
  Object.assign(globalThis, { demo: { app, session, snapshots, settled, undo, redo } });
  status.textContent = "Ready";
  document.body.dataset.ready = "true";
} catch (e) {
  status.textContent = `Could not start: ${e instanceof Error ? e.message : String(e)}`;
}
