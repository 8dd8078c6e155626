// The chat's reading tools: search, a title's or person's details, trending, and the signed-in user's
// watchlist, favorites, ratings and lists. Nothing to confirm: they change nothing.
import * as vscode from 'vscode';
import { firstPages } from '../../tmdb/paging';
import type { MediaKind, MovieSummary, TvSummary } from '../../tmdb/schemas';
import {
  ACCOUNT_PAGES,
  idOf,
  InputError,
  kindOf,
  listIdOf,
  oneOf,
  requireSession,
  tool,
  toolText,
  type ToolDeps,
} from './toolKit';

export function readTools(deps: ToolDeps) {
  const search = tool(
    () => ({ invocationMessage: vscode.l10n.t('Searching TMDB…') }),
    async (input) => {
      const query = typeof input.query === 'string' ? input.query.trim() : '';
      if (!query) throw new InputError('"query" must be the words to search for.');
      const only = input.type === undefined || input.type === 'any' ? undefined : kindOf(input, true);
      // A kind asked for is TMDB's own search of that kind: its ranking, its count, past the mixed first page.
      const words = query.slice(0, 200);
      const page = only ? await deps.client.searchKind(only, words) : await deps.client.searchMulti(words);
      return toolText().searchText(query, page, only);
    },
  );

  const details = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading from TMDB…') }),
    async (input) => {
      const kind = kindOf(input, true);
      const id = idOf(input);
      if (kind === 'person') return toolText().personText(await deps.client.person(id), deps.settings());
      // Signed out, account_states fails before any request, and the answer has no account line.
      const states = deps.client.accountStates(kind, id).catch(() => undefined);
      if (kind === 'movie') return toolText().movieText(await deps.client.movie(id), deps.settings(), await states);
      return toolText().seriesText(await deps.client.tvSeries(id), deps.settings(), await states);
    },
  );

  const trending = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading what is trending on TMDB…') }),
    async (input) => {
      const kind = oneOf(input, 'type', ['movie', 'tv', 'person', 'all'] as const, 'all');
      const window = oneOf(input, 'window', ['day', 'week'] as const, 'week');
      const page = kind === 'person' ? await deps.client.trendingPeople(window) : await deps.client.trendingAll(window);
      return toolText().trendingText(kind, window, page.results);
    },
  );

  const myTitles = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading your TMDB account…') }),
    async (input) => {
      const collection = oneOf(input, 'collection', ['watchlist', 'favorites', 'rated'] as const, 'watchlist');
      const which = oneOf(input, 'type', ['movie', 'tv', 'both'] as const, 'both');
      await requireSession(deps);
      const kinds: MediaKind[] = which === 'both' ? ['movie', 'tv'] : [which];
      const parts = await Promise.all(
        kinds.map(async (kind) => {
          type Page = { results: Array<MovieSummary | TvSummary>; total_pages: number; total_results: number };
          const read = (page: number): Promise<Page> =>
            collection === 'rated'
              ? deps.client.rated(kind, page)
              : deps.client.flagged(collection === 'favorites' ? 'favorite' : 'watchlist', kind, page);
          const pages = await firstPages(read, ACCOUNT_PAGES);
          return { kind, total: pages[0]!.total_results, items: pages.flatMap((page) => page.results) };
        }),
      );
      return toolText().accountTitlesText(collection, parts);
    },
  );

  const myLists = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading your TMDB lists…') }),
    async (input) => {
      await requireSession(deps);
      if (input.listId === undefined) return toolText().listsText(await deps.listService.ownLists());
      const listId = listIdOf(input);
      const pages = await firstPages((page) => deps.client.list(listId, page), ACCOUNT_PAGES);
      return toolText().listText(
        pages[0]!,
        pages.flatMap((page) => page.items),
      );
    },
  );

  return { search, details, trending, myTitles, myLists };
}
