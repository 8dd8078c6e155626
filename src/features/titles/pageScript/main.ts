// The detail panel's page script, bundled by esbuild into dist/media/panel.js. It keeps only {kind, id} in its
// state, says `ready` when it runs (the host then posts again what it already posted) and `painted` after each
// content's frame (the host's own work for that content waits for it), accepts only the host's known message
// shapes, and turns clicks into messages. Message and action names come from the host's own modules.
import { checkHostMessage } from '../hostMessageGuard';
import { bindFilmography } from './filmography';
import { showPicturesOnceLoaded } from './pictures';
import { moreEpisodes, onScreen, reducedMotion } from './episodes';
import { bindRatingMenu } from './ratingMenu';
import { Actions, Hooks, type PageStrings } from '../pageContract';
import { asPanelRef, refFromText, type PanelHistory, type PanelRef } from '../../../model/panelRef';
import type { HostMessage, PageMessage, WatchlistUi } from '../protocol';

type SavedState = PanelRef & { history?: PanelHistory };

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): unknown;
  setState(state: SavedState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

// User Timing marks for Developer Tools' Performance panel (and npm run bench:paint): the script runs…
performance.mark('tmdb:script');
const vscode = acquireVsCodeApi();
const content = document.getElementById(Hooks.content) as HTMLElement;
// The page's HTML names the title the panel opened with; after a link or Back, the panel shows another,
// which the state names (the page is built anew from that HTML when its tab comes back into view).
const opened = refFromText(document.body.dataset.kind, document.body.dataset.id);
const saved = savedState(vscode.getState());
const movedOn =
  saved !== undefined && opened !== undefined && `${saved.kind}:${saved.id}` !== `${opened.kind}:${opened.id}`;
let ref: PanelRef | undefined = movedOn ? saved : opened;
if (!movedOn && ref) vscode.setState({ ...ref, ...(saved?.history ? { history: saved.history } : {}) });
/** The title whose content is on the page (a new one starts at the top). */
let rendered = ref ? `${ref.kind}:${ref.id}` : '';

let watchlist: WatchlistUi = { state: 'unavailable' };
let favorite: WatchlistUi = { state: 'unavailable' };
/** The words this script writes, in the display language, from the shell. */
const words = stringsOf(document.body.dataset.strings);
const ratings = bindRatingMenu(
  content,
  (message) => vscode.postMessage(message),
  () => words.saving ?? '',
);
// Moved on: not the HTML's content, but "Loading…" till the host posts what the panel shows now.
if (movedOn) showLoading();

function stringsOf(json: string | undefined): Partial<PageStrings> {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Partial<PageStrings>) : {};
  } catch {
    return {};
  }
}

function savedState(value: unknown): SavedState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { history } = value as { history?: PanelHistory };
  const ref = asPanelRef(value);
  return ref ? { ...ref, ...(history ? { history } : {}) } : undefined;
}

function showLoading(): void {
  content.setAttribute('aria-busy', 'true');
  content.removeAttribute('data-shown');
  content.innerHTML = '<div class="state loading" role="status"><span class="spinner" aria-hidden="true"></span></div>';
  content.firstElementChild?.append(words.loadingFromTmdb ?? '');
}

/** The two toggles of a title's page: what each is called, and in which words it speaks. */
const TOGGLES = {
  watchlist: {
    button: Hooks.watchlistButton,
    status: Hooks.watchlistStatus,
    signIn: 'signInForWatchlist',
    on: 'onWatchlist',
    off: 'addToWatchlist',
    remove: 'removeTooltip',
    add: 'addTooltip',
  },
  favorite: {
    button: Hooks.favoriteButton,
    status: Hooks.favoriteStatus,
    signIn: 'signInForFavorite',
    on: 'favorite',
    off: 'addToFavorites',
    remove: 'removeFavoriteTooltip',
    add: 'addFavoriteTooltip',
  },
} as const satisfies Record<
  string,
  { button: string; status: string } & Record<'signIn' | 'on' | 'off' | 'remove' | 'add', keyof PageStrings>
>;

function renderWatchlist(): void {
  renderToggle(TOGGLES.watchlist, watchlist);
}

function renderFavorite(): void {
  renderToggle(TOGGLES.favorite, favorite);
}

