// The API token and the user session, kept only in SecretStorage. An in-memory copy serves the client;
// SecretStorage.onDidChange keeps several windows in step.
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import { SecretKeys } from '../common/ids';
import type { UserSession } from '../tmdb/call';

export interface StoredSession extends UserSession {
  username: string;
}

/** What is stored now, as every change announces it. */
export interface CredentialsState {
  token: string | undefined;
  session: StoredSession | undefined;
}

/**
 * What the extension itself stored as the session (checked by hand at start-up, without zod): the v3
 * session, and with a v4 sign-in the user's access token and account object id. A session without `v4`
 * was made the old way (v3 approval, or before v4 sign-in existed).
 */
function storedSession(value: unknown): StoredSession | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { sessionId, accountId, username, v4 } = value as Record<string, unknown>;
  if (typeof sessionId !== 'string' || !sessionId || !Number.isInteger(accountId) || typeof username !== 'string')
    return undefined;
  const session: StoredSession = { sessionId, accountId: accountId as number, username };
  const { accessToken, accountObjectId } = (v4 ?? {}) as Record<string, unknown>;
  if (typeof accessToken === 'string' && accessToken && typeof accountObjectId === 'string' && accountObjectId)
    session.v4 = { accessToken, accountObjectId };
  return session;
}

export class Credentials extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<CredentialsState>());
  /** Fires with what is stored now when the token or the session changes, here or in another window. */
  readonly onDidChange = this.changed.event;
  private token: string | undefined;
  private session: StoredSession | undefined;
  private loaded: Promise<void> | undefined;
  private pendingWrites = 0;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    /** Where a slow or failed read of SecretStorage is said (the TMDB log). */
    private readonly warn: (line: string) => void = () => undefined,
  ) {
    super();
    // Changes made here are announced at once by the setters; this hears the ones other windows make.
    // While a write of ours is under way, what storage says may be older than what we hold: ours wins.
    this.register(
      secrets.onDidChange(async (event) => {
        if (event.key !== SecretKeys.apiToken && event.key !== SecretKeys.session) return;
        if (this.pendingWrites > 0) return;
        const before = this.snapshot();
        const stored = await this.read();
        if (this.pendingWrites > 0) return;
        [this.token, this.session] = stored;
        if (this.snapshot() !== before) this.announce();
      }),
    );
  }

  /**
   * Calls `listener` with what is stored once it has been read (`initial` true), then on every change:
   * one way for the context keys, the log, the Accounts menu and the views to follow the credentials.
   */
  follow(listener: (state: CredentialsState, initial: boolean) => void): vscode.Disposable {
    // A read that fails (said in the log) is tried again a few times, a second apart and more: the
    // listener hears what is stored once it has been read, never a failure taken for "nothing stored".
    let stopped = false;
    const first = async () => {
      for (let attempt = 0; attempt < 5 && !stopped; attempt++) {
        try {
          return listener(await this.current(), true);
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
        }
      }
    };
    void first();
    const changes = this.onDidChange((state) => listener(state, false));
    return { dispose: () => ((stopped = true), changes.dispose()) };
  }

  /** The token and the session, once they have been read from SecretStorage. */
  async current(): Promise<CredentialsState> {
    await this.ensureLoaded();
    return { token: this.token, session: this.session };
  }

  private announce(): void {
    this.changed.fire({ token: this.token, session: this.session });
  }

  private snapshot(): string {
    return JSON.stringify([this.token, this.session]);
  }

  /** Read once; a read that failed is tried again by the next caller, not remembered as the answer. */
  private ensureLoaded(): Promise<void> {
    this.loaded ??= this.reload().catch((error: unknown) => {
      this.loaded = undefined;
      this.warn(`could not read SecretStorage: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    });
    return this.loaded;
  }

  private async reload(): Promise<void> {
    [this.token, this.session] = await this.read();
  }

  private async read(): Promise<[string | undefined, StoredSession | undefined]> {
    // On a busy machine VS Code's secret storage can take seconds: the log says so, so a stall is seen.
    const started = Date.now();
    const slow = setTimeout(() => this.warn('still waiting for SecretStorage after 5 s'), 5000);
    let token: string | undefined;
    let raw: string | undefined;
    try {
      [token, raw] = await Promise.all([this.secrets.get(SecretKeys.apiToken), this.secrets.get(SecretKeys.session)]);
    } finally {
      clearTimeout(slow);
    }
    if (Date.now() - started > 1000) this.warn(`SecretStorage answered in ${Date.now() - started} ms`);
    token ||= undefined;
    try {
      return [token, raw ? storedSession(JSON.parse(raw)) : undefined];
    } catch {
      return [token, undefined];
    }
  }

  private async write(key: string, value: string | undefined): Promise<void> {
    this.pendingWrites++;
    try {
      if (value) await this.secrets.store(key, value);
      else await this.secrets.delete(key);
    } finally {
      this.pendingWrites--;
    }
  }

  async apiToken(): Promise<string | undefined> {
    await this.ensureLoaded();
    return this.token;
  }

  async currentSession(): Promise<StoredSession | undefined> {
    await this.ensureLoaded();
    return this.session;
  }

  async setApiToken(token: string | undefined): Promise<void> {
    await this.ensureLoaded();
    this.token = token;
    await this.write(SecretKeys.apiToken, token);
    this.announce();
  }

  async setSession(session: StoredSession | undefined): Promise<void> {
    await this.ensureLoaded();
    this.session = session;
    await this.write(SecretKeys.session, session && JSON.stringify(session));
    this.announce();
  }
}
