/**
 * The loop every background worker of an API process shares (webhook dispatcher, e-mail sender): run a round, and
 * when the round found nothing to do, sleep `pollMs` before the next one; a busy round is followed at once.
 * `stop()` ends the loop and waits for the round in progress, at most `stopWaitMs`: a round cut off there is safe
 * because every worker claims its rows under a lease that another process takes over when it runs out.
 */
export interface PollingLoopOptions {
  /** One round of work; answers whether it did something (then the next round starts without waiting). */
  round: () => Promise<boolean>;
  pollMs: number;
  stopWaitMs: number;
  onError?: (error: unknown) => void;
}

export interface PollingLoop {
  start(): void;
  stop(): Promise<void>;
}

export function createPollingLoop(options: PollingLoopOptions): PollingLoop {
  let running = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  async function loop() {
    while (running) {
      let busy = false;
      const round = options.round().then(
        (didWork) => {
          busy = didWork;
        },
        (error) => options.onError?.(error),
      );
      current = round;
      await round;
      if (!running) break;
      if (!busy) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, options.pollMs);
        });
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      void loop();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      wake?.();
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        current.catch(() => {}),
        new Promise<void>((resolve) => {
          giveUp = setTimeout(resolve, options.stopWaitMs);
        }),
      ]);
      clearTimeout(giveUp);
    },
  };
}
