// The TMDB log (a LogOutputChannel). Every line passes through `redact`, which removes credentials by
// shape (Bearer tokens, JWTs, api_key / session_id / request_token parameters) and by value (the secrets
// currently held: auth/followCredentials keeps them in step), whatever the log level.
import * as vscode from 'vscode';
import { redact, singleLine } from './redact';

export class Logger implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly secrets = new Set<string>();

  constructor(name = 'TMDB') {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  /** Values that must never appear in the log (the token and session id in use). */
  setSecrets(values: Array<string | undefined>): void {
    this.secrets.clear();
    for (const value of values) if (value) this.secrets.add(value);
  }

  trace(component: string, message: string): void {
    this.channel.trace(this.line(component, message));
  }
  info(component: string, message: string): void {
    this.channel.info(this.line(component, message));
  }
  warn(component: string, message: string): void {
    this.channel.warn(this.line(component, message));
  }
  error(component: string, message: string, error?: unknown): void {
    const detail = error instanceof Error ? `: ${error.message}` : error === undefined ? '' : `: ${String(error)}`;
    this.channel.error(this.line(component, `${message}${detail}`));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }

  /** One line: control characters (a decoded `%0A` in a link, say) are written as escapes, so no text forges a line. */
  private line(component: string, message: string): string {
    return singleLine(redact(`[${component}] ${message}`, this.secrets));
  }
}
