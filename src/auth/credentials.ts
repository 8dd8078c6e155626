// The API token and the user session, kept only in SecretStorage. An in-memory copy serves the client;
// SecretStorage.onDidChange keeps several windows in step.
import * as vscode from 'vscode';
import * as z from 'zod';
import { SecretKeys } from '../ids';
import type { UserSession } from '../tmdb/client';

export interface StoredSession extends UserSession {
  username: string;
}

const storedSession = z.object({ sessionId: z.string().min(1), accountId: z.number().int(), username: z.string() });

export class Credentials implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the token or the session changes, here or in another window. */
  readonly onDidChange = this.changed.event;
  private token: string | undefined;
  private session: StoredSession | undefined;
  private loaded: Promise<void> | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange(async (event) => {
      if (event.key === SecretKeys.apiToken || event.key === SecretKeys.session) {
        await this.reload();
        this.changed.fire();
      }
    });
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= this.reload();
    return this.loaded;
  }

  private async reload(): Promise<void> {
    this.token = (await this.secrets.get(SecretKeys.apiToken)) || undefined;
    const raw = await this.secrets.get(SecretKeys.session);
    let parsed: StoredSession | undefined;
    try {
      const result = raw ? storedSession.safeParse(JSON.parse(raw)) : undefined;
      parsed = result?.success ? result.data : undefined;
    } catch {
      parsed = undefined;
    }
    this.session = parsed;
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
    if (token) await this.secrets.store(SecretKeys.apiToken, token);
    else await this.secrets.delete(SecretKeys.apiToken);
    this.token = token;
    this.changed.fire();
  }

  async setSession(session: StoredSession | undefined): Promise<void> {
    await this.ensureLoaded();
    if (session) await this.secrets.store(SecretKeys.session, JSON.stringify(session));
    else await this.secrets.delete(SecretKeys.session);
    this.session = session;
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
