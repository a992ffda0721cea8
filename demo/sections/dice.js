// The dice box: type notation, optionally the faces physical dice showed, and see every die.
// Rolls go to follower tabs too: a seeded roll with the stream's position before and after it,
// so a follower can roll it again and check it (state.js).
import { Dice, roll } from "turnkeeper";
import { app, onChange, shareRoll } from "../state.js";
import { beginAction, endAction, traced, tracedFn, tracedNew } from "../code.js";
import { drawLog, el, showError, parseFaces, currentSeed } from "../ui.js";

let seededBox;
let seededFor;

/** A seeded box persists across rolls so a seed gives a reproducible session. */
function diceFor(seed) {
  if (seed === undefined) return undefined;
  if (seededFor !== seed) {
    seededBox?.free();
    seededBox = tracedNew(Dice, "dice", { seed });
    seededFor = seed;
  }
  return seededBox;
}

function dieView(d) {
  const cls = ["die", d.kept === false ? "dropped" : "", d.exploded ? "exploded" : "", d.success ? "success" : ""]
    .filter(Boolean)
    .join(" ");
  const notes = [d.kept === false ? "dropped" : "", d.exploded ? "exploded" : "", d.rerolled ? "rerolled" : ""]
    .filter(Boolean)
    .join(", ");
  return el("li", { class: cls, title: notes || undefined, "aria-label": `d${d.sides} showed ${d.face}${notes ? ` (${notes})` : ""}` },
    String(d.face), el("small", { text: `d${d.sides}` }));
}

function render(root) {
  const rolls = app.dice.rolls;
  const last = rolls.at(-1);
  const out = root.querySelector("#dice-result");
  if (!last) out.replaceChildren();
  else {
    out.replaceChildren(
      el("div", { class: "total", "data-testid": "dice-total", text: String(last.total) }),
      el("div", { class: "hint", text: `${last.notation} · ${last.faces ? "physical" : last.source} dice · roll ${app.dice.seq}` }),
      el("ul", { class: "dice", "data-testid": "dice-list", "aria-label": "dice rolled" }, last.dice.map(dieView)),
    );
  }
  const first = app.dice.seq - rolls.length + 1;
  drawLog(root.querySelector("#dice-history"), rolls.map((r, i) => ({ r, n: first + i })),
    () => "This session",
    ({ r, n }) => ({ text: `Roll ${n}: ${r.notation} = ${r.total}  [${r.dice.map((d) => d.face).join(", ")}]${r.faces ? " (physical dice)" : ""}` }));
}

export function setupDice(root) {
  const form = root.querySelector("#dice-form");
  const errorBox = root.querySelector("#dice-error");
  onChange(() => render(root));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    beginAction("roll the dice");
    try {
      const notation = form.notation.value;
      const faces = parseFaces(form.faces.value);
      const seed = currentSeed();
      const seeded = faces ? undefined : diceFor(seed);
      const box = seeded && traced(seeded, "dice");
      // A seeded roll travels with the stream's position around it, so a follower can check it.
      const before = box?.state();
      const result = faces ? tracedFn(roll, "roll")(notation, { faces }) : box ? box.roll(notation) : tracedFn(roll, "roll")(notation);
      showError(errorBox, null);
      shareRoll(result, { faces, before, after: box?.state() });
    } catch (e) {
      showError(errorBox, e);
    }
    endAction();
  });
  if (app.follower) for (const b of root.querySelectorAll("button, input")) if (!b.classList.contains("log-order")) b.disabled = true;
  render(root);
}
