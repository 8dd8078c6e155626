// The detail panel's page script, bundled by esbuild into dist/media/panel.js. It keeps what it shows, where
// Back and Forward lead and the place on each title in its state (./savedState, ./place), says `ready` when it runs (the host then posts again what it already posted) and `painted` after each
// content's frame (the host's own work for that content waits for it), accepts only the host's known message
// shapes, and turns its buttons into messages (links and Back and Forward: ./links). Message and action names come from the host's own modules.
import { checkHostMessage } from '../webview/hostMessageGuard';
import { bindFilmography } from './filmography';
import { showPicturesOnceLoaded } from './pictures';
import { moreEpisodes, onScreen, reducedMotion } from './episodes';
import { bindRatingMenu } from './ratingMenu';
import { bindEpisodeMarks } from './episodeMarks';
import { showHistory } from './historyBar';
import { renderToggle } from './toggles';
import { bindLinks } from './links';
import { bindButtons } from './buttons';
import { keep, placeOf, restore, type Place, type Places } from './place';
import { savedState, stringsOf, type VsCodeApi } from './savedState';
import { Actions, Hooks } from '../webview/pageContract';
import { MAX_NAME, refFromText, type PanelHistory, type PanelRef } from '../model/panelRef';
import { formatNumber } from '../model/numbers';
import type { HostMessage, WatchlistUi } from '../webview/protocol';

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
let history: PanelHistory | undefined = saved?.history;
/** Whether the panel is the preview tab: kept for the host to find after a reload. */
let preview = saved?.preview === true;
// The place is the page's to keep: a browser restoring a scroll offset of its own to a page built anew
// (a tab switch) would move a title that starts at the top, or one put back where it was left.
try {
  window.history.scrollRestoration = 'manual';
} catch {
  // not offered: nothing restores by itself then
}
/** Where the person was on each title this panel showed (./place): kept in the state with the rest. */
let places: Places = saved?.places ?? {};
saveState();

function saveState(): void {
  if (ref) vscode.setState({ ...ref, ...(history ? { history } : {}), places, ...(preview ? { preview } : {}) });
}
/** The title whose content is on the page (a new one starts at the top). */
let rendered = ref ? `${ref.kind}:${ref.id}` : '';

/** The toggles as the host told them (./toggles): drawn again with each content. */
const toggles: Record<'watchlist' | 'favorite' | 'watched', WatchlistUi> = {
  watchlist: { state: 'unavailable' },
  favorite: { state: 'unavailable' },
  watched: { state: 'unavailable' },
};
/** The words this script writes, in the display language, from the shell. */
const words = stringsOf(document.body.dataset.strings);
const ratings = bindRatingMenu(
  content,
  (message) => vscode.postMessage(message),
  () => words.saving ?? '',
  () => words.ratingNotSaved ?? '',
);
const episodeMarks = bindEpisodeMarks(content, (message) => vscode.postMessage(message), words);
// Moved on: not the HTML's content, but "Loading…" till the host posts what the panel shows now.
if (movedOn) showLoading();

// ---- where the person is on the page (./place) ------------------------------------------------

/** Whether the page shows its title's content where it was left, so that scrolling moves the place kept. */
let settled = false;
/** A place to come back to once its season's episodes are in (asked for again). */
let awaitingSeason: Place | undefined;
/** The season the person opened by its button: its episodes are brought into view when they come. */
let askedSeason: number | undefined;
let recording: ReturnType<typeof setTimeout> | undefined;

/** Keeps where the page is, for the title shown, a moment after the person stops scrolling or opens a fold. */
function record(): void {
  clearTimeout(recording);
  recording = setTimeout(flush, 100);
}

/** Keeps where the page is now (before it shows another title, or is thrown away). */
function flush(): void {
  clearTimeout(recording);
  if (!settled || !rendered) return;
  const title = places[rendered]?.title;
  places = keep(places, rendered, { ...placeOf(content), ...(title ? { title } : {}) });
  saveState();
}

/** The content is in: back where the person left this title, or at the top of a title new to the panel. */
function arrive(changed: boolean): void {
  const place = places[rendered];
  awaitingSeason = undefined; // a season asked for another title, or before, is not this one's
  settled = false;
  if (!place) {
    if (changed) window.scrollTo(0, 0);
    settled = true;
    return;
  }
  restore(content, place);
  if (place.season === undefined) {
    settled = true;
    return;
  }
  // The season's episodes are asked for again: the place is taken once they are in.
  awaitingSeason = place;
  vscode.postMessage({ type: 'loadSeason', season: place.season });
}

function showLoading(): void {
  content.setAttribute('aria-busy', 'true');
  content.removeAttribute('data-shown');
  content.innerHTML = '<div class="state loading" role="status"><span class="spinner" aria-hidden="true"></span></div>';
  content.firstElementChild?.append(words.loadingFromTmdb ?? '');
}

function renderToggles(): void {
  for (const which of ['watchlist', 'favorite', 'watched'] as const)
    renderToggle(content, which, toggles[which], words);
}

/** The number of the last loading, content or error message shown (each is posted twice, shown once); a
 * page whose HTML came with its content starts at that content's number. */
let shown = Number(content.dataset.seq ?? -1);
// The history bar as it was (the panel says where Back and Forward lead a moment later): the content below
// it is put back where it was left, not a bar lower once the bar shows.
if (ref && history)
  showHistory({ type: 'location', ref, history }, words, (to) => places[`${to.kind}:${to.id}`]?.title);
if (content.dataset.shown) {
  // Built again from its HTML (its tab came back into view, or the window was reloaded): where it was left.
  arrive(false);
  contentIn(content.dataset.shown);
}
showPicturesOnceLoaded();

