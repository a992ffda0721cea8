// The modules a page downloads when it imports one of the package's shipped files: the file and
// its relative static and dynamic imports, transitively. The shipped files are minified
// (`import{a}from"./b.js"` has no space to look for). Used by the size report (what each entry
// costs) and the demo's precache list (what the service worker keeps for offline use).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const IMPORT = /(?:^|[\s;}])(?:import|export)(?=[\s{*])[^;"']*?from\s*["'](\.{1,2}\/[^"']+)["']|import\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/**
 * @param {string} entry an absolute path
 * @returns {Set<string>} absolute paths, `entry` first
 */
export function importedModules(entry) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} file */
  const visit = (file) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) visit(join(dirname(file), m[1] ?? m[2] ?? ""));
  };
  visit(entry);
  return seen;
}
