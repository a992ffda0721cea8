// The dice box: type notation, optionally the faces physical dice showed, and see every die.
import { Dice, roll } from "turnkeeper";
import { el, showError, parseFaces, currentSeed } from "../ui.js";

let seededBox;
let seededFor;

/** A seeded box persists across rolls so a seed gives a reproducible session. */
function diceFor(seed) {
  if (seed === undefined) return undefined;
  if (seededFor !== seed) {
    seededBox?.free();
    seededBox = new Dice({ seed });
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

export function setupDice(root) {
  const form = root.querySelector("#dice-form");
  const errorBox = root.querySelector("#dice-error");
  const out = root.querySelector("#dice-result");
  const history = root.querySelector("#dice-history");
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    try {
      const notation = form.notation.value;
      const faces = parseFaces(form.faces.value);
      const seed = currentSeed();
      const result = faces ? roll(notation, { faces }) : (diceFor(seed)?.roll(notation) ?? roll(notation));
      showError(errorBox, null);
      out.replaceChildren(
        el("div", { class: "total", "data-testid": "dice-total", text: String(result.total) }),
        el("div", { class: "hint", text: `${result.notation} · ${result.source} dice` }),
        el("ul", { class: "dice", "data-testid": "dice-list", "aria-label": "dice rolled" }, result.dice.map(dieView)),
      );
      history.prepend(el("li", { text: `${result.notation} = ${result.total}  [${result.dice.map((d) => d.face).join(", ")}]` }));
    } catch (e) {
      showError(errorBox, e);
    }
  });
}
