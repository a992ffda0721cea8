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

// ---- logs ----

const ORDER_KEY = "turnkeeper-demo-log-order";
/** Logs read newest first (with headings) or oldest first (numbered); the choice is kept. */
export const logPrefs = { newestFirst: (() => { try { return localStorage.getItem(ORDER_KEY) !== "oldest"; } catch { return true; } })() };

export function setNewestFirst(on) {
  logPrefs.newestFirst = on;
  try {
    localStorage.setItem(ORDER_KEY, on ? "newest" : "oldest");
  } catch {
    /* storage refused: the choice lasts this visit */
  }
}

/**
 * Draw a log (entries oldest first) into `box`: runs of lines under the same heading become a
 * section. Newest first: the latest section on top, its latest line first, unnumbered. Oldest
 * first: in order, numbered from 1 across sections.
 * @template T
 * @param {HTMLElement} box
 * @param {T[]} entries
 * @param {(entry: T) => string} headingOf
 * @param {(entry: T) => { text: string, class?: string }} lineOf
 */
export function drawLog(box, entries, headingOf, lineOf) {
  /** @type {{ heading: string, items: { n: number, entry: T }[] }[]} */
  const sections = [];
  entries.forEach((entry, i) => {
    const heading = headingOf(entry);
    const last = sections.at(-1);
    if (last && last.heading === heading) last.items.push({ n: i + 1, entry });
    else sections.push({ heading, items: [{ n: i + 1, entry }] });
  });
  const newest = logPrefs.newestFirst;
  if (newest) {
    sections.reverse();
    for (const s of sections) s.items.reverse();
  }
  box.dataset.order = newest ? "newest" : "oldest";
  box.replaceChildren(
    ...(sections.length === 0 ? [el("p", { class: "hint", text: "Nothing yet." })] : []),
    ...sections.map((s) =>
      el("section", { class: "log-section" },
        el("h4", { text: s.heading }),
        el(newest ? "ul" : "ol", newest ? {} : { start: String(s.items[0].n) },
          ...s.items.map(({ entry }) => {
            const line = lineOf(entry);
            return el("li", { class: line.class, text: line.text });
          }))),
    ),
  );
}

/** The "Oldest first" toggles of every log (buttons with class log-order) show the choice. */
export function labelLogButtons() {
  for (const b of document.querySelectorAll("button.log-order")) b.setAttribute("aria-pressed", String(!logPrefs.newestFirst));
}

// ---- focus across redraws ----

/**
 * Run `draw` (which may replace elements) and put the focus back on the element with the same
 * id, so a keyboard user stays where they were.
 */
export function keepFocus(draw) {
  const active = document.activeElement;
  const id = active && active !== document.body ? active.id : "";
  draw();
  if (id && document.activeElement !== active) {
    const again = document.getElementById(id);
    if (again instanceof HTMLElement && !again.hasAttribute("disabled")) again.focus();
  }
}
