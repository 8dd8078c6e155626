// The page's buttons, each turned into what it asks the host (a link is ./links' to follow): Retry, the
// token, the toggles (signed out, the sign-in), a season and more of its episodes, its marks and ratings,
// Add to List…, more recommendations. What a button changes on the page itself is its owner's (./episodes,
// ./episodeMarks, the caller's `openSeason`).
import { Actions, type PageStrings } from '../webview/pageContract';
import type { PageMessage, WatchlistUi } from '../webview/protocol';
import type { EpisodeMarks } from './episodeMarks';
import type { MoreEpisodes } from './episodes';

export interface Buttons {
  post(message: PageMessage): void;
  /** The toggles as the host told them. */
  toggles: Record<'watchlist' | 'favorite' | 'watched', WatchlistUi>;
  words: Partial<PageStrings>;
  /** A season's button: its episodes asked for (the caller keeps which, to bring them into view). */
  openSeason(button: HTMLButtonElement): void;
  moreEpisodes: MoreEpisodes;
  episodeMarks: EpisodeMarks;
}

export function bindButtons(content: HTMLElement, buttons: Buttons): void {
  const { post, toggles } = buttons;
  const toggle = (which: keyof Buttons['toggles'], message: PageMessage) =>
    post(toggles[which].state === 'signedOut' ? { type: 'signIn' } : message);
  content.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('a')) return;
    const button = target.closest<HTMLButtonElement>('button[data-action]');
    if (!button || button.disabled || button.getAttribute('aria-disabled') === 'true') return;
    switch (button.dataset.action) {
      case Actions.retry:
        return post({ type: 'retry' });
      case Actions.setToken:
        return post({ type: 'setToken' });
      case Actions.toggleWatchlist:
        return toggle('watchlist', { type: 'toggleWatchlist' });
      case Actions.toggleFavorite:
        return toggle('favorite', { type: 'toggleFavorite' });
      case Actions.toggleWatched:
        return toggle('watched', { type: 'toggleWatched' });
      case Actions.openSeason:
        return buttons.openSeason(button);
      case Actions.moreEpisodes:
        return buttons.moreEpisodes.ask(button);
      case Actions.markSeason:
        return buttons.episodeMarks.press(button);
      case Actions.rateEpisode:
        return buttons.episodeMarks.rate(button);
      case Actions.addToList:
        return post({ type: 'addToList' });
      case Actions.moreRecommendations:
        button.disabled = true;
        button.textContent = buttons.words.loading ?? '';
        return post({ type: 'loadRecommendations', page: Number(button.dataset.page) });
    }
  });
}
