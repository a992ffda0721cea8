// The saved game. Every user action's commands are appended to the log as they happen (each
// command's batch: its events, its number, the digest of the state it led to and the seeded
// dice position after it; storage.js keeps the log), so closing the tab loses nothing. Opening
// the page rebuilds the game from the log: the newest checkpoint, then the batches after it,
// each checked by the package, which gives a snapshot byte-identical to the one before closing.
// Undo rebuilds up to the previous action; redo re-applies the stored batches, so the same dice
// come back.
import { Encounter, Journey, TurnkeeperError, version } from "turnkeeper";
import { app, broadcastState, clearLogs, JOURNEYS, newFightLog, notify, remember, rememberTravel, setEncounter, setJourney } from "./state.js";
import { VARS, beginAction, endAction, recordCall } from "./code.js";
import { CHECKPOINT_EVERY, MemoryStore, openIndexedDb, storageProblem } from "./storage.js";

const FILE_FORMAT = "turnkeeper-demo-game";
const LOCK_WAIT_MS = 2000;
/** What each key of a saved game holds. */
const KINDS = { enc: Encounter, hyb: Journey, ose: Journey, sea: Journey };
const NAMES = { enc: "encounter", hyb: "HYB delve", ose: "OSE wilderness journey", sea: "OSE voyage" };


export const session = {
  /** @type {import("./storage.js").IdbStore | null} IndexedDB, when the browser allows it */
  db: null,
  /** Everything written or read this visit; the whole store when `db` is null. */
  mem: new MemoryStore(),
  /** @type {{ id: string, name: string, created: number, updated: number, head: number, top: number } | null} */
  game: null,
  /** Writes to IndexedDB in flight, and the chain that keeps them in order. */
  writing: 0,
  chain: Promise.resolve(),
  /** Games whose log in IndexedDB has a hole (a write failed): their next entry carries a checkpoint. */
  broken: new Set(),
  /** @type {import("./storage.js").StorageProblem | null} why saving is not happening */
  problem: null,
  /** A one-off message for the status line (a refused undo, a game open in another tab). */
  notice: "",
  /** What the last undo or redo did, in words (shown in a status line of its own). */
  moved: "",
  /** Undo or redo under way. */
  busy: false,
  /** Milliseconds the last restore took (opening the page, switching games). */
  restoreMs: 0,
  /** @type {Set<() => void>} */
  listeners: new Set(),
};

/** @type {any[]} ops of the action under way; written together once it finishes */
let pending = [];
let releaseLock = () => {};

export function onSessionChange(fn) {
  session.listeners.add(fn);
}

function emit() {
  for (const fn of session.listeners) fn();
}

// ---- recording ----

const uiState = () => ({
  plans: [...app.ui.plans], extras: [...app.ui.extras],
  oseMiles: app.ui.oseMiles, seaMiles: app.ui.seaMiles, oseAstray: app.ui.oseAstray, seaAstray: app.ui.seaAstray,
});

const MODES = new Set(["normal", "advantage", "disadvantage"]);

/** Page state from a saved game or a file, keeping only what the sections can use. */
function cleanUi(ui) {
  const plan = (v) => (Array.isArray(v) ? v.filter((a) => typeof a === "string") : { spell: !!v?.spell, slowWeapon: !!v?.slowWeapon });
  const pairs = (list) => (Array.isArray(list) ? list.filter((p) => Array.isArray(p) && typeof p[0] === "string" && p[1] && typeof p[1] === "object") : []);
  // Greyhawk extras: a bonus action's activity and the roll mode of the initiative dice.
  const extra = (v) => ({ bonus: typeof v.bonus === "string" ? v.bonus : "", mode: MODES.has(v.mode) ? v.mode : "normal" });
  const miles = (v) => (Number.isFinite(v) ? v : 0);
  return {
    plans: pairs(ui?.plans).map(([id, v]) => [id, plan(v)]),
    extras: pairs(ui?.extras).map(([id, v]) => [id, extra(v)]),
    oseMiles: miles(ui?.oseMiles), seaMiles: miles(ui?.seaMiles), oseAstray: miles(ui?.oseAstray), seaAstray: miles(ui?.seaAstray),
  };
}

