// Turnkeeper Initiative for Owlbear Rodeo: an initiative tracker for the room's tokens, built on
// `turnkeeper/owlbear`. The GM's popover runs the encounter; players' popovers follow it and send
// requests (declare, delay, end my turn) for the tokens they own.
import OBR from "@owlbear-rodeo/sdk";
import { init, TurnkeeperError } from "turnkeeper";
import { OwlbearSync } from "turnkeeper/owlbear";

const NAMESPACE = "com.turnkeeper.initiative";
const ACTIVITIES = ["ranged", "move", "swap", "other", "melee", "spell"];

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const esc = (/** @type {unknown} */ s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

await init(); // fetches vendor/turnkeeper/wasm/turnkeeper_bg.wasm, beside the package

OBR.onReady(async () => {
  // The journey (OSE dungeon procedures) is kept too: a search is rolled in secret, and players
  // only see the turn pass.
  const sync = await OwlbearSync.start(OBR, { namespace: NAMESPACE, encounter: { ruleset: "gh5e" }, journey: { ruleset: "ose" } });
  /** @type {import("@owlbear-rodeo/sdk").Item[]} */
  let tokens = [];
  /** @type {string[]} */
  const log = [];
  Object.assign(globalThis, { turnkeeper: { sync } }); // for tests and the console

  const show = (/** @type {unknown} */ e) => {
    const el = $("error");
    if (e === undefined) {
      el.hidden = true;
      el.textContent = "";
      delete el.dataset.code;
      return;
    }
    el.hidden = false;
    el.dataset.code = e instanceof TurnkeeperError ? e.code : "ERROR";
    el.textContent = e instanceof TurnkeeperError ? `${e.code}: ${e.message}` : String(e);
  };
  /** Run a GM command or a player's request, showing a refusal instead of throwing. */
  const act = async (/** @type {() => Promise<unknown>} */ fn) => {
    try {
      await fn();
      show(undefined);
    } catch (e) {
      show(e);
    }
    render();
  };

  sync.onChange((_why, events) => {
    for (const e of events) {
      try {
        log.push(sync.encounter.describe(/** @type {any} */ (e)));
      } catch {
        /* not an encounter event (a journey's) */
      }
    }
    render();
  });

  if (sync.isLeader) {
    $("gm-tools").hidden = false;
    const refreshTokens = async () => {
      tokens = await OBR.scene.items.getItems((i) => i.layer === "CHARACTER");
      render();
    };
    OBR.scene.items.onChange(() => void refreshTokens());
    await refreshTokens();
    $("new").onclick = () =>
      act(() => sync.reset({ ruleset: /** @type {any} */ (/** @type {HTMLSelectElement} */ ($("ruleset")).value) }));
    $("start").onclick = () => act(() => sync.run({ type: "start" }));
    $("roll").onclick = () => act(() => sync.run({ type: "rollInitiative" }));
    $("end-turn").onclick = () => act(() => sync.run({ type: "endTurn" }));
    $("tokens").onclick = (ev) => {
      const id = /** @type {HTMLElement} */ (ev.target).dataset.add;
      const item = tokens.find((t) => t.id === id);
      // A hidden token's participant stays with the GM: players never receive it.
      const hidden = /** @type {HTMLInputElement} */ ($("add-hidden")).checked;
      if (item) void act(() => sync.addToken(item, hidden ? { participant: { hidden: true } } : {}));
    };
  } else {
    $("player-tools").hidden = false;
    $("my-delay").onclick = () => {
      const me = sync.mine().find((p) => p === sync.encounter.currentParticipant());
      if (me) void act(() => sync.request({ type: "delay", participant: me }));
    };
    $("my-end").onclick = () => {
      const me = sync.mine().find((p) => p === sync.encounter.currentParticipant());
      if (me) void act(() => sync.request({ type: "endTurn", participant: me }));
    };
  }

  $("rows").onclick = (ev) => {
    const t = /** @type {HTMLElement} */ (ev.target);
    const li = /** @type {HTMLElement | null} */ (t.closest("li[data-participant]"));
    if (!li) return;
    const participant = /** @type {string} */ (li.dataset.participant);
    if (t.dataset.declare !== undefined) {
      const activities = [...li.querySelectorAll("input[data-activity]:checked")].map((i) => /** @type {HTMLInputElement} */ (i).dataset.activity);
      void act(() => sync.request({ type: "declare", participant, activities: /** @type {any} */ (activities) }));
    } else if (t.dataset.addCondition !== undefined) {
      const condition = /** @type {HTMLSelectElement} */ (li.querySelector("select[data-condition]")).value;
      const rounds = Number(/** @type {HTMLInputElement} */ (li.querySelector("input[data-rounds]")).value);
      const duration = rounds > 0 ? { type: "rounds", count: rounds } : { type: "untilRemoved" };
      void act(() => sync.run({ type: "addEffects", effects: [/** @type {any} */ ({ target: participant, condition, duration })] }));
    } else if (t.dataset.removeEffect !== undefined) {
      void act(() => sync.run({ type: "removeEffect", effect: Number(t.dataset.removeEffect) }));
    }
  };

  function remainingText(/** @type {any} */ r) {
    switch (r.type) {
      case "anchorTurn":
      case "roundBoundary":
        return r.roundsAway === 0 ? "this round" : `${r.roundsAway} round${r.roundsAway === 1 ? "" : "s"}`;
      case "seconds":
        return `${r.seconds} s`;
      case "untilRest":
        return `until a ${r.rest} rest`;
      case "untilEncounterEnds":
        return "this encounter";
      default:
        return "until removed";
    }
  }

  function render() {
    const enc = sync.encounter;
    const phase = enc.phase;
    const ruleset = enc.config.preset;
    $("status").textContent = `${ruleset} · round ${enc.round} · ${phase}`;
    document.body.dataset.seq = String(sync.seq);
    document.body.dataset.phase = phase;
    $("role").textContent = sync.isLeader ? "GM" : sync.isGM ? "GM (following the leading GM: players' view)" : "Player";
    const order = enc.order();
    const counts = new Map();
    const done = new Set();
    let sideCurrent = /** @type {string[]} */ ([]);
    for (const o of order) {
      if (o.actor.type === "participant") {
        counts.set(o.actor.participant, o.count);
        if (o.done) done.add(o.actor.participant);
      } else if (o.actor.type === "sides" && o.current) sideCurrent = o.actor.sides;
    }
    const sideCounts = new Map(order.filter((o) => o.actor.type === "sides").flatMap((o) => /** @type {any} */ (o.actor).sides.map((/** @type {string} */ s) => [s, o.count])));
    const current = enc.currentParticipant();
    const mine = new Set(sync.mine());
    const ranked = enc.participants().sort((a, b) => {
      const ia = order.findIndex((o) => o.actor.type === "participant" ? o.actor.participant === a.id : /** @type {any} */ (o.actor).sides?.includes(a.side));
      const ib = order.findIndex((o) => o.actor.type === "participant" ? o.actor.participant === b.id : /** @type {any} */ (o.actor).sides?.includes(b.side));
      return (ia < 0 ? 1e9 : ia) - (ib < 0 ? 1e9 : ib);
    });
    const cfg = enc.config;
    const canDeclare = phase === "declaring" && (cfg.initiative ?? (cfg.preset === "gh5e" ? "greyhawk" : "")) === "greyhawk";
    $("rows").innerHTML = ranked.map((p) => {
      const count = counts.get(p.id) ?? sideCounts.get(p.side) ?? "";
      const cls = [p.id === current ? "current" : "", done.has(p.id) ? "done" : "", sideCurrent.includes(p.side) && p.id !== current ? "side" : ""].join(" ");
      const effects = enc.effects(p.id).map((v) =>
        `<span class="cond" data-effect="${v.effect.id}">${esc(v.effect.condition ?? v.effect.name)} (${esc(remainingText(v.remaining))})` +
        (sync.isLeader ? `<button data-remove-effect="${v.effect.id}" title="Remove">×</button>` : "") + `</span>`).join("");
      const declared = p.declaration ? ` <em>declared ${esc(/** @type {any} */ (p.declaration).activities?.join(", ") ?? "")}</em>` : "";
      const declare = canDeclare && (sync.isGM || mine.has(p.id)) && !p.declaration
        ? `<div class="row wrap">${ACTIVITIES.map((a) => `<label><input type="checkbox" data-activity="${a}">${a}</label>`).join("")}<button data-declare>Declare</button></div>`
        : "";
      const gm = sync.isLeader
        ? `<div class="row"><select data-condition>${enc.conditions().filter((c) => !c.automatic).map((c) => `<option value="${esc(c.id)}">${esc(c.name)}</option>`).join("")}</select>` +
          `<input data-rounds type="number" min="0" max="100" value="1" style="width:3.5em" title="rounds (0: until removed)">` +
          `<button data-add-condition>Add condition</button></div>`
        : "";
      return `<li data-participant="${esc(p.id)}" class="${cls}"><span class="count">${esc(count)}</span> ` +
        `<span class="${mine.has(p.id) ? "mine" : ""}">${esc(p.name)}</span> <small>${esc(p.side)}</small>${declared}` +
        `<div>${effects}</div>${declare}${gm}</li>`;
    }).join("");
    if (sync.isLeader) {
      const inEncounter = new Set(Object.keys(sync.tokens()));
      $("tokens").innerHTML = tokens.filter((t) => !inEncounter.has(t.id))
        .map((t) => `<button data-add="${esc(t.id)}">+ ${esc(t.name)}</button>`).join("");
    } else {
      const myTurn = current !== undefined && mine.has(current);
      /** @type {HTMLButtonElement} */ ($("my-end")).disabled = !myTurn;
      /** @type {HTMLButtonElement} */ ($("my-delay")).disabled = !myTurn;
    }
    $("log").innerHTML = log.slice(-30).map((l) => `<li>${esc(l)}</li>`).join("");
    $("log").scrollTop = $("log").scrollHeight;
  }

  render();
  document.body.dataset.ready = "true";
});
