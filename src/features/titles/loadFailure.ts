// What a page says when its title could not be loaded: the page's words (with Retry, or Set API Token), the
// tab's title, which names what was asked for ("Movie 550 · not found", so a row of failed tabs can be told
// apart), and whether a new token would mend it (the panel then reloads by itself when one arrives).
import * as vscode from 'vscode';
import type { PanelRef } from '../../model/panelRef';
import { isTmdbError, userMessage } from '../../tmdb/errors';
import { renderError, renderNeedsToken } from './html/notices';
import { kindOf } from './panelKinds';

export interface LoadFailure {
  html: string;
  tabTitle: string;
  needsToken: boolean;
  /** Worth the log: anything but a missing token, which is said calmly on the page alone. */
  logged: boolean;
}

export function loadFailure(error: unknown, ref: PanelRef): LoadFailure {
  if (isTmdbError(error, 'unauthorized') && error.status === undefined) {
    // No token at all (TMDB was not asked): say what to do.
    return { html: renderNeedsToken(), tabTitle: 'TMDB', needsToken: true, logged: false };
  }
  const kind = kindOf(ref);
  const notFound = isTmdbError(error, 'notFound');
  const needsToken = isTmdbError(error, 'unauthorized');
  const message = notFound ? kind.notFound(ref.id) : userMessage(error);
  const asked = `${kind.label()} ${ref.id}`;
  return {
    html: renderError(message, !notFound, needsToken ? 'setToken' : undefined),
    tabTitle: notFound ? vscode.l10n.t('{0} · not found', asked) : vscode.l10n.t('{0} · could not load', asked),
    needsToken,
    logged: true,
  };
}
