// The pages' slice of the deferred part (src/common/deferred.ts): the page builders and the page's
// messages read with zod, loaded with the first panel. Type-only imports: nothing here loads them.
import { DeferredSlice } from '../../common/deferred';
import type * as Pages from './html';
import type * as Messages from '../../webview/protocol';

export const titlesSlice = new DeferredSlice<{ pages: typeof Pages; messages: typeof Messages }>('titles');
export const titlesPart = () => titlesSlice.get();

/**
 * A page's host code (the panel, its account controls, its channel to the page), loaded with the first page,
 * and the Copy commands, with their first use (src/firstUse.ts).
 */
export const titlesHostSlice = new DeferredSlice<{
  DetailPanel: typeof import('./detailPanel').DetailPanel;
  CopyCommands: typeof import('./copyCommands').CopyCommands;
  EpisodeRatings: typeof import('../../account/episodeRatings').EpisodeRatings;
}>('titles host');
