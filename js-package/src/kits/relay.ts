/**
 * The integration kits' relay envelope and gap detection, in one place.
 *
 * A host (Owlbear, Foundry) relays each command's events from the authority (the GM's client)
 * to everyone else. Every relayed batch carries a sequence number and the authority's `epoch`
 * (a random id chosen when its client starts), and the stored snapshot carries the same pair.
 * A follower applies batches in order; on a gap, an unknown epoch, or events its state refuses,
 * it restores from the stored snapshot instead of drifting.
 *
 * This is the kits' own envelope until the core's verified batches (`{ seq, digest, events }`,
 * with `applyEvents` refusing a gap or a digest mismatch) are available; only this module
 * needs to change then.
 */

/** One relayed batch: the events of one command, as the JSON text `executeJson` returns. */
export interface RelayBatch {
  /** 1 for the first command after the encounter was created, then +1 per command. */
  seq: number;
  /** The authority's session id: a new one means "restore from the stored snapshot first". */
  epoch: string;
  /** Which event stream: the encounter's or the journey's. */
  stream: "encounter" | "journey";
  /** The events (JSON text), absent when they were too large to relay: restore instead. */
  events?: string;
  /** Host data that changed with this command (Owlbear: the token map), replaced whole. */
  attach?: unknown;
}

/** What a stored snapshot carries besides the state: where in the sequence it was taken. */
export interface SequencePoint {
  seq: number;
  epoch: string;
}

/** What a follower should do with a batch. */
export type Verdict = "apply" | "stale" | "gap";

/** A new epoch: random, short (it is stored in every snapshot). */
export function newEpoch(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Is `value` a well-formed batch? (Anything may arrive over a host's channel.) */
export function isBatch(value: unknown): value is RelayBatch {
  if (typeof value !== "object" || value === null) return false;
  const b = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(b.seq) &&
    (b.seq as number) > 0 &&
    typeof b.epoch === "string" &&
    (b.stream === "encounter" || b.stream === "journey") &&
    (b.events === undefined || typeof b.events === "string")
  );
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
    if (batch.seq === this.point.seq + 1 && batch.events !== undefined) return "apply";
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
      if (next === undefined || next.epoch !== this.point.epoch || next.events === undefined) return;
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
