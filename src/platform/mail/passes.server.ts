/**
 * Work done in steps until a step finds none left, by one caller at a time: a call while a
 * pass runs makes it look once more when done, rather than run a second pass beside it (the
 * outbox worker; the hand-over of a message's mails to the outbox). A failure ends the pass
 * and is reported; the next call starts afresh.
 */
export class CoalescedPasses {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly options: {
      /** One step; true when it found work (there may be more). */
      step: () => Promise<boolean>;
      stopped: () => boolean;
      onError: (error: unknown) => void;
      /** Between two steps (e.g. a turn of the event loop for waiting requests). */
      between?: () => Promise<void>;
    },
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const { step, stopped, onError, between } = this.options;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await step()) && !stopped()) await between?.();
        } while (this.again && !stopped());
      } catch (error) {
        onError(error);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** The pass under way, if any. */
  get current(): Promise<void> | undefined {
    return this.running;
  }
}
