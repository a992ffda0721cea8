/**
 * The integration kits' relay envelope and gap detection, in one place.
 *
 * A host (Owlbear, Foundry) relays each command from the authority (the leading GM's client) to
 * everyone else as the core's *players'* batch (`executeForPlayers`: the events players may
 * see, the object's own sequence number and the digest of the players' view they lead to), so
 * `applyEvents` on a follower refuses a missed or diverging batch with `OUT_OF_SYNC`. Around it
 * the kits put a small envelope: the stream (encounter or journey), the authority's `epoch` (a
 * random id chosen when its client starts), a room-level sequence number that orders the two
 * streams and host data such as Owlbear's token map, and the SHA-256 of the state stored with
 * it ({@link Head}). A follower believes an envelope only from the sender the host says is the
 * authority, applies envelopes in order, and on a gap, an unknown epoch, or a batch the core
 * refuses, restores from the stored state, and only when that state is what the authority
 * announced.
 */

/** One relayed command. */
export interface RelayBatch {
  /** 1 for the first command after the room's state was created, then +1 per command. */
  seq: number;
  /** The authority's session id: a new one means "restore from the stored snapshot first". */
  epoch: string;
  /** Which object the batch is for: the encounter or the journey. */
  stream: "encounter" | "journey";
  /**
   * The core's batch (JSON text of `{ seq, digest, dice?, events }`), absent when the command
   * changed only host data (`attach`), or when it was too large to relay: then restore.
   */
  batch?: string;
  /** Host data that changed with this command (Owlbear: the token map), replaced whole. */
  attach?: unknown;
  /** The SHA-256 of the state stored with this batch (see {@link Head}). */
  hash?: string;
}

/** What a stored snapshot carries besides the state: where in the sequence it was taken. */
export interface SequencePoint {
  seq: number;
  epoch: string;
}

/** What a follower should do with a batch. */
export type Verdict = "apply" | "stale" | "gap";

/** Does the envelope carry something to apply (else: restore from the stored snapshot)? */
export function hasPayload(b: RelayBatch): boolean {
  return b.batch !== undefined || b.attach !== undefined;
}

/** The events inside a core batch's JSON text (for logs and listeners). */
export function eventsOf(batch: string | undefined): unknown[] {
  if (batch === undefined) return [];
  const parsed = JSON.parse(batch) as { events?: unknown[] };
  return Array.isArray(parsed.events) ? parsed.events : [];
}

/** A new epoch: random, short (it is stored in every snapshot). */
export function newEpoch(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Is `value` a well-formed batch? (Anything may arrive over a host's channel.) The core batch
 * inside must be a checked one (`{ seq, digest, events }`): a bare event array would be applied
 * without the sequence and digest check, so it is refused here.
 */
export function isBatch(value: unknown): value is RelayBatch {
  if (typeof value !== "object" || value === null) return false;
  const b = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(b.seq) &&
    (b.seq as number) > 0 &&
    typeof b.epoch === "string" &&
    (b.stream === "encounter" || b.stream === "journey") &&
    (b.batch === undefined || isCheckedBatch(b.batch)) &&
    (b.hash === undefined || typeof b.hash === "string")
  );
}

/** Is `text` the JSON of a core batch with its sequence number and digest (not bare events)? */
export function isCheckedBatch(text: unknown): text is string {
  if (typeof text !== "string") return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return false;
  const b = parsed as Record<string, unknown>;
  return Number.isSafeInteger(b.seq) && typeof b.digest === "string" && Array.isArray(b.events);
}

/** A short random id (base 36): ids that count nothing, so they reveal nothing hidden. */
export function randomId(prefix: string, length = 5): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return prefix + Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

/**
 * The follower's side of the sequence: where it is, and what to do with each batch.
 * Batches that arrive ahead of a gap are kept (at most `maxPending`) and applied once the gap is
 * healed by a restore.
 */
export class SequenceFollower {
  /** The last sequence point applied or restored (seq 0 before anything was loaded). */
  point: SequencePoint = { seq: 0, epoch: "" };
  private readonly pending = new Map<number, RelayBatch>();

  constructor(private readonly maxPending = 64) {}

  /** Classify a batch against the current point. */
  verdict(batch: RelayBatch): Verdict {
    if (batch.epoch !== this.point.epoch) return "gap";
    if (batch.seq <= this.point.seq) return "stale";
    if (batch.seq === this.point.seq + 1 && hasPayload(batch)) return "apply";
    return "gap";
  }

  /** Remember a batch that could not be applied yet (it is ahead of a gap). */
  hold(batch: RelayBatch): void {
    if (this.pending.size >= this.maxPending) {
      const oldest = Math.min(...this.pending.keys());
      this.pending.delete(oldest);
    }
    this.pending.set(batch.seq, batch);
  }

  /** The batch was applied. */
  advance(batch: RelayBatch): void {
    this.point = { seq: batch.seq, epoch: batch.epoch };
    this.pending.delete(batch.seq);
  }

  /** Should a stored snapshot at `stored` replace the follower's state? */
  shouldRestore(stored: SequencePoint, force = false): boolean {
    if (force) return true;
    return stored.epoch !== this.point.epoch || stored.seq > this.point.seq;
  }

  /** The state was restored from a snapshot taken at `stored`. */
  restored(stored: SequencePoint): void {
    this.point = { seq: stored.seq, epoch: stored.epoch };
    for (const seq of [...this.pending.keys()]) if (seq <= stored.seq) this.pending.delete(seq);
  }

  /** Held batches that now follow on directly, in order (each still to be applied). */
  *ready(): Generator<RelayBatch> {
    for (;;) {
      const next = this.pending.get(this.point.seq + 1);
      if (next === undefined || next.epoch !== this.point.epoch || !hasPayload(next)) return;
      yield next;
    }
  }
}

/** The authority's side: the next batch's sequence point. */
export class SequenceLeader {
  point: SequencePoint;
  constructor(start: SequencePoint) {
    this.point = { ...start };
  }
  /** The sequence point the next command will have (not yet taken). */
  peek(): SequencePoint {
    return { seq: this.point.seq + 1, epoch: this.point.epoch };
  }
  /** Take the next sequence point (after the command's snapshot was accepted). */
  take(): SequencePoint {
    this.point = this.peek();
    return this.point;
  }
}

/** UTF-8 bytes of `value` as JSON, the way hosts measure stored and relayed data. */
export function jsonBytes(value: unknown): number {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? "null";
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
