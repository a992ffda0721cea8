// Small DOM helpers shared by the demo's sections.
import { TurnkeeperError } from "turnkeeper";

/** Create an element: el("li", { class: "die", text: "6" }, children…) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k === "class") node.className = String(v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** Describe any error for a person: engine errors keep their code. */
export function describeError(e) {
  if (e instanceof TurnkeeperError) {
    const where = e.position !== undefined ? ` (at character ${e.position + 1})` : "";
    return `${e.message}${where} [${e.code}]`;
  }
  return e instanceof Error ? e.message : String(e);
}

/** Show (or clear, with null) an error in a role=alert box. */
export function showError(box, e) {
  if (e === null) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  box.hidden = false;
  box.textContent = describeError(e);
}

/** Parse "3, 5, 1" into numbers; returns undefined for an empty field. */
export function parseFaces(text) {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return trimmed.split(/[\s,;]+/).filter(Boolean).map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new TurnkeeperError("INVALID_FACE", `"${s}" is not a die face`);
    return n;
  });
}

/** The page-wide seed field: a number, or undefined for crypto dice. */
export function currentSeed() {
  const text = document.getElementById("seed")?.value.trim() ?? "";
  if (text === "") return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) {
    throw new TurnkeeperError("INVALID_SEED", `seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
  }
  return n;
}
