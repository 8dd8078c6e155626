// One sign-in waiting for the user to approve a request token on TMDB's website. Three things can tell
// it to look (the callback to the editor, "I have approved it", and its own polling); each asks TMDB for
// the access token, and the first definite answer ends the wait. No UI here: `Auth` shows the progress.
import { isTmdbError } from '../tmdb/errors';

export type ApprovalOutcome<T> =
  { kind: 'approved'; value: T } | { kind: 'denied' | 'expired' | 'cancelled' } | { kind: 'error'; error: unknown };

export interface ApprovalOptions<T> {
  requestToken: string;
  approvalUrl: string;
  /** How long the token stays valid from now. */
  expiresInMs: number;
  /** `POST /4/auth/access_token` with the token: what it gives once the user approved. */
  exchange: (requestToken: string) => Promise<T>;
  pollIntervalMs: number;
}

/** TMDB's refusals of a token the user has not approved (yet). */
const WAITING_CODES = new Set([17, 33, 41]);

/** The longest delay setTimeout honours; a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export class PendingApproval<T> {
  readonly requestToken: string;
  readonly approvalUrl: string;
  /** Settles once, with how the wait ended. */
  readonly outcome: Promise<ApprovalOutcome<T>>;
  private settle!: (outcome: ApprovalOutcome<T>) => void;
  private done = false;
  private checking = false;
  private checkAgain = false;
  private readonly poller: ReturnType<typeof setInterval>;
  private readonly expiry: ReturnType<typeof setTimeout>;

  constructor(private readonly options: ApprovalOptions<T>) {
    this.requestToken = options.requestToken;
    this.approvalUrl = options.approvalUrl;
    this.outcome = new Promise((resolve) => (this.settle = resolve));
    this.poller = setInterval(() => this.check(), options.pollIntervalMs);
    this.expiry = setTimeout(
      () => this.finish({ kind: 'expired' }),
      Math.min(MAX_TIMER_MS, Math.max(0, options.expiresInMs)),
    );
  }

  get finished(): boolean {
    return this.done;
  }

  /** Asks TMDB for the session now; a check already under way is followed by one more. */
  check(): void {
    if (this.done) return;
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    void this.ask();
  }

  deny(): void {
    this.finish({ kind: 'denied' });
  }

  cancel(): void {
    this.finish({ kind: 'cancelled' });
  }

  private async ask(): Promise<void> {
    this.checking = true;
    try {
      this.finish({ kind: 'approved', value: await this.options.exchange(this.requestToken) });
    } catch (error) {
      // A token not approved yet is refused, with codes TMDB does not document for v4 (17, 33 "invalid
      // request token" and 41 are all seen): keep waiting; the wait's own timer says when it expired.
      if (!isTmdbError(error) || !(WAITING_CODES.has(error.statusCode ?? 0) || error.retryable)) {
        this.finish({ kind: 'error', error });
      }
    } finally {
      this.checking = false;
      if (this.checkAgain && !this.done) {
        this.checkAgain = false;
        this.check();
      }
    }
  }

  private finish(outcome: ApprovalOutcome<T>): void {
    if (this.done) return;
    this.done = true;
    clearInterval(this.poller);
    clearTimeout(this.expiry);
    this.settle(outcome);
  }
}
