// A person's titles, read whole for an export: the watchlist, the favorites, the ratings (movies and
// series) or one of their lists (v4: with each title's comment). No vscode import.
import type { ListService } from '../../account/listService';
import { titleOf } from '../../model/titles';
import type { TmdbClient } from '../../tmdb/client';
import { firstPages } from '../../tmdb/paging';
import { TmdbPaths } from '../../tmdb/paths';
import type { ListSummary, MediaKind } from '../../tmdb/schemas';
import type { ExportItem } from './exportFiles';

export type LibraryPart = { kind: 'watchlist' | 'favorite' | 'rated' } | { kind: 'list'; list: ListSummary };

/** TMDB's pages are 20 titles: 250 pages are 5,000 titles of one kind. */
const MAX_PAGES = 250;

type Summary = { id: number } & Record<string, unknown>;

function itemOf(
  kind: MediaKind,
  summary: Summary,
  extra: { rating?: number | null; comment?: string } = {},
): ExportItem {
  const { name, year } = titleOf(kind, summary as Parameters<typeof titleOf>[1]);
  return {
    media_type: kind,
    id: summary.id,
    title: name,
    ...(year ? { year } : {}),
    ...(typeof extra.rating === 'number' ? { rating: extra.rating } : {}),
    ...(extra.comment ? { comment: extra.comment } : {}),
    fields: summary,
  };
}

/** What an export reads: the titles, and how many more TMDB holds past the 5,000 a kind that are read. */
export interface Library {
  items: ExportItem[];
  leftOut: number;
  /** The person's ratings could not be read beside a watchlist, favorites or list: exported without them. */
  ratingsUnread?: boolean;
}

/** The first MAX_PAGES pages, and how many titles lie past them (TMDB's total, less those read). */
async function pagesOf<P extends { total_pages: number; total_results: number }>(
  read: (page: number) => Promise<P>,
  count: (page: P) => number,
): Promise<{ pages: P[]; leftOut: number }> {
  const pages = await firstPages(read, MAX_PAGES);
  const first = pages[0]!;
  const had = pages.reduce((sum, page) => sum + count(page), 0);
  return { pages, leftOut: first.total_pages > MAX_PAGES ? Math.max(0, first.total_results - had) : 0 };
}

/** The person's ratings (up to 5,000 a kind), by "kind:id": every export carries the rating of what it lists. */
export async function ratingsOf(client: Pick<TmdbClient, 'rated' | 'expire'>): Promise<Map<string, number>> {
  // What TMDB holds now: the kept pages are asked again (with their ETag).
  client.expire(TmdbPaths.account);
  const ratings = new Map<string, number>();
  for (const kind of ['movie', 'tv'] as const) {
    const { pages } = await pagesOf(
      (page) => client.rated(kind, page),
      (page) => page.results.length,
    );
    for (const page of pages)
      for (const summary of page.results)
        if (typeof summary.rating === 'number') ratings.set(`${kind}:${summary.id}`, summary.rating);
  }
  return ratings;
}

/**
 * Every title of `part` (up to 5,000 a kind), movies first, in TMDB's order, each with the person's rating
 * where they rated it (a watchlist, favorites or a list export too: the ratings are read beside it).
 */
export async function readLibrary(client: TmdbClient, lists: ListService, part: LibraryPart): Promise<Library> {
  // What TMDB holds now, not what a view read a while ago: kept answers are asked again (with their ETag).
  for (const path of [TmdbPaths.account, TmdbPaths.v4Account, TmdbPaths.list, TmdbPaths.v4List]) client.expire(path);
  if (part.kind === 'rated') return readPart(client, lists, part);
  // The ratings are the export's extra: without them (TMDB would not say), the titles still go, and it is said.
  const [library, ratings] = await Promise.all([
    readPart(client, lists, part),
    ratingsOf(client).catch(() => undefined),
  ]);
  if (!ratings) return { ...library, ratingsUnread: true };
  for (const item of library.items) {
    const rating = ratings.get(`${item.media_type}:${item.id}`);
    if (rating !== undefined) item.rating = rating;
  }
  return library;
}

async function readPart(client: TmdbClient, lists: ListService, part: LibraryPart): Promise<Library> {
  if (part.kind === 'list') {
    const listId = part.list.id;
    if (await lists.isV4()) {
      const { pages, leftOut } = await pagesOf(
        (page) => client.lists4.list(listId, page),
        (page) => page.results.length,
      );
      const items = pages.flatMap((page) =>
        page.results.map(({ comment, ...summary }) => itemOf(summary.media_type, summary, { comment })),
      );
      return { items, leftOut };
    }
    const { pages, leftOut } = await pagesOf(
      (page) => client.list(listId, page, true),
      (page) => page.items.length,
    );
    return {
      items: pages.flatMap((page) => page.items.map((summary) => itemOf(summary.media_type, summary))),
      leftOut,
    };
  }
  const items: ExportItem[] = [];
  let leftOut = 0;
  for (const kind of ['movie', 'tv'] as const) {
    if (part.kind === 'rated') {
      const read = await pagesOf(
        (page) => client.rated(kind, page),
        (page) => page.results.length,
      );
      leftOut += read.leftOut;
      for (const page of read.pages)
        for (const summary of page.results) items.push(itemOf(kind, summary, { rating: summary.rating }));
    } else {
      const read = await pagesOf(
        (page) => client.flagged(part.kind as 'watchlist' | 'favorite', kind, page),
        (page) => page.results.length,
      );
      leftOut += read.leftOut;
      for (const page of read.pages) for (const summary of page.results) items.push(itemOf(kind, summary));
    }
  }
  return { items, leftOut };
}
