// Messages between a detail panel and its page, and the saved {kind, id} of a panel: what the page says is
// read with these schemas; what the host posts is checked with ./hostMessageGuard, which `hostMessage`
// here defines (a property test holds the two to the same answers). No vscode import; loaded on first use (../schemasAndPages). The host posts as soon as it has something
// (VS Code holds messages until the page has loaded) and again when the page says `ready` (the first
// time, or after the page was loaded again). Anything that does not parse is dropped (and logged).
import * as z from 'zod';
import { once } from '../common/once';
import { MAX_PAGE } from '../tmdb/constants';
import { isRating } from '../model/ratings';
import { asPanelRef, MAX_HISTORY, MAX_NAME, type PanelHistory, type PanelRef } from '../model/panelRef';
import { panelRef } from '../model/panelRefSchema';
import { MAX_EPISODE, MAX_RANGES, MAX_SEASON } from '../model/episodeRanges';

/** A saved webview state, if it is a valid {kind, id}. */
export function parsePanelRef(raw: unknown): PanelRef | undefined {
  return asPanelRef(raw);
}

/** Where Back and Forward lead (./panelRef). */
export const panelHistory = once((): z.ZodType<PanelHistory> =>
  z.object({
    back: z.array(panelRef()).max(MAX_HISTORY),
    forward: z.array(panelRef()).max(MAX_HISTORY),
  }),
);

/** The history in a saved webview state; none when it does not read. */
export function parsePanelHistory(raw: unknown): PanelHistory {
  const parsed = panelHistory().safeParse(
    typeof raw === 'object' && raw !== null ? (raw as { history?: unknown }).history : undefined,
  );
  return parsed.success ? parsed.data : { back: [], forward: [] };
}

export const pageMessage = once(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('ready') }),
    /** The frame that shows content `seq` (a render or an error) is done: the workbench's own work for it may follow. */
    z.object({ type: z.literal('painted'), seq: z.number().int().nonnegative() }),
    z.object({ type: z.literal('retry') }),
    /** A link in the page: shown in this panel (Back returns), or in a tab of its own (`newTab`: a modifier-click). */
    z.object({ type: z.literal('open'), ref: panelRef(), newTab: z.boolean().optional() }),
    z.object({ type: z.literal('back') }),
    z.object({ type: z.literal('forward') }),
    z.object({ type: z.literal('toggleWatchlist') }),
    z.object({ type: z.literal('toggleFavorite') }),
    z.object({ type: z.literal('toggleWatched') }),
    z.object({ type: z.literal('signIn') }),
    z.object({ type: z.literal('setToken') }),
    z.object({ type: z.literal('loadRecommendations'), page: z.number().int().min(2).max(MAX_PAGE) }),
    z.object({ type: z.literal('loadSeason'), season: z.number().int().min(0).max(1000) }),
    /** The next episodes of a season already open, from the `from`th (0-based). */
    z.object({
      type: z.literal('loadEpisodes'),
      season: z.number().int().min(0).max(1000),
      from: z.number().int().min(1).max(100_000),
    }),
    /** A rating from the page's menu (0.5 to 10 in half steps), or null to remove it. */
    z.object({ type: z.literal('rate'), value: z.number().refine(isRating).nullable() }),
    z.object({ type: z.literal('addToList') }),
    /** Episodes `first` to `last` of the open season marked watched, or their marks taken off (a row's checkbox). */
    z
      .object({
        type: z.literal('markEpisodes'),
        season: z.number().int().min(0).max(MAX_SEASON),
        first: z.number().int().min(0).max(MAX_EPISODE),
        last: z.number().int().min(0).max(MAX_EPISODE),
        watched: z.boolean(),
      })
      .refine((message) => message.first <= message.last),
    /** An episode's ☆: the host asks for the rating (its pick) and sends it to TMDB. */
    z.object({
      type: z.literal('rateEpisode'),
      season: z.number().int().min(0).max(MAX_SEASON),
      episode: z.number().int().min(0).max(MAX_EPISODE),
    }),
    /** The open season's aired episodes marked watched, or every mark of the season taken off (its header's button). */
    z.object({ type: z.literal('markSeason'), season: z.number().int().min(0).max(MAX_SEASON), watched: z.boolean() }),
  ]),
);
export type PageMessage = z.infer<ReturnType<typeof pageMessage>>;

