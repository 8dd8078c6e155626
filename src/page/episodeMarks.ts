// A season's watched marks on a series page: each episode row's checkbox and the season's header ("12 of
// 24 watched", and a button for the whole season). The host says what is marked (kept by the extension for
// the account, synced by Settings Sync); a click, or Space on a checkbox, asks it for a change, and what it
// answers is what the page shows (a change it could not keep is put back).
import { Actions, Hooks, type PageStrings } from '../webview/pageContract';
import type { HostMessage, PageMessage } from '../webview/protocol';
import { inRanges } from '../model/episodeRanges';
import { formatNumber } from '../model/numbers';

type Marks = Extract<HostMessage, { type: 'episodeMarks' }>;

export interface EpisodeMarks {
  /** What the host says is marked in a season. */
  show(marks: Marks): void;
  /** A season opened: nothing shows till the host says what is marked in it. */
  forget(): void;
  /** Draws the marks on what the page shows (after more episodes came in). */
  apply(): void;
  /** The header's button: the whole season marked, its marks taken off, or the sign-in. */
  press(button: HTMLButtonElement): void;
  /** An episode's ☆: the host asks for the rating. */
  rate(button: HTMLButtonElement): void;
}

export function bindEpisodeMarks(
  content: HTMLElement,
  post: (message: PageMessage) => void,
  words: Partial<PageStrings>,
): EpisodeMarks {
  let marks: Marks | undefined;
  const header = () => content.querySelector<HTMLElement>(`#${Hooks.seasonMarks}`);
  /** The marks of the season the page shows, if the host has said them. */
  const current = () => {
    const season = header()?.dataset.season;
    return marks && String(marks.season) === season ? marks : undefined;
  };

  function apply(): void {
    const box = header();
    if (!box) return;
    const now = current();
    const shown = now?.state === 'shown';
    // Unseen, not gone: each keeps its room (the page does not move when the marks come).
    box.classList.toggle('unread', !now || now.state === 'unavailable');
    const progress = box.querySelector(`#${Hooks.seasonProgress}`);
    const button = box.querySelector<HTMLButtonElement>(`[data-action="${Actions.markSeason}"]`);
    if (now && progress && button) {
      const lang = document.documentElement.lang;
      progress.textContent = shown
        ? (words.seasonProgress ?? '{0}/{1}')
            .replace('{0}', formatNumber(now.count, lang))
            .replace('{1}', formatNumber(now.total, lang))
        : '';
      button.textContent =
        (shown ? (now.complete ? words.unmarkSeason : words.markSeason) : words.signInForEpisodes) ?? '';
      // Nothing aired and nothing marked: nothing for the season's button to do.
      button.hidden = shown && now.aired === 0 && now.count === 0;
    }
    for (const mark of Array.from(
      content.querySelectorAll<HTMLInputElement>(`input[data-action="${Actions.markEpisode}"]`),
    )) {
      mark.closest('label')?.classList.toggle('unread', !shown);
      mark.checked = shown && inRanges(now.ranges, Number(mark.dataset.episode));
    }
    // Each episode's rating at TMDB: "★ 8", or "☆ Rate".
    const rated = new Map(shown ? now.rated : []);
    for (const rate of Array.from(
      content.querySelectorAll<HTMLButtonElement>(`button[data-action="${Actions.rateEpisode}"]`),
    )) {
      rate.classList.toggle('unread', !shown);
      const value = rated.get(Number(rate.dataset.episode));
      rate.textContent =
        value === undefined
          ? `☆ ${words.rateEpisode ?? ''}`
          : `★ ${formatNumber(value, document.documentElement.lang)}`;
      // TMDB out of reach: the ☆ keeps its place, disabled, and says why (the marks, kept here, still work).
      rate.disabled = shown && now.ratingsOffline === true;
      rate.title = (rate.disabled ? words.rateEpisodeOffline : words.rateEpisodeTooltip) ?? '';
      // Its name says the rating and the episode ("★ 8: E3: Lord Snow").
      rate.setAttribute(
        'aria-label',
        `${rate.textContent}: ${rate.closest('li')?.querySelector('h3')?.textContent ?? ''}`,
      );
    }
  }

  // A checkbox changed by a click or Space: the host is asked, and its answer drawn.
  content.addEventListener('change', (event) => {
    const mark = event.target;
    if (!(mark instanceof HTMLInputElement) || mark.dataset.action !== Actions.markEpisode) return;
    const episode = Number(mark.dataset.episode);
    post({
      type: 'markEpisodes',
      season: Number(mark.dataset.season),
      first: episode,
      last: episode,
      watched: mark.checked,
    });
  });

  return {
    show: (message) => {
      marks = message;
      apply();
    },
    forget: () => {
      marks = undefined;
      apply();
    },
    apply,
    rate: (button) => {
      const now = current();
      if (now?.state === 'shown' && !now.ratingsOffline)
        post({ type: 'rateEpisode', season: Number(button.dataset.season), episode: Number(button.dataset.episode) });
    },
    press: () => {
      const now = current();
      if (!now || now.state === 'unavailable') return;
      post(
        now.state === 'signedOut'
          ? { type: 'signIn' }
          : { type: 'markSeason', season: now.season, watched: !now.complete },
      );
    },
  };
}
