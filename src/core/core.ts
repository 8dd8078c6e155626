// The shared core every feature is handed: the log, the settings, TMDB's client with the credentials and
// the sign-in, the account's services (watchlist, favorites, ratings, lists), and the doors between
// features. Built once by `buildCore`; what belongs to no one feature (the token and sign-in commands,
// the cache, the log, Load more…) is registered here too.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { TmdbAuthenticationProvider } from '../auth/authenticationProvider';
import { Auth } from '../auth/auth';
import { Credentials } from '../auth/credentials';
import { keepSecretsOutOfLog, trackCredentials } from '../auth/followCredentials';
import { ListService } from '../account/listService';
import { RatingService } from '../account/ratingService';
import { TitleFlagService } from '../account/titleFlags';
import { keepCompiledCodeIn } from '../common/deferred';
import { IN_BROWSER } from '../common/host';
import { Logger } from '../kit/log';
import { workspaceFolder } from '../kit/workspaceFolder';
import { ApiHostApproval } from '../settings/apiHostApproval';
import { readSettings, warnAboutRefusedSettings, type Settings } from '../settings/settings';
import { TmdbClient } from '../tmdb/client';
import { ACCOUNT_STORE_LIMITS, DiskStore } from '../tmdb/diskStore';
import { titleMarks } from '../tree/titleMarks';
import { coreCommands } from './coreCommands';
import { Doors } from './doors';
import { KeptPictures } from './keptPictures';

export interface Core {
  readonly context: vscode.ExtensionContext;
  /** VS Code's test mode (the integration suite): command arguments and results, no walkthrough. */
  readonly testMode: boolean;
  readonly log: Logger;
  readonly settings: () => Settings;
  /** Opens an address in the browser (remembered for the tests in test mode). */
  readonly openUrl: (url: string) => Thenable<boolean>;
  readonly client: TmdbClient;
  readonly credentials: Credentials;
  readonly auth: Auth;
  readonly watchlist: TitleFlagService;
  readonly favorites: TitleFlagService;
  readonly ratings: RatingService;
  readonly listService: ListService;
  readonly doors: Doors;
  /** Faces and posters kept on disk for icons (trees, quick picks). */
  readonly pictures: KeptPictures;
  /** Has `forget` run by TMDB: Clear Cache (a feature's own kept answers or pictures). */
  keepsCache(forget: () => unknown): void;
}

/** The core, what it registers, and what test mode reads of it. */
export function buildCore(context: vscode.ExtensionContext, openUrl: (url: string) => Thenable<boolean>) {
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const log = new Logger('TMDB', `TMDB ${String(context.extension.packageJSON.version)} in VS Code ${vscode.version}`);
  // The deferred part's compiled code, kept between windows (its first use in a window compiles it otherwise).
  if (!IN_BROWSER) {
    keepCompiledCodeIn(
      vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath,
      (error) => log.error('extension', 'could not keep the compiled code', error),
      (file, ms) => log.trace('extension', `loaded ${basename(file)} in ${ms.toFixed(1)} ms`),
    );
  }
  const credentials = new Credentials(context.secrets, (line) => log.warn('auth', line));
  const apiHosts = new ApiHostApproval(context.globalState);
  const client = clientOf(context, testMode, credentials, apiHosts, log);
  const auth = new Auth({ client, credentials, log, settings: readSettings, openUrl });
  // In a browser a saved picture cannot be an icon (its storage is no address the page can load): rows keep their codicon.
  const pictures = new KeptPictures(vscode.Uri.joinPath(context.globalStorageUri, 'images'), readSettings, log, {
    enabled: !IN_BROWSER,
  });
  const caches: Array<() => unknown> = [() => pictures.clear()];
  const core: Core = {
    context,
    testMode,
    log,
    settings: readSettings,
    openUrl,
    client,
    credentials,
    auth,
    watchlist: new TitleFlagService(client, 'watchlist'),
    favorites: new TitleFlagService(client, 'favorite'),
    ratings: new RatingService(client),
    listService: new ListService(client),
    doors: new Doors(),
    pictures,
    keepsCache: (forget) => void caches.push(forget),
  };
  const accounts = new TmdbAuthenticationProvider(credentials, auth);
  const { watchlist, favorites, ratings, listService } = core;
  const disposables = [
    log,
    keepSecretsOutOfLog(log, credentials),
    // The rows' menus follow each flag as it changes, and forget them all with the session.
    watchlist.onDidChange(({ kind, id, on }) => titleMarks.set('watchlist', kind, id, on)),
    favorites.onDidChange(({ kind, id, on }) => titleMarks.set('favorite', kind, id, on)),
    forgetMarksOnSessionChange(credentials),
    // A session made the old way is offered TMDB's v4 sign-in once, at start (not after a sign-in that chose it).
    credentials.follow(({ session }, initial) => {
      if (initial && session && !session.v4) void auth.offerUpgrade(context.globalState);
    }),
    ...[credentials, auth, watchlist, favorites, ratings, listService, accounts, apiHosts],
    trackCredentials(credentials),
    forgetAccountOnSessionChange(credentials, client),
    warnAboutRefusedSettings(),
    vscode.window.registerUriHandler({ handleUri: (uri) => auth.handleUri(uri) }),
  ];
  const exposed = { log, client, credentials, auth, accounts, apiHosts, settings: readSettings, pictures };
  return {
    core,
    added: {
      commands: coreCommands(core, caches),
      disposables,
      exposed: { ...exposed, watchlist, favorites, ratings, listService },
    },
  };
}