export const watchlistUi = once(() =>
  z.object({
    state: z.enum(['on', 'off', 'busy', 'signedOut', 'unavailable']),
    /** The state being asked for while busy. */
    pending: z.enum(['on', 'off']).optional(),
    error: z.string().optional(),
    /** `unavailable` because TMDB cannot be reached: the button says so instead of offering an action. */
    offline: z.boolean().optional(),
  }),
);
export type WatchlistUi = z.infer<ReturnType<typeof watchlistUi>>;

export const ratingUi = once(() =>
  z.object({
    /** `shown`: signed in and read (rated or not); the menu shows only then. */
    state: z.enum(['shown', 'signedOut', 'unavailable']),
    /** The rating shown (while pending, the one being asked for); null when unrated. */
    value: z.number().min(0.5).max(10).nullable(),
    pending: z.boolean().optional(),
    error: z.string().optional(),
  }),
);
export type RatingUi = z.infer<ReturnType<typeof ratingUi>>;

export const hostMessage = once(() =>
  z.discriminatedUnion('type', [
    // What the page shows (loading, content, error), numbered: the host posts each at once and again when
    // the page says `ready`, and the page takes each number once.
    z.object({ type: z.literal('loading'), seq: z.number().int().nonnegative() }),
    z.object({ type: z.literal('render'), seq: z.number().int().nonnegative(), title: z.string(), html: z.string() }),
    z.object({ type: z.literal('error'), seq: z.number().int().nonnegative(), html: z.string() }),
    z.object({ type: z.literal('watchlist'), watchlist: watchlistUi() }),
    /** The favorite toggle: as the watchlist's. */
    z.object({ type: z.literal('favorite'), favorite: watchlistUi() }),
    /** A movie's watched mark (kept by the extension, not TMDB): as the watchlist's toggle. */
    z.object({ type: z.literal('watched'), watched: watchlistUi() }),
    /**
     * What the panel shows and where Back and Forward lead (the page keeps it as its state, for a reload);
     * `how` it came there (a link starts at the top; Back and Forward, where it was left); the names of the
     * titles Back and Forward lead to, when known.
     */
    z.object({
      type: z.literal('location'),
      ref: panelRef(),
      history: panelHistory(),
      how: z.enum(['link', 'back', 'forward']).optional(),
      backTitle: z.string().max(MAX_NAME).optional(),
      forwardTitle: z.string().max(MAX_NAME).optional(),
      /** The panel is the preview tab (src/pageHost/previewTab.ts): kept in the page's state, for a reload. */
      preview: z.boolean().optional(),
    }),
    z.object({ type: z.literal('rating'), rating: ratingUi() }),
    z.object({ type: z.literal('recommendations'), html: z.string(), page: z.number().int(), hasMore: z.boolean() }),
    /** A season's episodes; `episode`: the one to bring into view (Up Next's row named it). */
    z.object({
      type: z.literal('season'),
      season: z.number().int(),
      html: z.string(),
      episode: z.number().int().nonnegative().optional(),
    }),
    /**
     * The open season's watched marks (kept by the extension, not TMDB): its ranges of watched episodes, how
     * many (`count`) of its `total` episodes are marked, how many have `aired`, and whether every aired one
     * is (`complete`). `signedOut`: the marks are an account's; `unavailable`: they could not be read.
     */
    z.object({
      type: z.literal('episodeMarks'),
      season: z.number().int(),
      state: z.enum(['shown', 'signedOut', 'unavailable']),
      ranges: z.array(z.tuple([z.number().int(), z.number().int()])).max(MAX_RANGES),
      count: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      aired: z.number().int().nonnegative(),
      complete: z.boolean(),
      /** The person's rating of each episode rated at TMDB: [number, rating]. */
      rated: z.array(z.tuple([z.number().int(), z.number().min(0.5).max(10)])).max(MAX_RANGES),
      /** TMDB could not be reached for the season's ratings: each ☆ is disabled, and says why. */
      ratingsOffline: z.boolean().optional(),
    }),
    /** More of an open season's episodes, as list items; `next` is where the following ones start (null: none left). */
    z.object({
      type: z.literal('episodes'),
      season: z.number().int(),
      html: z.string(),
      next: z.number().int().nullable(),
      left: z.number().int().nonnegative(),
    }),
  ]),
);
export type HostMessage = z.infer<ReturnType<typeof hostMessage>>;
/** What the page shows in place of "Loading…": its content or an error. */
export type ContentMessage = Extract<HostMessage, { type: 'render' | 'error' }>;

export function parsePageMessage(raw: unknown): PageMessage | undefined {
  const parsed = pageMessage().safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