/** Put saved page state into `app.ui`; `keepPlans`: the ticks on the page stay as they are. */
function applyUi(ui, { keepPlans = false } = {}) {
  const clean = cleanUi(ui);
  if (!keepPlans) {
    app.ui.plans.clear();
    for (const [id, plan] of clean.plans) app.ui.plans.set(id, plan);
    app.ui.extras.clear();
    for (const [id, x] of clean.extras) app.ui.extras.set(id, x);
  }
  app.ui.oseMiles = clean.oseMiles;
  app.ui.seaMiles = clean.seaMiles;
  app.ui.oseAstray = clean.oseAstray;
  app.ui.seaAstray = clean.seaAstray;
}

const uiKey = (gameId) => `ui:${gameId}`;

/**
 * Plans ticked since the last move are no command, so no entry holds them: they are kept beside
 * the game (with the move they follow), so a reload finds them where they were.
 */
export function savePlans() {
  const game = session.game;
  if (!game || app.follower) return;
  const value = { seq: game.head, ui: uiState() };
  session.mem.setMeta(uiKey(game.id), value);
  persist((db) => db.setMeta(uiKey(game.id), value));
}

/** The page state saved beside `game` at move `seq`, if it was saved there. */
async function savedPlans(gameId, seq) {
  for (const store of [session.mem, session.db]) {
    if (!store) continue;
    try {
      const saved = await store.getMeta(uiKey(gameId));
      if (saved && saved.seq === seq) return saved.ui;
    } catch {
      /* only the ticks are lost */
    }
  }
  return undefined;
}

/** Every object's snapshot now. */
export function snapshots() {
  const state = {};
  if (app.enc) state.enc = app.enc.toJSON();
  for (const k of JOURNEYS) if (app.journeys[k]) state[k] = app.journeys[k].toJSON();
  return state;
}

function queue(op) {
  if (!session.game) return;
  if (pending.length === 0) queueMicrotask(flush);
  pending.push(op);
}

const recorder = {
  set: (target, object) => queue({ target, type: "set", snapshot: object ? object.toJSON() : null }),
  batch: (target, batch) => queue({ target, type: "batch", batch }),
};

