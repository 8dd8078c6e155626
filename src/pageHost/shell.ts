// The page every panel starts as: the Content Security Policy, the stylesheet and the one nonce'd
// script, a loading state, and TMDB's attribution. Also the error state that replaces the content.
import * as l10n from '@vscode/l10n';
import { Hooks, type PageStrings } from '../webview/pageContract';
import type { PanelRef } from '../model/panelRef';
import type { ContentMessage } from '../webview/protocol';
import { escapeHtml } from '../common/escapeHtml';

/** TMDB's required notice, in the words its terms give (English, like TMDB's own wording of it). */
export const ATTRIBUTION = 'This product uses the TMDB API but is not endorsed or certified by TMDB.';

/** The words the page script writes itself, in the display language; the shell hands them over. */
export function pageStrings(): PageStrings {
  return {
    signInForWatchlist: l10n.t('Sign in to use your watchlist'),
    onWatchlist: l10n.t('✓ On your watchlist'),
    addToWatchlist: l10n.t('+ Add to watchlist'),
    removeTooltip: l10n.t('Remove from your TMDB watchlist'),
    addTooltip: l10n.t('Add to your TMDB watchlist'),
    signInForFavorite: l10n.t('Sign in to mark favorites'),
    favorite: l10n.t('♥ One of your favorites'),
    addToFavorites: l10n.t('♡ Add to favorites'),
    removeFavoriteTooltip: l10n.t('Remove from your TMDB favorites'),
    addFavoriteTooltip: l10n.t('Mark as a favorite on TMDB'),
    watchlistOffline: l10n.t('Watchlist unavailable offline'),
    favoriteOffline: l10n.t('Favorites unavailable offline'),
    watchlistUnavailable: l10n.t('Watchlist unavailable'),
    favoriteUnavailable: l10n.t('Favorites unavailable'),
    watched: l10n.t('✓ Watched'),
    markWatched: l10n.t('Mark as watched'),
    unmarkWatchedTooltip: l10n.t(
      'Take the watched mark off (kept in VS Code and synced with Settings Sync, not at TMDB)',
    ),
    markWatchedTooltip: l10n.t('Mark as watched today (kept in VS Code and synced with Settings Sync, not at TMDB)'),
    signInForWatched: l10n.t('Sign in to mark as watched'),
    seasonProgress: l10n.t('{0} of {1} watched'),
    markSeason: l10n.t('Mark season watched'),
    unmarkSeason: l10n.t('Mark season unwatched'),
    signInForEpisodes: l10n.t('Sign in to mark episodes watched'),
    rateEpisode: l10n.t('Rate'),
    rateEpisodeTooltip: l10n.t('Your rating of this episode at TMDB (rating it marks it watched)'),
    rateEpisodeOffline: l10n.t('TMDB cannot be reached: open the season again to rate its episodes once it is back'),
    saving: l10n.t('Saving…'),
    ratingNotSaved: l10n.t('Not saved yet: Enter saves, Escape puts it back'),
    moreRecommendations: l10n.t('More recommendations'),
    moreEpisodes: l10n.t('More episodes ({0} left)'),
    loading: l10n.t('Loading…'),
    loadingFromTmdb: l10n.t('Loading from TMDB…'),
    filmTitles: l10n.t('{0} titles'),
    filmTitle: l10n.t('1 title'),
    backTo: l10n.t('Back to {0}'),
    forwardTo: l10n.t('Forward to {0}'),
  };
}

export interface ShellOptions {
  /** What the panel shows; the page script reads it from the body to keep it as its state. */
  ref: PanelRef;
  /** The content (or error) when it is in hand already: the page starts with it instead of "Loading…". */
  content?: ContentMessage;
  nonce: string;
  /**
   * The page script, its stylesheet and TMDB's logo (SVG markup), inlined: the page asks for nothing while
   * it boots, so its load event (which VS Code waits for before handing over messages) comes at once.
   */
  script: string;
  style: string;
  logo: string;
  /** Origin of the image host, allowed in img-src. */
  imageOrigin: string | undefined;
  title: string;
  /** BCP 47 display language, for the page's `lang`. */
  language: string;
}

/** Pictures from TMDB's image host, the page's own style and script by nonce, nothing else. */
export function contentSecurityPolicy(options: Pick<ShellOptions, 'nonce' | 'imageOrigin'>): string {
  return [
    "default-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `img-src ${options.imageOrigin ?? "'none'"}`,
    `style-src 'nonce-${options.nonce}'`,
    `script-src 'nonce-${options.nonce}'`,
  ].join('; ');
}

export function shellHtml(options: ShellOptions): string {
  const { ref } = options;
  const strings = pageStrings();
  return `<!DOCTYPE html>
<html lang="${escapeHtml(options.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(options))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${escapeHtml(options.nonce)}">${inlined(options.style, 'style')}</style>
<title>${escapeHtml(options.title)}</title>
</head>
<body data-kind="${escapeHtml(ref.kind)}" data-id="${escapeHtml(ref.id)}" data-strings="${escapeHtml(JSON.stringify(strings))}">
${historyBar()}
${main(options.content, strings)}
<footer class="attribution">${options.logo}<span>${escapeHtml(ATTRIBUTION)}</span></footer>
<script nonce="${escapeHtml(options.nonce)}">${inlined(options.script, 'script')}</script>
</body>
</html>`;
}

/**
 * Back and Forward, as in a browser: a link followed in the page shows its title in the same panel. A bar
 * that stays at the top as the page scrolls; each button names where it leads once the panel knows.
 */
function historyBar(): string {
  const button = (direction: 'back' | 'forward', label: string, keys: string, arrow: string) =>
    `<button type="button" class="history-${direction}" data-nav="${direction}" data-keys="${escapeHtml(keys)}" aria-label="${escapeHtml(label)}" title="${escapeHtml(`${label} (${keys})`)}" disabled><span aria-hidden="true">${arrow}</span><span class="where"></span></button>`;
  return `<nav class="history" aria-label="${escapeHtml(l10n.t('History'))}" hidden>${button('back', l10n.t('Back'), 'Alt+←', '←')}${button('forward', l10n.t('Forward'), 'Alt+→', '→')}</nav>`;
}

/** The page's content: what is in hand (numbered like the host's messages, see page/main.ts), or "Loading…". */
function main(content: ContentMessage | undefined, strings: PageStrings): string {
  if (content) {
    return `<main id="${Hooks.content}" aria-live="polite" aria-busy="false" data-shown="${content.type}" data-seq="${content.seq}">${content.html}</main>`;
  }
  return `<main id="${Hooks.content}" aria-live="polite" aria-busy="true"><div class="state loading" role="status"><span class="spinner" aria-hidden="true"></span>${escapeHtml(strings.loadingFromTmdb)}</div></main>`;
}

/** Text for inside a <style> or <script> element: it cannot end the element early. */
function inlined(text: string, element: 'style' | 'script'): string {
  return text.replace(new RegExp(`</(${element})`, 'gi'), '<\\/$1');
}
