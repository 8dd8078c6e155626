// TMDB: Search… (movies, series and people, with the titles opened lately), and the picker the editor's
// links use. Follows the title pages to know what was opened lately.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { notifyError } from '../../kit/notify';
import { userMessage } from '../../tmdb/errors';
import { feature } from '../../core/feature';
import { RecentTitles } from './recentTitles';
import { pickTitle, Searcher, showSearch } from './search';

/** A page the search could not open (its code not read, in a browser): said, with why. */
function failed(error: unknown): void {
  void notifyError(vscode.l10n.t('TMDB: could not open the title. {0}', userMessage(error)));
}

export const searchFeature = feature(({ context, client, log, doors }) => {
  const searcher = new Searcher(client, log);
  const recent = new RecentTitles(context.globalState);
  doors.provide('titles', { pick: (text) => pickTitle(searcher, recent, text), recent: () => recent.all });
  return {
    commands: () => ({
      [Commands.search]: () => showSearch(searcher, recent, (ref) => void doors.get('pages').open(ref).catch(failed)),
      [Commands.clearRecentTitles]: () => recent.clear(),
    }),
    disposables: [doors.get('pages').onDidShowTitle((title) => void recent.add(title))],
    exposed: { searcher, recent },
  };
});