function clientOf(
  context: vscode.ExtensionContext,
  testMode: boolean,
  credentials: Credentials,
  apiHosts: ApiHostApproval,
  log: Logger,
): TmdbClient {
  const answers = vscode.Uri.joinPath(context.globalStorageUri, 'answers');
  const accountAnswers = vscode.Uri.joinPath(context.globalStorageUri, 'account');
  return new TmdbClient({
    settings: readSettings,
    allowHost: (host) => apiHosts.allowed(host),
    apiToken: () => credentials.apiToken(),
    session: () => credentials.currentSession(),
    log: (line) => log.trace('http', line),
    // Test mode only: the integration suite's fault matrix shortens the 15 s a request may take, and the
    // pause before each retry (0.4, 0.8, 1.6 s: 2.8 s before every "offline"; the retries themselves stay).
    timeoutMs: testMode && !IN_BROWSER ? Number(process.env.TMDB_TEST_TIMEOUT_MS) || undefined : undefined,
    retryBaseDelayMs: testMode && !IN_BROWSER ? Number(process.env.TMDB_TEST_RETRY_MS) || undefined : undefined,
    // Public answers (titles, people, trending) outlive a restart and serve when TMDB is out of reach.
    // In a browser (VS Code for the Web) there is no Node file system: the same folder through workspace.fs.
    store: new DiskStore(IN_BROWSER ? workspaceFolder(answers) : answers.fsPath),
    // The person's own lists and titles, shown as last seen offline; emptied at sign-out.
    accountStore: new DiskStore(
      IN_BROWSER ? workspaceFolder(accountAnswers) : accountAnswers.fsPath,
      ACCOUNT_STORE_LIMITS,
      Date.now,
      'account',
    ),
  });
}

/** The session the rows' marks are of (../tree/titleMarks): another one, or none, forgets them. */
function forgetMarksOnSessionChange(credentials: Credentials): vscode.Disposable {
  let signedInAs: string | undefined;
  return credentials.onDidChange(({ session }) => {
    if (session?.sessionId === signedInAs) return;
    signedInAs = session?.sessionId;
    titleMarks.clear();
  });
}

/**
 * Account answers belong to one session: signing out (or in as someone else) forgets them, from memory
 * and from disk (kept there to show offline). Signed out at start, what an earlier session left goes too.
 */
function forgetAccountOnSessionChange(credentials: Credentials, client: TmdbClient): vscode.Disposable {
  let sessionId: string | undefined;
  let first = true;
  return credentials.follow(({ session }) => {
    const was = sessionId;
    const starting = first;
    first = false;
    if (!starting && session?.sessionId === was) return;
    sessionId = session?.sessionId;
    if (!session || (was !== undefined && was !== session.sessionId)) void client.dropAccount();
    else if (!starting) client.forgetAccount();
  });
}
