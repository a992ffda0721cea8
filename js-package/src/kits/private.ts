/**
 * The GM's whole state between sessions: kept on the GM's own device only, never in storage
 * the players can read (room metadata, a document's flags).
 */

/**
 * Where the GM's whole state (hidden participants, dice) is kept between sessions: only on the
 * GM's own device, never in storage the players can read. `localStorage` fits.
 */
export interface PrivateStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The browser's `localStorage`, when there is one (else nothing is kept between sessions). */
export function defaultPrivateStore(): PrivateStore | undefined {
  try {
    const ls = (globalThis as { localStorage?: PrivateStore }).localStorage;
    return ls !== undefined && typeof ls.getItem === "function" ? ls : undefined;
  } catch {
    return undefined; // a sandboxed frame may throw on access
  }
}

/** Save `value` under `key` (a full or refused device storage only costs the resume). */
export function savePrivate(store: PrivateStore | undefined, key: string, value: unknown, kit: string): void {
  if (store === undefined) return;
  try {
    store.setItem(key, JSON.stringify(value));
  } catch (e) {
    console.warn(`turnkeeper/${kit}: the GM's state could not be saved on this device`, e);
  }
}

/** What was saved under `key`, parsed (undefined when there is nothing readable). */
export function readPrivate(store: PrivateStore | undefined, key: string): unknown {
  try {
    const text = store?.getItem(key);
    return typeof text === "string" ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
