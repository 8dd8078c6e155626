// One sign-in waiting for the user to approve a request token on TMDB's website. Three things can tell
// it to look (the callback to the editor, "I have approved it", and its own polling); each asks TMDB for
// a session, and the first definite answer ends the wait. No UI here: `Auth` shows the progress.
import { isTmdbError } from '../tmdb/errors';

export type ApprovalOutcome =
  | { kind: 'session'; sessionId: string }
  | { kind: 'denied' | 'expired' | 'cancelled' }
  | { kind: 'error'; error: unknown };

export interface ApprovalOptions {
  requestToken: string;
  approvalUrl: string;
  /** How long the token stays valid from now. */
  expiresInMs: number;
  /** `POST /3/authentication/session/new` with the token. */
  createSession: (requestToken: string) => Promise<{ session_id: string }>;
  pollIntervalMs: number;
}

/** The longest delay setTimeout honours; a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export class PendingApproval {
  readonly requestToken: string;
  readonly approvalUrl: string;
  /** Settles once, with how the wait ended. */
  readonly outcome: Promise<ApprovalOutcome>;
  private settle!: (outcome: ApprovalOutcome) => void;
  private done = false;
  private checking = false;
  private checkAgain = false;
  private readonly poller: ReturnType<typeof setInterval>;
  private readonly expiry: ReturnType<typeof setTimeout>;

  constructor(private readonly options: ApprovalOptions) {
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
      const session = await this.options.createSession(this.requestToken);
      this.finish({ kind: 'session', sessionId: session.session_id });
    } catch (error) {
      // 17 (session denied) and 41: not approved yet, keep waiting; 33: the token expired or was used.
      if (isTmdbError(error) && error.statusCode === 33) this.finish({ kind: 'expired' });
      else if (!isTmdbError(error) || !(error.statusCode === 17 || error.statusCode === 41 || error.retryable)) {
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

  private finish(outcome: ApprovalOutcome): void {
    if (this.done) return;
    this.done = true;
    clearInterval(this.poller);
    clearTimeout(this.expiry);
    this.settle(outcome);
  }
}
