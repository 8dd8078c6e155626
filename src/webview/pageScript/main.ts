// The detail panel's page script, bundled by esbuild into dist/media/panel.js. It keeps only {kind, id}
// in its state, says `ready` when it runs (the host then posts again what it already posted), accepts
// only the host's known message shapes, and turns clicks into messages. Message and action names come from the host's own modules.
import { checkHostMessage } from '../hostMessageGuard';
import { Actions, Hooks, type PageStrings } from '../pageContract';
import type { PanelRef } from '../panelRef';
import type { HostMessage, PageMessage, RatingUi, WatchlistUi } from '../protocol';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  setState(state: PanelRef): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

// User Timing marks for Developer Tools' Performance panel (and npm run bench:paint): the script runs…
performance.mark('tmdb:script');
const vscode = acquireVsCodeApi();
const content = document.getElementById(Hooks.content) as HTMLElement;
const ref = refOf(document.body.dataset.kind, document.body.dataset.id);
if (ref) vscode.setState(ref);

let watchlist: WatchlistUi = { state: 'unavailable' };
let rating: RatingUi = { state: 'unavailable', value: null };
/** The words this script writes, in the display language, from the shell. */
const words = stringsOf(document.body.dataset.strings);

function stringsOf(json: string | undefined): Partial<PageStrings> {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Partial<PageStrings>) : {};
  } catch {
    return {};
  }
}

function refOf(kind: string | undefined, id: string | undefined): PanelRef | undefined {
  if (!id) return undefined;
  if (kind === 'credit') return { kind, id };
  if (kind === 'movie' || kind === 'tv' || kind === 'person') return { kind, id: Number(id) };
  return undefined;
}

function renderWatchlist(): void {
  const button = content.querySelector<HTMLButtonElement>(`button.${Hooks.watchlistButton}`);
  const status = content.querySelector(`.${Hooks.watchlistStatus}`);
  if (!button || !status) return;
  const on = watchlist.state === 'on';
  button.hidden = watchlist.state === 'unavailable' && !watchlist.error;
  button.disabled = Boolean(watchlist.pending) || watchlist.state === 'unavailable';
  button.setAttribute('aria-pressed', String(on));
  button.classList.toggle('on', on);
  button.textContent = (watchlist.state === 'signedOut' ? words.signInForWatchlist : on ? words.onWatchlist : words.addToWatchlist) ?? '';
  button.title = (on ? words.removeTooltip : words.addTooltip) ?? '';
  status.textContent = watchlist.pending ? (words.saving ?? '') : (watchlist.error ?? '');
  status.classList.toggle('error', Boolean(watchlist.error));
}

/** The rating menu and "Add to List…": shown once the host has read the signed-in user's rating. */
function renderRating(): void {
  const box = document.getElementById(Hooks.rating);
  const select = box?.querySelector<HTMLSelectElement>(`select[data-action="${Actions.rate}"]`);
  const status = box?.querySelector(`.${Hooks.ratingStatus}`);
  if (!box || !select || !status) return;
  box.hidden = rating.state !== 'shown' && !rating.error;
  select.value = rating.value === null ? '' : String(rating.value);
  select.disabled = Boolean(rating.pending) || rating.state !== 'shown';
  for (const button of Array.from(box.querySelectorAll<HTMLButtonElement>('button'))) button.hidden = rating.state !== 'shown';
  status.textContent = rating.pending ? (words.saving ?? '') : (rating.error ?? '');
  status.classList.toggle('error', Boolean(rating.error));
}

/**
 * The number of the last loading, content or error message shown: each is posted twice, shown once. A
 * page whose HTML came with its content starts at that content's number.
 */
let shown = Number(content.dataset.seq ?? -1);
if (content.dataset.shown) contentIn(content.dataset.shown);

/** After the content (or an error) went in: the watchlist and rating as they stand, and a mark. */
function contentIn(type: string): void {
  renderWatchlist();
  renderRating();
  // A User Timing mark: the page's content is in (Developer Tools' Performance panel shows it; so
  // does npm run bench:paint).
  performance.mark(`tmdb:${type}`);
}

function receive(message: HostMessage): void {
  if (message.type === 'loading' || message.type === 'render' || message.type === 'error') {
    if (message.seq <= shown) return;
    shown = message.seq;
  }
  switch (message.type) {
    case 'loading':
      content.setAttribute('aria-busy', 'true');
      content.innerHTML = '<div class="state loading" role="status"><span class="spinner" aria-hidden="true"></span></div>';
      content.firstElementChild?.append(words.loadingFromTmdb ?? '');
      break;
    case 'render':
    case 'error':
      content.innerHTML = message.html;
      content.setAttribute('aria-busy', 'false');
      contentIn(message.type);
      break;
    case 'watchlist':
      watchlist = message.watchlist;
      renderWatchlist();
      break;
    case 'rating':
      rating = message.rating;
      renderRating();
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
      if (episodes) episodes.innerHTML = message.html;
      for (const button of Array.from(content.querySelectorAll<HTMLButtonElement>(`[data-action="${Actions.openSeason}"]`))) {
        button.setAttribute('aria-expanded', String(button.dataset.season === String(message.season)));
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
    console.warn('[tmdb] dropped a message that does not have one of the host\'s shapes');
    return;
  }
  receive(message);
});

content.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const anchor = target.closest('a');
  // A web address (Homepage, IMDb, Open on TMDB) is left to VS Code's own link handling, which opens it
  // once, in the browser; opening it here as well made two tabs.
  if (anchor?.dataset.external) return;
  if (anchor) {
    event.preventDefault();
    const linked = refOf(anchor.dataset.kind, anchor.dataset.id);
    if (linked) vscode.postMessage({ type: 'open', ref: linked });
    return;
  }
  const button = target.closest<HTMLButtonElement>('button[data-action]');
  if (!button || button.disabled) return;
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
    case Actions.openSeason: {
      const episodes = content.querySelector(`#${Hooks.seasonEpisodes}`);
      if (episodes) episodes.textContent = words.loading ?? '';
      vscode.postMessage({ type: 'loadSeason', season: Number(button.dataset.season) });
      break;
    }
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

content.addEventListener('change', (event) => {
  const select = (event.target as HTMLElement).closest<HTMLSelectElement>(`select[data-action="${Actions.rate}"]`);
  if (!select) return;
  vscode.postMessage({ type: 'rate', value: select.value === '' ? null : Number(select.value) });
});

vscode.postMessage({ type: 'ready' });
