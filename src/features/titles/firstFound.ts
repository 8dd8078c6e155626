// The first movie, series or person TMDB finds for words typed in an id box (Open Movie…, Open TV Series…,
// Open Person…), named as the box's prompt shows it: the prompt draws links and icons, so the name is plain
// text (no link, no icon, one line). No vscode import.
import { plainText } from '../../common/plainText';
import type { PanelRef } from '../../model/panelRef';
import { titleOf } from '../../model/titles';
import type { TmdbClient } from '../../tmdb/client';

/** The first title (or person) TMDB finds for words typed in the id box, with how the box names it. */
export type FindFirst = (
  kind: 'movie' | 'tv' | 'person',
  words: string,
) => Promise<{ ref: PanelRef; label: string } | undefined>;

/** TMDB's search of one kind, its first hit, named "Fight Club (1999)". */
export function firstFound(client: Pick<TmdbClient, 'searchKind'>): FindFirst {
  return async (kind, words) => {
    const [hit] = (await client.searchKind(kind, words)).results;
    if (!hit) return undefined;
    if (hit.media_type === 'person' || kind === 'person') {
      const name = 'name' in hit ? hit.name : '';
      return { ref: { kind: 'person', id: hit.id }, label: plainText(name) || String(hit.id) };
    }
    const { name, year } = titleOf(kind, hit);
    return { ref: { kind, id: hit.id }, label: plainText(year ? `${name} (${year})` : name) };
  };
}
