// TMDB: Search… (movies, series and people, with the titles opened lately), and the picker the editor's
// links use. Follows the title pages to know what was opened lately.
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { RecentTitles } from './recentTitles';
import { pickTitle, Searcher, showSearch } from './search';

export const searchFeature = feature(({ context, client, log, doors }) => {
  const searcher = new Searcher(client, log);
  const recent = new RecentTitles(context.globalState);
  doors.provide('titles', { pick: (text) => pickTitle(searcher, recent, text), recent: () => recent.all });
  return {
    commands: () => ({
      [Commands.search]: () => showSearch(searcher, recent, (ref) => doors.get('pages').open(ref)),
      [Commands.clearRecentTitles]: () => recent.clear(),
    }),
    disposables: [doors.get('pages').onDidShowTitle((title) => void recent.add(title))],
    exposed: { searcher, recent },
  };
});
