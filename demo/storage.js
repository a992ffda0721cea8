// Where saved games live: IndexedDB when the browser allows it, memory otherwise (both with the
// same methods, so the session does not care which). A game is a log:
//   games        { id, name, created, updated, head, top }: head = entries applied now (undo
//                moves it back, redo forward), top = entries stored (redo goes up to it)
//   entries      { game, seq, at, label, ops, ui }: one per user action, seq 1, 2, …; `ops` are
//                the engine calls it made: { target, type: "batch", batch } (a command's
//                checked batch), { target, type: "set", snapshot } (a new encounter or
//                journey), or, in games saved before batches, { target, type: "events",
//                events, dice }
//   checkpoints  { game, seq, state, ui }: every object's snapshot after entry `seq` (seq 0 at
//                creation, then every CHECKPOINT_EVERY entries)
//   meta         { key, value }: which game was open last
// Restoring entry n loads the newest checkpoint at or before n and applies the entries after it.

/** A checkpoint every this many entries: a restore applies at most this many entries. */
export const CHECKPOINT_EVERY = 20;

const DB_NAME = "turnkeeper-demo";
const DB_VERSION = 1;

/** Why storage failed, in words a player can act on. */
export class StorageProblem extends Error {
  /**
   * @param {"unavailable" | "quota" | "failed"} kind
   * @param {string} message
   */
  constructor(kind, message) {
    super(message);
    this.name = "StorageProblem";
    this.kind = kind;
  }
}

/** Turn whatever IndexedDB threw into a StorageProblem. */
export function storageProblem(e) {
  if (e instanceof StorageProblem) return e;
  const name = e && typeof e === "object" && "name" in e ? String(e.name) : "";
  const detail = e instanceof Error || e instanceof DOMException ? e.message : String(e);
  if (name === "QuotaExceededError") {
    return new StorageProblem("quota", `the browser's storage for this page is full (${name})`);
  }
  if (name === "SecurityError" || name === "InvalidStateError" || name === "NotAllowedError") {
    return new StorageProblem("unavailable", `this browser does not allow storage here (${name}: ${detail})`);
  }
  return new StorageProblem("failed", `saving failed (${name || "error"}: ${detail})`);
}

const key = (game, seq) => [game, seq];
const allOf = (game) => IDBKeyRange.bound([game, -Infinity], [game, Infinity]);
const from = (game, seq) => IDBKeyRange.bound([game, seq], [game, Infinity]);

/** A request's result as a promise. */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A transaction as a promise: resolves once it is committed (durable), rejects if it aborts. */
function committed(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(undefined);
    tx.onabort = () => reject(tx.error ?? new DOMException("transaction aborted", "AbortError"));
  });
}

/** Open the database, or throw a StorageProblem (storage disabled, private mode, blocked). */
export async function openIndexedDb() {
  let request;
  try {
    if (typeof indexedDB === "undefined" || !indexedDB) throw new DOMException("IndexedDB is missing", "NotAllowedError");
    request = indexedDB.open(DB_NAME, DB_VERSION);
  } catch (e) {
    throw storageProblem(e);
  }
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore("games", { keyPath: "id" });
    db.createObjectStore("entries", { keyPath: ["game", "seq"] });
    db.createObjectStore("checkpoints", { keyPath: ["game", "seq"] });
    db.createObjectStore("meta", { keyPath: "key" });
  };
  try {
    const db = await done(request);
    db.onversionchange = () => db.close(); // a newer page upgrading the schema is not blocked
    return new IdbStore(db);
  } catch (e) {
    throw storageProblem(e);
  }
}

