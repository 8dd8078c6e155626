// TMDB: Search… and the recent titles' commands, for the command table (src/commands.ts).
import { Commands } from '../../common/ids';
import type { PanelRef } from '../../model/panelRef';
import type { RecentTitles } from './recentTitles';
import { showSearch, type Searcher } from './search';

/** `open`: shows a title's page (features/titles, handed in by the top). */
export function searchHandlers(deps: { searcher: Searcher; recent: RecentTitles }, open: (ref: PanelRef) => unknown) {
  return {
    [Commands.search]: () => showSearch(deps.searcher, deps.recent, open),
    [Commands.clearRecentTitles]: () => deps.recent.clear(),
  };
}
