// Before the token or the session goes to an API address that is neither TMDB's nor this computer's
// (`tmdb.apiBaseUrl` set to a proxy, by the person or by Settings Sync; a workspace cannot set it), the
// person is told once, naming the host, and says whether it may have them. An allowed host is remembered
// on this machine (not synced); a refusal holds for this window until the setting changes, so the views
// loading together ask once, and nothing is sent meanwhile.
import * as vscode from 'vscode';
import { StateKeys } from '../common/ids';
import { askModal } from '../kit/notify';

export class ApiHostApproval implements vscode.Disposable {
  private readonly refused = new Set<string>();
  private readonly asking = new Map<string, Promise<boolean>>();
  private readonly watch: vscode.Disposable;
  /** Shows the question and resolves to the button chosen (the integration suite answers in its place). */
  ask: (message: string, detail: string, ...buttons: string[]) => Promise<string | undefined> = askModal;

  constructor(private readonly state: vscode.Memento) {
    this.watch = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('tmdb.apiBaseUrl')) this.refused.clear();
    });
  }

  /** Whether `host` may receive the credentials; asks the person the first time. */
  allowed(host: string): Promise<boolean> {
    if (this.allowedHosts().includes(host)) return Promise.resolve(true);
    if (this.refused.has(host)) return Promise.resolve(false);
    let pending = this.asking.get(host);
    if (!pending) {
      // A question that could not be asked (or an answer not kept) sends nothing: as a refusal, asked again next time.
      pending = this.question(host)
        .catch(() => false)
        .finally(() => this.asking.delete(host));
      this.asking.set(host, pending);
    }
    return pending;
  }

  /** Forgets the hosts allowed (`TMDB: Sign Out` keeps them; a test starts clean). */
  async reset(): Promise<void> {
    this.refused.clear();
    await this.state.update(StateKeys.allowedApiHosts, undefined);
  }

  private allowedHosts(): string[] {
    const raw = this.state.get<unknown>(StateKeys.allowedApiHosts);
    return Array.isArray(raw) ? raw.slice(0, 20).filter((host): host is string => typeof host === 'string') : [];
  }

  private async question(host: string): Promise<boolean> {
    const send = vscode.l10n.t('Send to {0}', host);
    const settings = vscode.l10n.t('Open Settings');
    const choice = await this.ask(
      vscode.l10n.t('Send your TMDB token and session to {0}?', host),
      vscode.l10n.t(
        'The setting tmdb.apiBaseUrl sends every TMDB request to {0} instead of api.themoviedb.org. A proxy you trust may be there; whoever runs it can use your token and act on your TMDB account. You are asked once for this address.',
        host,
      ),
      // Open Settings first: the dialog's default button (Enter) is the safe one.
      settings,
      send,
    );
    if (choice === send) {
      await this.state.update(StateKeys.allowedApiHosts, [host, ...this.allowedHosts()].slice(0, 20));
      return true;
    }
    this.refused.add(host);
    if (choice === settings) void vscode.commands.executeCommand('workbench.action.openSettings', 'tmdb.apiBaseUrl');
    return false;
  }

  dispose(): void {
    this.watch.dispose();
  }
}
