// The API reference (docs/api, written by the build with TypeDoc, its links checked there):
// every name the package's entries export has a page, and the pages carry the doc comments.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as main from "turnkeeper";
import * as owlbear from "turnkeeper/owlbear";
import * as foundry from "turnkeeper/foundry";
import * as dice from "turnkeeper/dice";

const api = new URL("../../docs/api/", import.meta.url).pathname;
const pages = new Set(readdirSync(api, { recursive: true }).map(String));

/** The page TypeDoc writes for a value export `name` of `module`. */
function pageOf(/** @type {string} */ module, /** @type {string} */ name) {
  return ["classes", "functions", "variables", "modules"].map((dir) => `${dir}/${module}.${name}.html`).find((p) => pages.has(p));
}

for (const [module, exports] of /** @type {const} */ ([["index", main], ["owlbear", owlbear], ["foundry", foundry]])) {
  test(`every value turnkeeper's ${module} entry exports has a page in the API reference`, () => {
    const names = Object.keys(exports).filter((n) => n !== "default");
    assert.ok(names.length > 3, names.join(", "));
    const missing = names.filter((n) => pageOf(module, n) === undefined);
    assert.deepEqual(missing, [], `exports of ${module} without a page`);
  });
}

test("the reference carries the doc comments: Encounter's page documents its methods", () => {
  const page = readFileSync(api + "classes/index.Encounter.html", "utf8");
  for (const method of ["add", "start", "endTurn", "addCondition", "toJSON", "applyEvents"]) {
    assert.match(page, new RegExp(`id="${method.toLowerCase()}"`), `a section for Encounter.${method}`);
  }
  assert.ok(existsSync(api + "index.html"));
  assert.match(readFileSync(api + "index.html", "utf8"), /turnkeeper\/owlbear/, "the landing page names the entries");
});

test("the facade's own argument checks are not exported: no entry or reference page offers them", () => {
  // ./core/dice-args.ts: what the facade does with a Dice or supplied faces before the dice
  // module sees them. Before, `export *` of ./core/dice.ts carried them into every entry.
  for (const name of ["boxOf", "facesArray", "cryptoBox"]) {
    for (const [entry, exports] of /** @type {const} */ ([["turnkeeper", main], ["turnkeeper/dice", dice]])) {
      assert.equal(name in exports, false, `${entry} exports ${name}`);
    }
    assert.equal(pageOf("index", name), undefined, `a reference page for ${name}`);
  }
  // The limit they check stays public, the same in both entries.
  assert.equal(main.MAX_SUPPLIED_FACES, 1_000_000);
  assert.equal(dice.MAX_SUPPLIED_FACES, main.MAX_SUPPLIED_FACES);
});
