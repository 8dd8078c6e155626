// The API token: asked for (as a password), checked with TMDB, and kept in SecretStorage only once TMDB
// accepts it; a refusal says TMDB's reason and offers to try again.
import * as vscode from 'vscode';
import { notifyError, notifyInfo } from '../kit/notify';
import type { Logger } from '../kit/log';
import type { TmdbClient } from '../tmdb/client';
import { tokenShape } from '../tmdb/credential';
import { isTmdbError, userMessage } from '../tmdb/errors';
import type { Credentials } from './credentials';

export interface TokenDeps {
  client: TmdbClient;
  credentials: Credentials;
  log: Logger;
}

export async function setApiToken(deps: TokenDeps, candidate?: string): Promise<boolean> {
  const token = (
    candidate ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('TMDB: Set API Token'),
      prompt: vscode.l10n.t(
        'Paste your TMDB API Read Access Token (or v3 API key) from themoviedb.org → Settings → API.',
      ),
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'eyJhbGciOi…',
      validateInput: (value) =>
        !value.trim() || tokenShape(value) !== 'invalid'
          ? undefined
          : vscode.l10n.t(
              'This is not a TMDB token: a Read Access Token starts with "eyJ", a v3 key is 32 hexadecimal characters.',
            ),
    }))
  )?.trim();
  if (!token) return false;
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('TMDB: checking the token…') },
      () => deps.client.validateToken(token),
    );
  } catch (error) {
    deps.log.error('auth', 'the API token was refused', error);
    const reason =
      isTmdbError(error) && error.kind === 'unauthorized'
        ? (error.tmdbMessage ?? userMessage(error))
        : userMessage(error);
    void notifyError(vscode.l10n.t('TMDB did not accept this token. {0}', reason), vscode.l10n.t('Try Again')).then(
      (choice) => {
        if (choice) void setApiToken(deps);
      },
    );
    return false;
  }
  await deps.credentials.setApiToken(token);
  deps.log.info('auth', 'API token stored in SecretStorage');
  void notifyInfo(vscode.l10n.t('TMDB: API token saved. Trending people are on their way.'));
  return true;
}
