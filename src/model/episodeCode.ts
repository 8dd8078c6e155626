// How an episode is named in a row or a line: "S02E05". No vscode.
import * as l10n from '@vscode/l10n';

/**
 * "S02E05"; specials are season 0 ("S00E01"). In the display language, as the pages name an episode (German
 * "S02 F05": F for Folge, as a series page's "F5").
 */
export function episodeCode(episode: { season_number: number; episode_number: number }): string {
  const two = (n: number) => String(Math.max(0, Math.trunc(n))).padStart(2, '0');
  return l10n.t('S{0}E{1}', two(episode.season_number), two(episode.episode_number));
}