function labelOf(ops) {
  const op = ops.find((o) => o.type === "set") ?? ops[0];
  if (op.type === "set") return `new ${NAMES[op.target]}`;
  const type = (op.batch?.events ?? op.events)[0]?.type ?? "command";
  return type.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

/** One user action (everything recorded in one task) becomes one entry. */
function flush() {
  const ops = pending;
  pending = [];
  const game = session.game;
  if (!game || ops.length === 0) return;
  const seq = game.head + 1;
  const ui = uiState();
  const entry = { game: game.id, seq, at: Date.now(), label: labelOf(ops), ops, ui };
  const due = seq % CHECKPOINT_EVERY === 0 || session.broken.has(game.id);
  const checkpoint = due ? { game: game.id, seq, state: snapshots(), ui } : null;
  Object.assign(game, { head: seq, top: seq, updated: entry.at });
  const record = { ...game };
  session.mem.append(record, entry, checkpoint);
  persist((db) => db.append(record, entry, checkpoint), { game: game.id, repairs: !!checkpoint });
  session.notice = "";
  session.moved = "";
  emit();
}

/**
 * Queue a write to IndexedDB, in order. A write to a game's log (`game`) that fails leaves a
 * hole: that game's later writes are skipped until one carries a checkpoint (`repairs`), and
 * the game goes on in memory meanwhile.
 */
function persist(write, { game = undefined, repairs = false } = {}) {
  const db = session.db;
  if (!db) return;
  session.writing++;
  session.chain = session.chain
    .then(async () => {
      if (game && session.broken.has(game) && !repairs) return;
      await write(db);
      if (game && repairs) session.broken.delete(game);
      if (!session.broken.has(session.game?.id ?? "")) session.problem = null;
    })
    .catch((e) => {
      if (game) session.broken.add(game);
      session.problem = storageProblem(e);
    })
    .finally(() => {
      session.writing--;
      emit();
    });
}

/** Resolves once every queued write has finished (for tests and the benchmark). */
export function settled() {
  return session.chain;
}

// ---- rebuilding ----

/** The checkpoint at or before `seq` and every entry after it, from memory or IndexedDB. */
async function history(gameId, seq) {
  for (const store of [session.mem, session.db]) {
    if (!store) continue;
    const checkpoint = await store.checkpointAtOrBefore(gameId, seq);
    if (!checkpoint) continue;
    const entries = await store.entries(gameId, checkpoint.seq + 1, seq);
    if (entries.length === seq - checkpoint.seq) return { checkpoint, entries };
  }
  throw new Error(`this game's history up to move ${seq} was not saved`);
}

function freeAll(objects) {
  for (const o of Object.values(objects)) o?.free();
}

function kindOf(target) {
  if (!Object.hasOwn(KINDS, target)) throw new TurnkeeperError("SNAPSHOT_INVALID", `a saved game holds an unknown object "${target}"`);
  return KINDS[target];
}

/** New objects from a checkpoint and the entries after it (the package validates everything). */
function rebuild({ checkpoint, entries }) {
  const objects = {};
  try {
    for (const [k, snapshot] of Object.entries(checkpoint.state ?? {})) {
      const kind = kindOf(k);
      objects[k] = recordCall(`const ${VARS[k]} = ${kind.name}.fromJSON(checkpoint.${k})`, () => kind.fromJSON(snapshot));
    }
    const dice = {};
    for (const entry of entries) {
      for (const op of entry.ops) {
        const kind = kindOf(op.target);
        if (op.type === "set") {
          objects[op.target]?.free();
          objects[op.target] = op.snapshot ? recordCall(`${VARS[op.target]} = ${kind.name}.fromJSON(move${entry.seq}.snapshot)`, () => kind.fromJSON(op.snapshot)) : null;
          delete dice[op.target];
        } else {
          if (!objects[op.target]) throw new TurnkeeperError("SNAPSHOT_INVALID", `a saved game has events for a missing ${NAMES[op.target]}`);
          if (op.type === "batch") {
            // A batch is checked (its number and digest) and carries the dice position.
            recordCall(`${VARS[op.target]}.applyEvents(batch${op.batch?.seq ?? ""})`, () => objects[op.target].applyEvents(op.batch));
            delete dice[op.target];
          } else {
            // Saves from before batches: bare events and the dice position beside them.
            objects[op.target].applyEvents(op.events);
            dice[op.target] = op.dice;
          }
        }
      }
    }
    // Bare events (older saves) carry the faces, not where the seeded stream stands: put the
    // dice back where the last command left them, through the older, unchecked snapshot form.
    for (const [k, d] of Object.entries(dice)) {
      const o = objects[k];
      if (!o || d === undefined || JSON.stringify(o.diceState()) === JSON.stringify(d)) continue;
      const { v, seq, sum, ...snapshot } = o.toJSON();
      o.free();
      objects[k] = null;
      objects[k] = kindOf(k).fromJSON({ ...snapshot, dice: d });
    }
    return { objects, ui: entries.at(-1)?.ui ?? checkpoint.ui };
  } catch (e) {
    freeAll(objects);
    throw e;
  }
}

/** Make rebuilt objects the page's, and refill the logs from the latest entries. */
function install({ objects, ui }, recent, { keepPlans = false } = {}) {
  setEncounter(objects.enc ?? null, { record: false, announce: false, quiet: true });
  for (const k of JOURNEYS) setJourney(k, objects[k] ?? null, { record: false, announce: false });
  applyUi(ui, { keepPlans });
  clearLogs();
  for (const entry of recent) {
    for (const op of entry.ops) {
      if (op.type === "set") {
        // A new encounter or journey starts its own log.
        if (op.target === "enc") newFightLog();
        else if (app.journeyLogs[op.target]) app.journeyLogs[op.target].length = 0;
      }
      if (op.type !== "events" && op.type !== "batch") continue;
      const events = op.batch?.events ?? op.events;
      try {
        if (op.target === "enc" && app.enc) remember(events, { fresh: false });
        else if (app.journeys[op.target]) rememberTravel(op.target, app.journeys[op.target], events);
      } catch {
        /* a line for an event of an older encounter: leave it out */
      }
    }
  }
  // New lines go under the day each journey stands at.
  for (const k of JOURNEYS) app.journeyClock[k] = app.journeys[k]?.now ?? null;
  // Followers start again from here.
  broadcastState();
  notify();
}

/** Up to 30 entries before `seq`, for the logs (what is at hand; the logs are not the game). */
async function recent(gameId, seq) {
  const first = Math.max(1, seq - 29);
  for (const store of [session.mem, session.db]) {
    const found = store ? await store.entries(gameId, first, seq) : [];
    if (found.length === seq - first + 1) return found;
  }
  return [];
}

/** Rebuild `game` at move `seq` and make it the page's game. */
async function restore(game, seq) {
  const t0 = performance.now();
  const h = await history(game.id, seq);
  const lines = await recent(game.id, seq);
  const rebuilt = rebuild(h);
  // Ticks made after the last move, when they were saved there.
  const plans = await savedPlans(game.id, seq);
  if (plans) rebuilt.ui = plans;
  // Keep what was read, so undo and redo nearby need not read again.
  session.mem.putCheckpoint(h.checkpoint);
  for (const e of h.entries) session.mem.putEntry(e);
  install(rebuilt, lines);
  session.restoreMs = performance.now() - t0;
}

// ---- undo and redo ----

export const canUndo = () => !!session.game && session.game.head > 0 && !session.busy;
export const canRedo = () => !!session.game && session.game.head < session.game.top && !session.busy;

/** The label of entry `seq` of the current game, when it is at hand. */
export function labelAt(seq) {
  return session.game ? session.mem.logs.get(session.game.id)?.get(seq)?.label : undefined;
}

async function moveTo(seq, what) {
  const game = session.game;
  const from = game.head;
  // The move taken back (undo) or made again (redo), for the status line.
  const label = labelAt(what === "undo" ? from : seq) ?? (await session.db?.entries(game.id, Math.max(from, seq), Math.max(from, seq)).catch(() => []))?.[0]?.label;
  session.busy = true;
  beginAction(`${what} (rebuilt from the saved game)`);
  emit();
  try {
    const h = await history(game.id, seq);
    const lines = await recent(game.id, seq);
    // A command made while reading wins: it already dropped what redo would have reapplied.
    if (session.game !== game || game.head !== from) return;
    // The ticked plans are the GM's notes for the round, not a move: undo leaves them alone.
    install(rebuild(h), lines, { keepPlans: true });
    game.head = seq;
    const record = { ...game };
    // With a checkpoint where the game now stands, reopening needs no entry before it (some may
    // be missing from IndexedDB after a storage failure).
    const checkpoint = { game: game.id, seq, state: snapshots(), ui: uiState() };
    session.mem.moveHead(record, checkpoint);
    persist((db) => db.moveHead(record, checkpoint), { game: game.id, repairs: true });
    session.notice = "";
    const undone = what === "undo" ? "Undone" : "Redone";
    session.moved = `${undone}: ${label ?? "the last move"} (move ${Math.max(from, seq)}). ${what === "undo" ? "Redo (Shift+U) brings it back." : ""}`.trim();
  } catch (e) {
    session.notice = `Could not ${what}: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    session.busy = false;
    endAction();
    emit();
  }
}

export function undo() {
  return canUndo() ? moveTo(session.game.head - 1, "undo") : Promise.resolve();
}

export function redo() {
  return canRedo() ? moveTo(session.game.head + 1, "redo") : Promise.resolve();
}

// ---- games ----

/** Every saved game, most recently played first (IndexedDB's, and any kept only in memory). */
export async function listGames() {
  const byId = new Map();
  for (const store of [session.db, session.mem]) {
    if (!store) continue;
    let games = [];
    try {
      games = await store.listGames();
    } catch {
      /* the memory copy still lists them */
    }
    for (const g of games) if (!byId.has(g.id) || byId.get(g.id).updated <= g.updated) byId.set(g.id, g);
  }
  if (session.game) byId.set(session.game.id, { ...session.game });
  return [...byId.values()].sort((a, b) => b.updated - a.updated);
}

async function findGame(id) {
  return (await listGames()).find((g) => g.id === id);
}

/**
 * Hold `id` for this tab (a Web Lock), so two tabs never append to one log. Releases the game
 * held before once the new one is held; false when another tab keeps it.
 */
async function lockGame(id) {
  if (!navigator.locks || session.game?.id === id) return true;
  return new Promise((resolve) => {
    navigator.locks
      .request(`turnkeeper-demo-game:${id}`, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, () => {
        releaseLock();
        resolve(true);
        return new Promise((release) => (releaseLock = () => release(undefined)));
      })
      .catch(() => resolve(false));
  });
}

/** Run `fn` holding `id`'s lock, refusing when another tab keeps that game open. */
async function whileHeld(id, game, fn) {
  if (!navigator.locks) return fn();
  const signal = AbortSignal.timeout(LOCK_WAIT_MS);
  const held = await navigator.locks.request(`turnkeeper-demo-game:${id}`, { signal }, async () => (await fn(), true)).catch((e) => {
    if (signal.aborted) return false;
    throw e;
  });
  if (!held) throw new Error(`"${game.name}" is open in another tab: close it there first.`);
}

function setCurrent(game) {
  session.game = { ...game };
  session.mem.setMeta("current", game.id);
  persist((db) => db.setMeta("current", game.id));
}

async function nextName() {
  const names = new Set((await listGames()).map((g) => g.name));
  let n = 1;
  while (names.has(`Game ${n}`)) n++;
  return `Game ${n}`;
}

const newId = () => `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Start a game from `state` (snapshots by key; empty for a new game) and open it. */
async function createGame(name, rebuilt) {
  const now = Date.now();
  const game = { id: newId(), name, created: now, updated: now, head: 0, top: 0 };
  const state = {};
  for (const [k, o] of Object.entries(rebuilt.objects)) if (o) state[k] = o.toJSON();
  const checkpoint = { game: game.id, seq: 0, state, ui: rebuilt.ui ?? { plans: [], oseMiles: 0 } };
  await lockGame(game.id);
  session.mem.create({ ...game }, checkpoint);
  persist((db) => db.create({ ...game }, checkpoint), { game: game.id, repairs: true });
  setCurrent(game);
  install(rebuilt, []);
  session.notice = "";
  emit();
  return game;
}

export async function newGame(name) {
  return createGame(name ?? (await nextName()), { objects: {}, ui: undefined });
}

/** Switch to a saved game, exactly where it was left. */
export async function openGame(id) {
  const game = await findGame(id);
  if (!game) throw new Error("That game is no longer saved.");
  if (!(await lockGame(id))) throw new Error(`"${game.name}" is open in another tab: close it there first.`);
  beginAction(`open “${game.name}” (rebuilt from its saved moves)`);
  try {
    await restore(game, game.head);
  } finally {
    endAction();
  }
  setCurrent(game);
  session.notice = "";
  emit();
}

export async function renameGame(id, name) {
  const clean = String(name).trim().slice(0, 80);
  const game = await findGame(id);
  if (!game || !clean) return;
  const rename = () => {
    game.name = clean;
    if (session.game?.id === id) session.game.name = clean;
    session.mem.putGame(game);
    persist((db) => db.rename(id, clean));
  };
  // Another tab playing it would write its own copy of the name back.
  if (session.game?.id === id) rename();
  else await whileHeld(id, game, rename);
  emit();
}

export async function deleteGame(id) {
  const game = await findGame(id);
  if (!game) return;
  if (session.game?.id === id) {
    const others = (await listGames()).filter((g) => g.id !== id);
    let opened = false;
    for (const g of others) {
      try {
        await openGame(g.id);
        opened = true;
        break;
      } catch {
        /* open in another tab: try the next one */
      }
    }
    if (!opened) await newGame();
  }
  // Not from under another tab that is playing it.
  await whileHeld(id, game, () => {
    session.mem.deleteGame(id);
    session.broken.delete(id);
    persist((db) => db.deleteGame(id));
    return settled();
  });
  emit();
}

/**
 * Everything saved of a game, from its earliest checkpoint: the checkpoint and every entry
 * after it up to the last one redo can reach. Undefined when part of it is missing (a storage
 * failure): the file then carries the snapshots only.
 */
async function wholeLog(game) {
  for (const store of [session.mem, session.db]) {
    if (!store) continue;
    const checkpoint = await store.checkpointAtOrBefore(game.id, 0).catch(() => undefined);
    if (!checkpoint) continue;
    const entries = await store.entries(game.id, checkpoint.seq + 1, game.top).catch(() => []);
    if (entries.length === game.top - checkpoint.seq) return { checkpoint, entries };
  }
  return undefined;
}

/**
 * A saved game as a file: its snapshots now and page state, and (version 2) its whole log, so
 * an import has the same moves, log lines, undo history and dice as the game had.
 */
export async function exportGame(id) {
  const game = await findGame(id);
  if (!game) throw new Error("That game is no longer saved.");
  let state;
  let ui;
  if (session.game?.id === id) {
    state = snapshots();
    ui = uiState();
  } else {
    const saved = await history(id, game.head);
    beginAction(`export “${game.name}” (rebuilt from its saved moves)`);
    let rebuilt;
    try {
      rebuilt = rebuild(saved);
    } finally {
      endAction();
    }
    state = {};
    for (const [k, o] of Object.entries(rebuilt.objects)) if (o) state[k] = o.toJSON();
    ui = rebuilt.ui;
    freeAll(rebuilt.objects);
  }
  const log = await wholeLog(game);
  const file = {
    format: FILE_FORMAT, version: log ? 2 : 1, package: version(), name: game.name, exported: new Date().toISOString(), state, ui,
    ...(log ? { log: { head: game.head, checkpoint: { seq: log.checkpoint.seq, state: log.checkpoint.state, ui: log.checkpoint.ui }, entries: log.entries.map(({ seq, at, label, ops, ui: u }) => ({ seq, at, label, ops, ui: u })) } } : {}),
  };
  const base = game.name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "game";
  return { fileName: `${base}.turnkeeper.json`, text: JSON.stringify(file) };
}

/** A file's log, checked for shape (the package checks the rest when it is replayed). */
function readLog(log, invalid) {
  if (!log || typeof log !== "object") throw invalid(`its "log" is not an object`);
  const cp = log.checkpoint;
  if (!cp || typeof cp !== "object" || !Number.isInteger(cp.seq) || cp.seq < 0 || !cp.state || typeof cp.state !== "object") throw invalid("its log has no checkpoint");
  if (!Array.isArray(log.entries)) throw invalid("its log has no entries");
  log.entries.forEach((e, i) => {
    if (!e || typeof e !== "object" || e.seq !== cp.seq + 1 + i || !Array.isArray(e.ops)) throw invalid(`its log's entry ${i + 1} is not move ${cp.seq + 1 + i}`);
  });
  const top = cp.seq + log.entries.length;
  if (!Number.isInteger(log.head) || log.head < cp.seq || log.head > top) throw invalid(`its log's head ${JSON.stringify(log.head)} is not one of its moves`);
  return { checkpoint: { seq: cp.seq, state: cp.state, ui: cp.ui }, entries: log.entries, head: log.head, top };
}

/**
 * A game from an exported file, opened as a new game. Anything wrong with the file (not JSON,
 * not a saved game, a snapshot or a batch the package refuses: malformed, tampered, unknown
 * version) throws before anything changes. A file with its log (version 2) comes back with
 * its moves, undo history, log lines and dice; an older file (version 1) as its snapshots.
 */
export async function importGame(text) {
  const invalid = (why) => new TurnkeeperError("SNAPSHOT_INVALID", `not a saved game this page can open: ${why}`);
  let file;
  try {
    file = JSON.parse(text);
  } catch (e) {
    throw invalid(`the file is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!file || typeof file !== "object" || file.format !== FILE_FORMAT) throw invalid(`it has no "format": "${FILE_FORMAT}"`);
  if (file.version !== 1 && file.version !== 2) throw invalid(`it is version ${JSON.stringify(file.version)} and this page reads versions 1 and 2`);
  if (!file.state || typeof file.state !== "object" || Array.isArray(file.state)) throw invalid(`it has no "state" object`);
  const name = typeof file.name === "string" && file.name.trim() ? file.name.trim().slice(0, 80) : await nextName();
  const log = file.version === 2 ? readLog(file.log, invalid) : null;
  beginAction("import a game file");
  let rebuilt;
  try {
    rebuilt = rebuild({ checkpoint: { state: file.state, ui: cleanUi(file.ui) }, entries: [] });
    if (log) {
      // The moves must lead to the file's snapshots, or one of the two was changed.
      const replayed = rebuild({ checkpoint: log.checkpoint, entries: log.entries.slice(0, log.head - log.checkpoint.seq) });
      const same = Object.keys({ ...file.state, ...replayed.objects }).every((k) => JSON.stringify(replayed.objects[k]?.toJSON() ?? null) === JSON.stringify(rebuilt.objects[k]?.toJSON() ?? null));
      freeAll(replayed.objects);
      if (!same) throw invalid("its moves do not lead to its snapshots");
    }
  } catch (e) {
    freeAll(rebuilt?.objects ?? {});
    throw e;
  } finally {
    endAction();
  }
  if (log) {
    freeAll(rebuilt.objects);
    return importLog(name, log);
  }
  return createGame(name, rebuilt);
}

/** A new game holding a file's whole log, opened at the move the file was at. */
async function importLog(name, log) {
  beginAction("import a game file (its saved moves replayed)");
  try {
    // Every move redo could reach is replayed once, so a bad batch is refused now, not later.
    freeAll(rebuild({ checkpoint: log.checkpoint, entries: log.entries }).objects);
  } finally {
    endAction();
  }
  const now = Date.now();
  const game = { id: newId(), name, created: now, updated: now, head: log.head, top: log.top };
  const checkpoint = { game: game.id, ...log.checkpoint };
  const entries = log.entries.map((e) => ({ game: game.id, seq: e.seq, at: Number.isFinite(e.at) ? e.at : now, label: typeof e.label === "string" ? e.label : "move", ops: e.ops, ui: e.ui }));
  await lockGame(game.id);
  session.mem.create({ ...game }, checkpoint);
  for (const e of entries) session.mem.putEntry(e);
  persist(async (db) => {
    await db.create({ ...game, head: checkpoint.seq, top: checkpoint.seq }, checkpoint);
    for (const e of entries) await db.append({ ...game, head: e.seq, top: e.seq }, e, null);
    await db.moveHead({ ...game }, checkpoint);
  }, { game: game.id, repairs: true });
  setCurrent(game);
  beginAction(`open “${name}” (rebuilt from its saved moves)`);
  try {
    await restore(game, game.head);
  } finally {
    endAction();
  }
  session.notice = "";
  emit();
  return game;
}

// ---- opening the page ----

/** Open saved games (IndexedDB, or memory when the browser refuses) and restore the last one. */
export async function openSession() {
  app.recorder = recorder;
  try {
    session.db = await openIndexedDb();
    navigator.storage?.persist?.().catch(() => {});
  } catch (e) {
    session.problem = storageProblem(e);
  }
  let lastId;
  try {
    lastId = session.db ? await session.db.getMeta("current") : undefined;
  } catch {
    /* start a new game below */
  }
  const last = lastId ? await findGame(lastId) : undefined;
  if (last) {
    try {
      await openGame(last.id);
      return;
    } catch (e) {
      await newGame();
      session.notice = `This is a new game: ${e instanceof Error ? e.message : String(e)}`;
      emit();
      return;
    }
  }
  await newGame();
}
