// Where the person was on each title a panel has shown: how far down, which folds were open, which season.
// Kept in the page's state, which VS Code keeps while the tab is out of view (the page is thrown away and
// built again) and across a window reload, so a tab switch, Back, Forward and a reload show the page where
// it was left, with its folds open. A link followed to a title starts at its top, as in a browser.
import { MAX_NAME } from '../model/panelRef';

export interface Place {
  /** How far down the page was scrolled, in CSS pixels. */
  y: number;
  /** The open folds (`<details>`), by their order in the page. */
  open: number[];
  /** The season whose episodes were open on a series page. */
  season?: number;
  /** The title's name, for Back and Forward to name where they lead. */
  title?: string;
}

/** The places kept, by title (`movie:550`). */
export type Places = Record<string, Place>;

/** As many as Back and Forward can lead to, both ways, and the one shown (../model/panelRef MAX_HISTORY). */
const MAX_PLACES = 101;
/** Folds recorded per page: a season's 1,000 episodes each have one. */
const MAX_OPEN = 200;

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The places in a saved state, each checked (a state is the page's own, but read as if it were not). */
export function readPlaces(value: unknown): Places {
  const places: Places = {};
  if (typeof value !== 'object' || value === null) return places;
  for (const [key, place] of Object.entries(value).slice(-MAX_PLACES)) {
    if (!/^(movie|tv|person|collection|credit):[0-9a-f]{1,24}$/i.test(key)) continue;
    if (typeof place !== 'object' || place === null) continue;
    const { y, open, season, title } = place as Partial<Record<keyof Place, unknown>>;
    if (typeof y !== 'number' || !Number.isFinite(y) || y < 0) continue;
    places[key] = {
      y,
      open: Array.isArray(open) ? open.filter(isCount).slice(0, MAX_OPEN) : [],
      ...(isCount(season) ? { season } : {}),
      ...(typeof title === 'string' && title.length <= MAX_NAME ? { title } : {}),
    };
  }
  return places;
}

/** Keeps `place` for `key`, the most recent last, at most MAX_PLACES. */
export function keep(places: Places, key: string, place: Place): Places {
  const { [key]: _old, ...others } = places;
  const entries = Object.entries(others);
  return Object.fromEntries([...entries.slice(Math.max(0, entries.length - MAX_PLACES + 1)), [key, place]]);
}

/** Where the page is now. */
export function placeOf(content: HTMLElement): Place {
  const open: number[] = [];
  content.querySelectorAll('details').forEach((fold, index) => {
    if (fold.open && open.length < MAX_OPEN) open.push(index);
  });
  const expanded = content.querySelector<HTMLElement>('button[data-season][aria-expanded="true"]');
  const season = expanded ? Number(expanded.dataset.season) : undefined;
  return { y: Math.round(window.scrollY), open, ...(isCount(season) ? { season } : {}) };
}

/** Opens the folds that were open, and scrolls to where the page was. */
export function restore(content: HTMLElement, place: Place): void {
  const folds = content.querySelectorAll('details');
  for (const index of place.open) {
    const fold = folds[index];
    if (fold) fold.open = true;
  }
  window.scrollTo(0, place.y);
}