function renderToggle(toggle: (typeof TOGGLES)[keyof typeof TOGGLES], ui: WatchlistUi): void {
  const button = content.querySelector<HTMLButtonElement>(`button.${toggle.button}`);
  const status = content.querySelector(`.${toggle.status}`);
  if (!button || !status) return;
  const on = ui.state === 'on';
  button.hidden = ui.state === 'unavailable' && !ui.error;
  // Busy while a change saves, but not disabled: a disabled button drops the keyboard focus.
  button.disabled = ui.state === 'unavailable';
  button.setAttribute('aria-disabled', String(Boolean(ui.pending)));
  button.setAttribute('aria-pressed', String(on));
  button.classList.toggle('on', on);
  button.textContent = words[ui.state === 'signedOut' ? toggle.signIn : on ? toggle.on : toggle.off] ?? '';
  button.title = words[on ? toggle.remove : toggle.add] ?? '';
  status.textContent = ui.pending ? (words.saving ?? '') : (ui.error ?? '');
  status.classList.toggle('error', Boolean(ui.error));
}

/** The number of the last loading, content or error message shown (each is posted twice, shown once); a
 * page whose HTML came with its content starts at that content's number. */
let shown = Number(content.dataset.seq ?? -1);
if (content.dataset.shown) contentIn(content.dataset.shown);
showPicturesOnceLoaded();

/** After the content (or an error) went in: the watchlist and rating as they stand, marks, and `painted`. */
function contentIn(type: string): void {
  renderWatchlist();
  renderFavorite();
  ratings.render();
  // Marks: the content is in, and the frame that shows it is done (the task after it), for Developer Tools and
  // npm run bench:paint (beside the title's Element Timing, `elementtiming="title"`). The host waits for it.
  performance.mark(`tmdb:${type}`);
  const seq = shown;
  requestAnimationFrame(() =>
    setTimeout(() => (performance.mark(`tmdb:${type}:frame`), vscode.postMessage({ type: 'painted', seq }))),
  );
}

function receive(message: HostMessage): void {
  if (message.type === 'loading' || message.type === 'render' || message.type === 'error') {
    if (message.seq <= shown) return;
    shown = message.seq;
  }
  switch (message.type) {
    case 'loading':
      ratings.reset();
      showLoading();
      break;
    case 'render':
    case 'error':
      ratings.reset();
      content.innerHTML = message.html;
      if (ref && `${ref.kind}:${ref.id}` !== rendered) {
        rendered = `${ref.kind}:${ref.id}`;
        window.scrollTo(0, 0);
      }
      content.setAttribute('aria-busy', 'false');
      contentIn(message.type);
      break;
    case 'location': {
      ratings.reset();
      ref = message.ref;
      vscode.setState({ ...message.ref, history: message.history });
      const bar = document.querySelector<HTMLElement>('nav.history');
      if (bar) {
        bar.hidden = message.history.back.length === 0 && message.history.forward.length === 0;
        for (const button of Array.from(bar.querySelectorAll<HTMLButtonElement>('button[data-nav]'))) {
          button.disabled =
            (button.dataset.nav === 'back' ? message.history.back : message.history.forward).length === 0;
        }
      }
      break;
    }
    case 'watchlist':
      watchlist = message.watchlist;
      renderWatchlist();
      break;
    case 'favorite':
      favorite = message.favorite;
      renderFavorite();
      break;
    case 'rating':
      ratings.show(message.rating);
      break;
    case 'recommendations': {
      const list = content.querySelector(`#${Hooks.recommendationCards}`);
      const more = content.querySelector<HTMLButtonElement>(`[data-action="${Actions.moreRecommendations}"]`);
      if (list) list.insertAdjacentHTML('beforeend', message.html);
      if (more) {
        more.disabled = false;
        more.dataset.page = String(message.page + 1);
        more.hidden = !message.hasMore;
        more.textContent = words.moreRecommendations ?? '';
      }
      break;
    }
    case 'season': {
      const episodes = content.querySelector(`#${Hooks.seasonEpisodes}`);
      if (episodes) {
        episodes.innerHTML = message.html;
        // The episodes open below the seasons: bring them into view, or the click seems to do nothing.
        episodes.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
      }
      for (const button of Array.from(
        content.querySelectorAll<HTMLButtonElement>(`[data-action="${Actions.openSeason}"]`),
      )) {
        button.setAttribute('aria-expanded', String(button.dataset.season === String(message.season)));
      }
      moreOfSeason.watch();
      break;
    }
    case 'episodes': {
      const list = content.querySelector(`#${Hooks.seasonEpisodes} ul.episodes`);
      const more = moreOfSeason.button();
      // Episodes of a season that is no longer the open one (another was opened meanwhile).
      if (more?.dataset.season !== String(message.season)) break;
      if (list) list.insertAdjacentHTML('beforeend', message.html);
      if (more) {
        more.disabled = false;
        // A failed load leaves the button as it was, to press again.
        more.textContent = message.html
          ? (words.moreEpisodes ?? '').replace('{0}', String(message.left))
          : (more.dataset.label ?? '');
        if (message.next !== null) more.dataset.from = String(message.next);
        if (more.parentElement) more.parentElement.hidden = message.next === null;
        // Still on screen (a tall window): the next ones too. A failure waits for the person.
        if (message.html && message.next !== null)
          requestAnimationFrame(() => (onScreen(more) ? moreOfSeason.ask(more) : undefined));
      }
      break;
    }
    default:
      console.warn(`[tmdb] dropped an unknown message: ${(message as { type: string }).type}`);
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = checkHostMessage(event.data);
  if (!message) {
    console.warn("[tmdb] dropped a message that does not have one of the host's shapes");
    return;
  }
  receive(message);
});

