// A person's titles, read whole for an export: the watchlist, the favorites, the ratings (movies and
// series) or one of their lists (v4: with each title's comment). No vscode import.
import type { ListService } from '../../account/listService';
import { titleOf } from '../../model/titles';
import type { TmdbClient } from '../../tmdb/client';
import { firstPages } from '../../tmdb/paging';
import type { ListSummary, MediaKind } from '../../tmdb/schemas';
import type { ExportItem } from './csvFiles';

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

/** Every title of `part`, movies first, in TMDB's order. */
export async function readLibrary(client: TmdbClient, lists: ListService, part: LibraryPart): Promise<ExportItem[]> {
  if (part.kind === 'list') {
    const listId = part.list.id;
    if (await lists.isV4()) {
      const pages = await firstPages((page) => client.lists4.list(listId, page), MAX_PAGES);
      return pages.flatMap((page) =>
        page.results.map(({ comment, ...summary }) => itemOf(summary.media_type, summary, { comment })),
      );
    }
    const pages = await firstPages((page) => client.list(listId, page, true), MAX_PAGES);
    return pages.flatMap((page) => page.items.map((summary) => itemOf(summary.media_type, summary)));
  }
  const items: ExportItem[] = [];
  for (const kind of ['movie', 'tv'] as const) {
    if (part.kind === 'rated') {
      const pages = await firstPages((page) => client.rated(kind, page), MAX_PAGES);
      for (const page of pages)
        for (const summary of page.results) items.push(itemOf(kind, summary, { rating: summary.rating }));
    } else {
      const pages = await firstPages(
        (page) => client.flagged(part.kind as 'watchlist' | 'favorite', kind, page),
        MAX_PAGES,
      );
      for (const page of pages) for (const summary of page.results) items.push(itemOf(kind, summary));
    }
  }
  return items;
}
