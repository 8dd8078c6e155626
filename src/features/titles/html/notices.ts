// What a page shows in place of its content: an error with its way back, the offline mark, the missing token.
import * as l10n from '@vscode/l10n';
import { Actions } from '../../../webview/pageContract';
import { escapeHtml } from '../../../common/escapeHtml';

/** An error inside a panel, with the way back: retry, or set the token when that is what is missing. */
export function renderError(message: string, retryable: boolean, fix?: 'setToken'): string {
  return `<div class="state error" role="alert">
<p class="error-title">${escapeHtml(l10n.t('Could not load this from TMDB'))}</p>
<p>${escapeHtml(message)}</p>
<p class="actions">${fix === 'setToken' ? `<button type="button" data-action="${Actions.setToken}">${escapeHtml(l10n.t('Set API Token'))}</button>` : ''}${
    retryable ? `<button type="button" data-action="${Actions.retry}">${escapeHtml(l10n.t('Retry'))}</button>` : ''
  }</p>
</div>`;
}

/** Above a page the client served from its cache because TMDB is out of reach: when, and Retry. */
export function renderOfflineNotice(label: string): string {
  return `<div class="state offline" role="status"><p>${escapeHtml(label)}</p><p class="actions"><button type="button" data-action="${Actions.retry}">${escapeHtml(l10n.t('Retry'))}</button></p></div>`;
}

/** No API token yet (a panel restored before the token, or the token was removed): a normal state. */
export function renderNeedsToken(): string {
  return `<div class="state notice" role="status">
<p class="notice-title">${escapeHtml(l10n.t('Set your TMDB API token to see this page'))}</p>
<p>${escapeHtml(l10n.t("It stays in VS Code's secret storage. This page loads by itself once the token is set."))}</p>
<p class="actions"><button type="button" data-action="${Actions.setToken}">${escapeHtml(l10n.t('Set API Token'))}</button></p>
</div>`;
}
