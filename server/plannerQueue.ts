import { HttpError } from './httpError.js';

/**
 * The bounded queue in front of the planner: at most `concurrency`
 * decisions run at once on the shared worker pool, at most `capacity` more
 * wait. A decision asked for when every waiting slot is taken is refused at
 * once (429 with Retry-After, the seconds the queue should take to drain),
 * so a flood of bot moves cannot grow memory or latency without bound.
 */
export class PlannerQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Mean duration of a decision, ms (exponentially weighted), for Retry-After. */
  private meanMs = 1000;

  constructor(
    readonly concurrency: number,
    readonly capacity: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  /** Seconds a client refused now should wait before trying again. */
  retryAfter(): number {
    const ahead = this.waiting.length + this.running;
    return Math.max(1, Math.ceil((ahead * this.meanMs) / this.concurrency / 1000));
  }

  /** Runs `task` when a slot is free; throws a 429 HttpError when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.capacity)
        throw new HttpError(
          429,
          'E_BUSY',
          `the planner queue is full (${this.capacity} waiting): try again later`,
          undefined,
          { 'retry-after': String(this.retryAfter()) },
        );
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const t0 = performance.now();
    try {
      return await task();
    } finally {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - t0);
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter: `running` stays the same.
      if (next) next();
      else this.running--;
    }
  }
}
