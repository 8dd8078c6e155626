// The editor's slice of the first-use part (src/common/deferred.ts): the hover card and the link inserted
// while writing, loaded with the first card or completion asked for (src/firstUse.ts).
import { DeferredSlice } from '../../common/deferred';

export const editorHostSlice = new DeferredSlice<{
  LinkInserter: typeof import('./insertLink').LinkInserter;
  TitleHovers: typeof import('./hover').TitleHovers;
}>('editor host');
