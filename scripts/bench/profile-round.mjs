// Where a 500-combatant Greyhawk round spends its time in Node, step by step (a diagnostic
// companion to encounter.mjs; the budget itself is measured there). Run after `npm run build`:
//   node scripts/bench/profile-round.mjs
import { Encounter } from "turnkeeper";
import { measure, fmt, table } from "./harness.mjs";

const ACTIVITIES = [["move", "melee"], ["ranged"], ["spell"], ["move", "other"], ["melee"]];
const enc = new Encounter({ ruleset: "gh5e", seed: 1 });
for (let i = 0; i < 500; i++) {
  enc.add({ id: `c${i}`, name: `Combatant ${i}`, side: i % 2 ? "foes" : "party", dex: 8 + (i % 11) });
}
enc.start();
const declarations = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`c${i}`, ACTIVITIES[i % 5]]));
const h = enc.handle;
const keyed = JSON.stringify(declarations);

let declText = "", rollText = "", orderText = "";
const steps = {
  "declare (wasm only)": () => { declText = h.declareMany(keyed); return declText.length; },
  "roll (wasm only)": () => { rollText = h.execute('{"type":"rollInitiative"}'); return rollText.length; },
  "order (wasm only)": () => { orderText = h.order(); return orderText.length; },
  "next round (wasm only)": () => h.execute('{"type":"nextRound"}').length,
};
const sums = Object.fromEntries(Object.keys(steps).map((k) => [k, 0]));
const n = 400;
for (let w = 0; w < 2; w++) {
  for (const k of Object.keys(sums)) sums[k] = 0;
  for (let i = 0; i < n; i++) {
    for (const [k, f] of Object.entries(steps)) {
      const t0 = process.hrtime.bigint();
      f();
      sums[k] += Number(process.hrtime.bigint() - t0);
    }
  }
}
const rows = Object.entries(sums).map(([k, s]) => [k, fmt(s / n)]);
rows.push(["JSON.stringify declarations", fmt(measure(() => JSON.stringify(declarations).length))]);
rows.push([`JSON.parse declare events (${(declText.length / 1024).toFixed(0)} KB)`, fmt(measure(() => JSON.parse(declText).length))]);
rows.push([`JSON.parse roll events (${(rollText.length / 1024).toFixed(0)} KB)`, fmt(measure(() => JSON.parse(rollText).length))]);
rows.push([`split the order text (${(orderText.length / 1024).toFixed(0)} KB)`, fmt(measure(() => orderText.split(" ").length))]);
rows.push(["order() through the facade", fmt(measure(() => enc.order().length))]);
rows.push(["whole round, events as JSON text", fmt(measure(() => { enc.executeJson({ type: "declareMany", declarations }); enc.executeJson({ type: "rollInitiative" }); const o = enc.order(); enc.executeJson({ type: "nextRound" }); return o.length; }))]);
rows.push(["whole round, events as objects", fmt(measure(() => { enc.declareMany(declarations); enc.rollInitiative(); const o = enc.order(); enc.nextRound(); return o.length; }))]);
table(["step", "time"], rows);