export class IdbStore {
  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
    this.kind = "indexedDB";
  }

  /**
   * A transaction; `fn` queues its requests; resolves when committed. It is committed at once
   * unless `fn` still has requests to make from callbacks (`commitNow: false`).
   */
  async write(stores, fn, { commitNow = true } = {}) {
    try {
      const tx = this.db.transaction(stores, "readwrite", { durability: "strict" });
      const result = committed(tx);
      fn(tx);
      if (commitNow) tx.commit?.();
      await result;
    } catch (e) {
      throw storageProblem(e);
    }
  }

  async read(store, fn) {
    try {
      return await done(fn(this.db.transaction(store, "readonly").objectStore(store)));
    } catch (e) {
      throw storageProblem(e);
    }
  }

  async listGames() {
    const games = await this.read("games", (s) => s.getAll());
    return games.sort((a, b) => b.updated - a.updated);
  }

  /** Change only the name (the record's head and top stay as IndexedDB has them). */
  rename(id, name) {
    return this.write(["games"], (tx) => {
      const games = tx.objectStore("games");
      const get = games.get(id);
      get.onsuccess = () => {
        if (get.result) games.put({ ...get.result, name });
      };
    }, { commitNow: false });
  }

  /** A new game and its first checkpoint. */
  create(game, checkpoint) {
    return this.write(["games", "checkpoints"], (tx) => {
      tx.objectStore("games").put(game);
      tx.objectStore("checkpoints").put(checkpoint);
    });
  }

  deleteGame(id) {
    return this.write(["games", "entries", "checkpoints"], (tx) => {
      tx.objectStore("games").delete(id);
      tx.objectStore("entries").delete(allOf(id));
      tx.objectStore("checkpoints").delete(allOf(id));
    });
  }

  /**
   * Append an entry (and a checkpoint when one is due) and update the game record, all or
   * nothing. After an undo, the entries that redo would have reapplied are dropped first.
   */
  append(game, entry, checkpoint) {
    return this.write(["games", "entries", "checkpoints"], (tx) => {
      const entries = tx.objectStore("entries");
      const checkpoints = tx.objectStore("checkpoints");
      entries.delete(from(game.id, entry.seq));
      checkpoints.delete(from(game.id, entry.seq));
      entries.put(entry);
      if (checkpoint) checkpoints.put(checkpoint);
      tx.objectStore("games").put(game);
    });
  }

  /** Undo or redo: the game record with its new head, and a checkpoint there. */
  moveHead(game, checkpoint) {
    return this.write(["games", "checkpoints"], (tx) => {
      tx.objectStore("checkpoints").put(checkpoint);
      tx.objectStore("games").put(game);
    });
  }

  /** The newest checkpoint at or before `seq`. */
  async checkpointAtOrBefore(game, seq) {
    try {
      const store = this.db.transaction("checkpoints", "readonly").objectStore("checkpoints");
      const cursor = await done(store.openCursor(IDBKeyRange.bound(key(game, -Infinity), key(game, seq)), "prev"));
      return cursor?.value;
    } catch (e) {
      throw storageProblem(e);
    }
  }

  /** Entries `first` … `last` (inclusive), in order; missing ones are simply absent. */
  entries(game, first, last) {
    if (last < first) return Promise.resolve([]);
    return this.read("entries", (s) => s.getAll(IDBKeyRange.bound(key(game, first), key(game, last))));
  }

  async getMeta(name) {
    return (await this.read("meta", (s) => s.get(name)))?.value;
  }

  setMeta(name, value) {
    return this.write(["meta"], (tx) => tx.objectStore("meta").put({ key: name, value }));
  }
}

/** The same log in memory: the session's cache of what it wrote or read, and the whole store
 * when IndexedDB cannot be used. */
export class MemoryStore {
  constructor() {
    this.kind = "memory";
    /** @type {Map<string, any>} */
    this.games = new Map();
    /** @type {Map<string, Map<number, any>>} */
    this.logs = new Map();
    /** @type {Map<string, Map<number, any>>} */
    this.checkpoints = new Map();
    /** @type {Map<string, any>} */
    this.meta = new Map();
  }

  static #of(map, game) {
    let m = map.get(game);
    if (!m) map.set(game, (m = new Map()));
    return m;
  }

  async listGames() {
    return [...this.games.values()].sort((a, b) => b.updated - a.updated);
  }

  async putGame(game) {
    this.games.set(game.id, { ...game });
  }

  async rename(id, name) {
    const game = this.games.get(id);
    if (game) game.name = name;
  }

  async create(game, checkpoint) {
    this.putCheckpoint(checkpoint);
    this.games.set(game.id, { ...game });
  }

  putCheckpoint(checkpoint) {
    MemoryStore.#of(this.checkpoints, checkpoint.game).set(checkpoint.seq, checkpoint);
  }

  putEntry(entry) {
    MemoryStore.#of(this.logs, entry.game).set(entry.seq, entry);
  }

  async deleteGame(id) {
    this.games.delete(id);
    this.logs.delete(id);
    this.checkpoints.delete(id);
  }

  async append(game, entry, checkpoint) {
    for (const map of [this.logs, this.checkpoints]) {
      const m = MemoryStore.#of(map, game.id);
      for (const seq of m.keys()) if (seq >= entry.seq) m.delete(seq);
    }
    this.putEntry(entry);
    if (checkpoint) this.putCheckpoint(checkpoint);
    this.games.set(game.id, { ...game });
  }

  async moveHead(game, checkpoint) {
    this.putCheckpoint(checkpoint);
    this.games.set(game.id, { ...game });
  }

  async checkpointAtOrBefore(game, seq) {
    let best;
    for (const [s, cp] of this.checkpoints.get(game) ?? []) if (s <= seq && (!best || s > best.seq)) best = cp;
    return best;
  }

  async entries(game, first, last) {
    const m = this.logs.get(game);
    const out = [];
    for (let s = first; m && s <= last; s++) if (m.has(s)) out.push(m.get(s));
    return out;
  }

  async getMeta(name) {
    return this.meta.get(name);
  }

  async setMeta(name, value) {
    this.meta.set(name, value);
  }
}
