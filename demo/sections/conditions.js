// Conditions: apply A5E conditions with durations to the current encounter's creatures, raise
// fatigue and strife, see what each effect does to a roll (with the reason), and watch
// durations count down and expire as turns and rounds pass.
import { app, notify, onChange } from "../state.js";
import { el, showError } from "../ui.js";

const CONDITIONS = [
  "blinded", "charmed", "confused", "deafened", "frightened", "grappled", "incapacitated", "invisible",
  "paralyzed", "petrified", "poisoned", "prone", "rattled", "restrained", "slowed", "stunned", "unconscious",
  "agonized", "amnesiac", "encumbered", "enervated", "enraged", "fixated", "manic", "placid",
];

function ensureCreature(id) {
  const p = app.enc.participant(id);
  if (!p?.creature) app.enc.setCreature(id, { kind: p?.npc ? "monster" : "pc", zeroHp: p?.npc ? "dies" : "deathSaves", hp: { current: 20, max: 20 }, level: 3 });
}

function duration(kind, who) {
  switch (kind) {
    case "rounds1": return { type: "rounds", count: 1 };
    case "rounds3": return { type: "rounds", count: 3 };
    case "startNext": return { type: "untilTurnStart", participant: who };
    case "endNext": return { type: "untilTurnEnd", participant: who };
    default: return undefined;
  }
}

function remainingText(r, names) {
  switch (r.type) {
    case "anchorTurn": return `until the ${r.edge} of ${names.get(r.participant) ?? r.participant}'s turn in round ${r.round} (${r.roundsAway === 0 ? "this round" : `${r.roundsAway} round${r.roundsAway === 1 ? "" : "s"} away`})`;
    case "roundBoundary": return `until the ${r.edge} of round ${r.round}`;
    case "seconds": return `${r.seconds} s of game time left`;
    case "untilRest": return `until a ${r.rest} rest`;
    case "untilEncounterEnds": return "until the encounter ends";
    default: return "until removed";
  }
}

function originText(o) {
  switch (o.type) {
    case "condition": return o.id;
    case "fatigue": return `fatigue level ${o.level}`;
    case "strife": return `strife level ${o.level}`;
    case "penalty": return `penalty ${typeof o.penalty === "string" ? o.penalty : JSON.stringify(o.penalty)}`;
    default: return "hit points";
  }
}

const reasonText = (r) => `${originText(r.origin)}${r.via ? ` (via ${originText(r.via)})` : ""}${r.rule ? ` — ${r.rule}` : ""}`;

function rollOf(value) {
  const [kind, a, b] = value.split("-");
  if (kind === "attack") return { type: "attack", range: a, ability: b };
  if (kind === "check") return { type: "abilityCheck", ability: a };
  return { type: "savingThrow", ability: a };
}

function render(root) {
  const enc = app.enc;
  root.querySelector("#cond-empty").hidden = !!enc && enc.participants().length > 0;
  if (!enc) {
    for (const id of ["#cond-who", "#cond-effects", "#cond-advice", "#cond-expired"]) root.querySelector(id).replaceChildren();
    root.querySelector("#tracks").textContent = "";
    return;
  }
  const who = root.querySelector("#cond-who");
  const chosen = who.value;
  const people = enc.participants();
  who.replaceChildren(...people.map((p) => el("option", { value: p.id, text: p.name })));
  if (people.some((p) => p.id === chosen)) who.value = chosen;
  const id = who.value;
  const names = new Map(people.map((p) => [p.id, p.name]));
  const c = id ? enc.participant(id)?.creature : undefined;
  const zero = { effective: 0, pending: 0 };
  const fat = c?.fatigue ?? zero;
  const str = c?.strife ?? zero;
  root.querySelector("#tracks").textContent = c ? `HP ${c.hp.current}/${c.hp.max} · fatigue ${fat.effective}${fat.pending ? ` (+${fat.pending} after the fight)` : ""} · strife ${str.effective}${str.pending ? ` (+${str.pending} after the fight)` : ""}` : "";
  const effects = id ? enc.effects(id) : [];
  root.querySelector("#cond-effects").replaceChildren(
    ...(effects.length ? effects.map((v) =>
      el("li", { "data-testid": "effect" },
        el("strong", { text: v.effect.condition ?? v.effect.name ?? "effect" }), " — ", remainingText(v.remaining, names), " ",
        el("button", { type: "button", class: "secondary", disabled: app.follower, "aria-label": `Remove ${v.effect.condition ?? v.effect.name}`, onclick: () => act(root, () => enc.removeEffect(v.effect.id)) }, "Remove"))) : [el("li", { class: "hint", text: "No active effects." })]),
  );
  const adviceBox = root.querySelector("#cond-advice");
  if (id) {
    try {
      const a = enc.rollAdvice(id, rollOf(root.querySelector("#cond-roll").value));
      const line = (label, list) => (list.length ? [el("li", { text: `${label}: ${list.map(reasonText).join("; ")}` })] : []);
      adviceBox.replaceChildren(
        el("p", {}, "Net: ", el("strong", { "data-testid": "advice-mode", text: a.mode }), a.modifierTotal ? ` · modifier ${a.modifierTotal > 0 ? "+" : ""}${a.modifierTotal}` : ""),
        el("ul", {}, ...line("Advantage", a.advantage), ...line("Disadvantage", a.disadvantage), ...line("Automatic failure", a.autoFail),
          ...a.modifiers.map((m) => el("li", { text: `${m.amount > 0 ? "+" : ""}${m.amount} from ${reasonText(m.reason)}` }))),
      );
    } catch (e) {
      adviceBox.replaceChildren(el("p", { class: "hint", text: e instanceof Error ? e.message : String(e) }));
    }
  }
  root.querySelector("#cond-expired").replaceChildren(
    ...app.log.filter((l) => l.kind === "effectsEnded").slice(0, 10).map((l) => el("li", { "data-testid": "expired", text: l.text })),
  );
}

function act(root, fn) {
  const box = root.querySelector("#cond-error");
  try {
    if (!app.enc) throw new Error("Create an encounter first (Initiative tab).");
    fn();
    showError(box, null);
  } catch (e) {
    showError(box, e);
  }
  notify();
}

export function setupConditions(root) {
  root.querySelector("#cond-what").replaceChildren(...CONDITIONS.map((c) => el("option", { value: c, text: c })));
  onChange(() => render(root));
  root.querySelector("#cond-who").addEventListener("change", () => render(root));
  root.querySelector("#cond-roll").addEventListener("change", () => render(root));
  const who = () => root.querySelector("#cond-who").value;
  root.querySelector("#cond-apply").addEventListener("click", () => act(root, () => {
    const until = duration(root.querySelector("#cond-until").value, who());
    app.enc.addCondition(who(), root.querySelector("#cond-what").value, until ? { until } : {});
  }));
  const track = (id, fn) => root.querySelector(id).addEventListener("click", () => act(root, () => {
    ensureCreature(who());
    fn(who());
  }));
  track("#fat-up", (id) => app.enc.gainFatigue(id, 1));
  track("#fat-down", (id) => app.enc.removeFatigue(id, 1));
  track("#str-up", (id) => app.enc.gainStrife(id, 1));
  track("#str-down", (id) => app.enc.removeStrife(id, 1));
  if (app.follower) for (const b of root.querySelectorAll("button, select")) b.disabled = true;
  render(root);
}
