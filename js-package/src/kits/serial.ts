/**
 * One restore at a time, shared by the kits: a request that arrives while a restore runs makes it
 * run once more after it (forced if any such request was), instead of a second one in parallel.
 */
export class SerialRestore {
  private running: Promise<void> | undefined;
  private again = false;
  private againForce = false;

  /** `restore(force)` loads the stored state; `stopped()` ends the repeats (a closed kit). */
  constructor(
    private readonly restore: (force: boolean) => Promise<void>,
    private readonly stopped: () => boolean = () => false,
  ) {}

  /** The restore under way, if any. */
  get pending(): Promise<void> | undefined {
    return this.running;
  }

  run(force: boolean): Promise<void> {
    if (this.running !== undefined) {
      this.again = true;
      this.againForce ||= force;
      return this.running;
    }
    this.running = (async () => {
      try {
        let again = true;
        while (again && !this.stopped()) {
          await this.restore(force);
          again = this.again;
          force = this.againForce;
          this.again = false;
          this.againForce = false;
        }
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }
}