const moreOfSeason = moreEpisodes(
  content,
  (message) => vscode.postMessage(message),
  () => words.loading ?? '',
);

content.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const anchor = target.closest('a');
  // A web address (Homepage, IMDb, Open on TMDB) is left to VS Code's own link handling, which opens it
  // once, in the browser; opening it here as well made two tabs.
  if (anchor?.dataset.external) return;
  if (anchor) {
    event.preventDefault();
    const linked = refFromText(anchor.dataset.kind, anchor.dataset.id);
    // Followed in this panel (Back returns); with Ctrl, Cmd or Shift, in a tab of its own.
    if (linked)
      vscode.postMessage({ type: 'open', ref: linked, newTab: event.ctrlKey || event.metaKey || event.shiftKey });
    return;
  }
  const button = target.closest<HTMLButtonElement>('button[data-action]');
  if (!button || button.disabled || button.getAttribute('aria-disabled') === 'true') return;
  switch (button.dataset.action) {
    case Actions.retry:
      vscode.postMessage({ type: 'retry' });
      break;
    case Actions.setToken:
      vscode.postMessage({ type: 'setToken' });
      break;
    case Actions.toggleWatchlist:
      vscode.postMessage(watchlist.state === 'signedOut' ? { type: 'signIn' } : { type: 'toggleWatchlist' });
      break;
    case Actions.toggleFavorite:
      vscode.postMessage(favorite.state === 'signedOut' ? { type: 'signIn' } : { type: 'toggleFavorite' });
      break;
    case Actions.openSeason: {
      const episodes = content.querySelector(`#${Hooks.seasonEpisodes}`);
      if (episodes) episodes.textContent = words.loading ?? '';
      vscode.postMessage({ type: 'loadSeason', season: Number(button.dataset.season) });
      break;
    }
    case Actions.moreEpisodes:
      moreOfSeason.ask(button);
      break;
    case Actions.addToList:
      vscode.postMessage({ type: 'addToList' });
      break;
    case Actions.moreRecommendations:
      button.disabled = true;
      button.textContent = words.loading ?? '';
      vscode.postMessage({ type: 'loadRecommendations', page: Number(button.dataset.page) });
      break;
  }
});

bindFilmography(content, (count) =>
  count === 1 ? (words.filmTitle ?? '1') : (words.filmTitles ?? '{0}').replace('{0}', String(count)),
);

// A middle click opens a link in a tab of its own, as in a browser.
content.addEventListener('auxclick', (event) => {
  const anchor = (event.target as HTMLElement).closest('a');
  if (event.button !== 1 || !anchor || anchor.dataset.external) return;
  event.preventDefault();
  const linked = refFromText(anchor.dataset.kind, anchor.dataset.id);
  if (linked) vscode.postMessage({ type: 'open', ref: linked, newTab: true });
});

// Back and Forward: the bar's buttons, and the mouse's own back and forward buttons. (Alt+Left and
// Alt+Right are the extension's keybindings: VS Code hands the keys to the workbench.)
document.querySelector('nav.history')?.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-nav]');
  if (button && !button.disabled) vscode.postMessage({ type: button.dataset.nav === 'forward' ? 'forward' : 'back' });
});
window.addEventListener('mouseup', (event) => {
  if (event.button !== 3 && event.button !== 4) return;
  event.preventDefault();
  vscode.postMessage({ type: event.button === 3 ? 'back' : 'forward' });
});
vscode.postMessage({ type: 'ready' });
