// The way from a session made the old way (TMDB's v3 approval, before this version) to the v4 sign-in:
// offered once, in words that say what it adds, and said again whenever something needs it; and what a
// v4 token names (its account object id). The sign-in itself is ./auth's.
import * as vscode from 'vscode';
import { notifyInfo } from '../kit/notify';
import type { Credentials } from './credentials';

/** Remembered once the old-session upgrade was offered (globalState: not a secret). */
export const UPGRADE_OFFERED = 'tmdb.v4UpgradeOffered';

/** Offers the v4 sign-in once to a session without it. */
export async function offerUpgrade(
  credentials: Credentials,
  memento: vscode.Memento,
  signIn: () => Promise<unknown>,
): Promise<void> {
  const { token, session } = await credentials.current();
  // A v3 key cannot have v4 lists: nothing to offer (Add to List… on a series says what would).
  if (!session || session.v4 || !token?.startsWith('eyJ') || memento.get(UPGRADE_OFFERED) === true) return;
  await memento.update(UPGRADE_OFFERED, true);
  const again = vscode.l10n.t('Sign In Again');
  const choice = await notifyInfo(
    vscode.l10n.t(
      "TMDB: sign in once more to use TMDB's v4 lists: series beside movies, private lists, sorting, and a comment on each title. Your watchlist, ratings and lists stay as they are.",
    ),
    again,
    vscode.l10n.t('Not Now'),
  );
  if (choice === again) await signIn();
}

/**
 * Says that `what` needs the v4 sign-in, with the way there: Sign In Again, or (`keyOnly`: the app's
 * credential is a v3 key, which v4 refuses) Set API Token for the Read Access Token first.
 */
export async function needsV4(what: string, keyOnly: boolean, next: () => Promise<unknown>): Promise<void> {
  const button = keyOnly ? vscode.l10n.t('Set API Token') : vscode.l10n.t('Sign In Again');
  const choice = await notifyInfo(
    keyOnly
      ? vscode.l10n.t(
          "TMDB: {0} needs TMDB's v4 lists, which take the API Read Access Token, not a v3 key. Set it, then sign in again.",
          what,
        )
      : vscode.l10n.t("TMDB: {0} needs TMDB's v4 sign-in. Sign in once more to allow it.", what),
    button,
  );
  if (choice === button) await next();
}

/** An id for one sign-in attempt, carried by its redirect. */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The account object id a v4 user token names (its `sub`), or undefined when it names none. */
export function tokenSubject(token: string): string | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' && /^[0-9a-f]{24}$/i.test(payload.sub) ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