/** After the content (or an error) went in: the watchlist and rating as they stand, marks, and `painted`. */
function contentIn(type: string): void {
  renderToggles();
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
      // Kept as it is now: the spinner's short page must not become the place.
      flush();
      settled = false;
      ratings.reset();
      showLoading();
      break;
    case 'render':
    case 'error':
      ratings.reset();
      content.innerHTML = message.html;
      content.setAttribute('aria-busy', 'false');
      if (message.type === 'error') {
        // An error's short page is no place to keep (the title's place waits for its content).
        settled = false;
        awaitingSeason = undefined;
      } else if (ref) {
        const key = `${ref.kind}:${ref.id}`;
        const changed = key !== rendered;
        rendered = key;
        arrive(changed);
        // Its name, for Back and Forward to say where they lead after a reload (the panel forgets names).
        if (message.type === 'render') {
          const kept = places[key] ?? { y: Math.round(window.scrollY), open: [] };
          places = keep(places, key, { ...kept, title: message.title.slice(0, MAX_NAME) });
          saveState();
        }
      }
      contentIn(message.type);
      break;
    case 'location': {
      flush();
      /** The title whose place flush() kept: the one the page showed. */
      const leftKey = rendered;
      ratings.reset();
      const key = `${message.ref.kind}:${message.ref.id}`;
      if (ref && `${ref.kind}:${ref.id}` !== key) {
        settled = false; // the content on the page is the title before's
        awaitingSeason = undefined;
      }
      ref = message.ref;
      history = message.history;
      preview = message.preview === true;
      // A link starts at the top of its title, as in a browser; Back and Forward return where it was left.
      if (message.how === 'link') delete places[key];
      saveState();
      // The names the panel does not know (after a reload), from the titles the page showed.
      const bar = document.querySelector<HTMLElement>('nav.history');
      const barWasHidden = bar?.hidden === true;
      showHistory(message, words, (to) => places[`${to.kind}:${to.id}`]?.title);
      // The bar shows now (the panel's first title was left): the place kept of that title was measured
      // without it, and its content is a bar lower from now on. Back lands where the person left, to the pixel.
      const left = leftKey && places[leftKey];
      if (bar && barWasHidden && !bar.hidden && left && left.y > 0) {
        places = keep(places, leftKey, { ...left, y: left.y + bar.offsetHeight });
        saveState();
      }
      break;
    }
    case 'watchlist':
      toggles.watchlist = message.watchlist;
      renderToggles();
      break;
    case 'favorite':
      toggles.favorite = message.favorite;
      renderToggles();
      break;
    case 'watched':
      toggles.watched = message.watched;
      renderToggles();
      break;
    case 'rating':
      ratings.show(message.rating);
      break;
    case 'episodeMarks':
      episodeMarks.show(message);
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
      episodeMarks.forget(); // till the host says what is marked in this season
      for (const button of Array.from(
        content.querySelectorAll<HTMLButtonElement>(`[data-action="${Actions.openSeason}"]`),
      )) {
        button.setAttribute('aria-expanded', String(button.dataset.season === String(message.season)));
      }
      const behavior = reducedMotion() ? 'auto' : 'smooth';
      const row = message.episode === undefined ? null : content.querySelector(`[data-episode="${message.episode}"]`);
      if (awaitingSeason && awaitingSeason.season === message.season) {
        // Back where the page was left, its folds in the episodes open again.
        restore(content, awaitingSeason);
        awaitingSeason = undefined;
        settled = true;
      } else if (row) {
        // Up Next's row named this episode: the page lands on it.
        row.classList.add('landed');
        row.scrollIntoView({ block: 'start', behavior });
      } else if (episodes && askedSeason === message.season) {
        // The episodes open below the seasons: bring them into view, or the click seems to do nothing.
        episodes.scrollIntoView({ block: 'start', behavior });
      }
      askedSeason = undefined;
      moreOfSeason.watch();
      record();
      break;
    }
    case 'episodes': {
      const list = content.querySelector(`#${Hooks.seasonEpisodes} ul.episodes`);
      const more = moreOfSeason.button();
      // Episodes of a season that is no longer the open one (another was opened meanwhile).
      if (more?.dataset.season !== String(message.season)) break;
      if (list) list.insertAdjacentHTML('beforeend', message.html);
      episodeMarks.apply();
      if (more) {
        more.disabled = false;
        // A failed load leaves the button as it was, to press again.
        more.textContent = message.html
          ? (words.moreEpisodes ?? '').replace('{0}', formatNumber(message.left, document.documentElement.lang))
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

bindLinks(content, (message) => vscode.postMessage(message));

// The page's buttons (./buttons; a link is ./links' to follow).
bindButtons(content, {
  post: (message) => vscode.postMessage(message),
  toggles,
  words,
  openSeason: (button) => {
    const episodes = content.querySelector(`#${Hooks.seasonEpisodes}`);
    if (episodes) episodes.textContent = words.loading ?? '';
    askedSeason = Number(button.dataset.season);
    vscode.postMessage({ type: 'loadSeason', season: askedSeason });
  },
  moreEpisodes: moreOfSeason,
  episodeMarks,
});

bindFilmography(content, (count) =>
  count === 1
    ? (words.filmTitle ?? '1')
    : (words.filmTitles ?? '{0}').replace('{0}', formatNumber(count, document.documentElement.lang)),
);

// Where the person is, kept as they scroll and open folds (a fold's `toggle` does not bubble: caught on the way down).
window.addEventListener('scroll', record, { passive: true });
window.addEventListener('pagehide', flush);
content.addEventListener('toggle', record, true);
vscode.postMessage({ type: 'ready' });
