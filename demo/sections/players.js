// The players' view: what a player's client would load, drawn from `encounter.playerView()`
// and nothing else. The GM's encounter is never read here, so whatever this tab shows is what
// the package lets players see (no hidden combatants, no dice, and a creature's numbers only
// as far as the view carries them).
import { Encounter } from "turnkeeper";
import { app, onChange } from "../state.js";
import { el } from "../ui.js";

/** The players' copy of the encounter now (freed by the caller), or null without a fight. */
function playersCopy() {
  if (!app.enc) return null;
  return Encounter.fromJSON(app.enc.playerView());
}

/** One combatant as players see it: name, side, and hit points only if the view has them. */
function row(p, { count, current }) {
  const hp = p.creature?.hp;
  return el("div", { class: "cmb", "data-testid": "pv-combatant", "data-pid": p.id },
    el("div", { class: "cmb-line" },
      count === undefined ? null : el("span", { class: "count", text: count === null ? "–" : String(count) }),
      el("div", { class: "who" },
        el("span", { class: "name" }, p.name, current ? el("span", { class: "now", text: " · acting now" }) : null),
        el("span", { class: "meta", text: p.side })),
      hp ? el("span", { class: "hp", "data-testid": "pv-hp", text: `${hp.current}/${hp.max}` }) : el("span", { class: "hp none", "data-testid": "pv-hp", text: "" })));
}

function render(root) {
  const $ = (s) => root.querySelector(s);
  let view = null;
  try {
    view = playersCopy();
  } catch {
    view = null;
  }
  if (!view) {
    $("#pv-round").textContent = "–";
    $("#pv-phase").textContent = "no encounter";
    $("#pv-order").replaceChildren();
    $("#pv-list").replaceChildren();
    return;
  }
  try {
    $("#pv-round").textContent = view.round ? String(view.round) : "–";
    $("#pv-phase").textContent = view.phase;
    const people = view.participants();
    const byId = new Map(people.map((p) => [p.id, p]));
    const placed = new Set();
    $("#pv-order").replaceChildren(...view.order().flatMap((e) => {
      if (e.actor.type !== "participant") return [];
      const p = byId.get(e.actor.participant);
      if (!p) return [];
      placed.add(p.id);
      return [el("li", { class: `entry${e.done ? " done" : ""}${e.current ? " current" : ""}`, "aria-current": e.current ? "true" : undefined }, row(p, { count: e.count ?? null, current: e.current }))];
    }));
    const rest = people.filter((p) => !placed.has(p.id));
    $("#pv-waiting-title").textContent = placed.size ? "Not in the order" : "Combatants";
    $("#pv-list").replaceChildren(...rest.map((p) => el("li", {}, row(p, { count: undefined, current: false }))));
  } finally {
    view.free();
  }
}

export function setupPlayers(root) {
  const draw = () => {
    if (!root.hidden) render(root);
  };
  onChange(draw);
  document.getElementById("tab-players")?.addEventListener("click", () => render(root));
  render(root);
}
