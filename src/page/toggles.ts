// A title page's toggles, the watchlist, the favorite and a movie's watched mark: what each button says and
// shows for the state the host told (on, off, saving, signed out, unavailable, an error).
import { Hooks, type PageStrings } from '../webview/pageContract';
import type { WatchlistUi } from '../webview/protocol';

/** The toggles of a title's page: what each is called, and in which words it speaks. */
const TOGGLES = {
  watchlist: {
    button: Hooks.watchlistButton,
    status: Hooks.watchlistStatus,
    signIn: 'signInForWatchlist',
    on: 'onWatchlist',
    off: 'addToWatchlist',
    remove: 'removeTooltip',
    add: 'addTooltip',
    offline: 'watchlistOffline',
    unavailable: 'watchlistUnavailable',
  },
  favorite: {
    button: Hooks.favoriteButton,
    status: Hooks.favoriteStatus,
    signIn: 'signInForFavorite',
    on: 'favorite',
    off: 'addToFavorites',
    remove: 'removeFavoriteTooltip',
    add: 'addFavoriteTooltip',
    offline: 'favoriteOffline',
    unavailable: 'favoriteUnavailable',
  },
  // Kept by the extension, not TMDB: never unavailable for want of TMDB (its words for that are never used).
  watched: {
    button: Hooks.watchedButton,
    status: Hooks.watchedStatus,
    signIn: 'signInForWatched',
    on: 'watched',
    off: 'markWatched',
    remove: 'unmarkWatchedTooltip',
    add: 'markWatchedTooltip',
    offline: 'watchlistOffline',
    unavailable: 'watchlistUnavailable',
  },
} as const satisfies Record<
  string,
  { button: string; status: string } & Record<
    'signIn' | 'on' | 'off' | 'remove' | 'add' | 'offline' | 'unavailable',
    keyof PageStrings
  >
>;

export function renderToggle(
  content: HTMLElement,
  which: keyof typeof TOGGLES,
  ui: WatchlistUi,
  words: Partial<PageStrings>,
): void {
  const toggle = TOGGLES[which];
  const button = content.querySelector<HTMLButtonElement>(`button.${toggle.button}`);
  const status = content.querySelector(`.${toggle.status}`);
  if (!button || !status) return;
  const on = ui.state === 'on';
  // Hidden until the host has read the state (or said why it could not).
  button.hidden = ui.state === 'unavailable' && !ui.error && ui.offline === undefined;
  // Busy while a change saves, but not disabled: a disabled button drops the keyboard focus.
  button.disabled = ui.state === 'unavailable';
  button.setAttribute('aria-disabled', String(Boolean(ui.pending)));
  button.setAttribute('aria-pressed', String(on));
  button.classList.toggle('on', on);
  // Unread (TMDB out of reach, or failing): the button says so, and offers no action it cannot know is right.
  const unread = ui.state === 'unavailable' ? (ui.offline ? toggle.offline : toggle.unavailable) : undefined;
  button.textContent = words[unread ?? (ui.state === 'signedOut' ? toggle.signIn : on ? toggle.on : toggle.off)] ?? '';
  button.title = unread ? '' : (words[on ? toggle.remove : toggle.add] ?? '');
  status.textContent = ui.pending ? (words.saving ?? '') : (ui.error ?? '');
  status.classList.toggle('error', Boolean(ui.error));
}
