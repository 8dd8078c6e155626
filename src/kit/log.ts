// The TMDB log (a LogOutputChannel). Every line passes through `redact`, which removes credentials by
// shape (Bearer tokens, JWTs, api_key / session_id / request_token parameters) and by value (the secrets
// currently held: auth/followCredentials keeps them in step), whatever the log level.
import * as vscode from 'vscode';
import { redact, singleLine } from '../common/redact';

const ignore = () => undefined;
const SILENT = { trace: ignore, info: ignore, warn: ignore, error: ignore, show: ignore };

export class Logger implements vscode.Disposable {
  private output: vscode.LogOutputChannel | undefined;
  private disposed = false;
  private readonly secrets = new Set<string>();

  /** `opening`: the channel's first line, written when it is made. */
  constructor(
    private readonly name = 'TMDB',
    private readonly opening?: string,
  ) {}

  /**
   * Made by the first line (the first request's, most often) or Show Log, not during activation: making a
   * log channel was the dearest single call there (~1 ms of the extension host's thread). After dispose, a
   * late line goes nowhere rather than making a channel no one disposes.
   */
  private get channel(): Pick<vscode.LogOutputChannel, 'trace' | 'info' | 'warn' | 'error' | 'show'> {
    if (this.disposed) return SILENT;
    if (!this.output) {
      this.output = vscode.window.createOutputChannel(this.name, { log: true });
      if (this.opening) this.output.info(this.line('extension', this.opening));
    }
    return this.output;
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
    this.disposed = true;
    this.output?.dispose();
  }

  /** One line: control characters (a decoded `%0A` in a link, say) are written as escapes, so no text forges a line. */
  private line(component: string, message: string): string {
    return singleLine(redact(`[${component}] ${message}`, this.secrets));
  }
}
