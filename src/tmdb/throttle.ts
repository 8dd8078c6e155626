// Keeps the client under TMDB's rate ceiling by itself: at most `perSecond` request starts in any
// rolling second and at most `concurrent` requests in flight. Waiters are served in order.

export class Throttle {
  private readonly starts: number[] = [];
  private readonly waiters: Array<() => void> = [];
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly perSecond: number,
    private readonly concurrent: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when the request may start; rejects, leaving the line, once `signal` aborts before then. */
  acquire(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const leave = () => {
        const at = this.waiters.indexOf(go);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(signal!.reason);
      };
      const go = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiters.push(go);
      this.pump();
    });
  }

  release(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.pump();
  }

  private pump(): void {
    while (this.waiters.length > 0 && this.inFlight < this.concurrent) {
      const now = this.now();
      while (this.starts.length > 0 && now - this.starts[0]! >= 1000) this.starts.shift();
      if (this.starts.length >= this.perSecond) {
        if (!this.timer) {
          const wait = 1000 - (now - this.starts[0]!);
          this.timer = setTimeout(() => {
            this.timer = undefined;
            this.pump();
          }, wait);
        }
        return;
      }
      this.starts.push(now);
      this.inFlight++;
      this.waiters.shift()!();
    }
  }
}
