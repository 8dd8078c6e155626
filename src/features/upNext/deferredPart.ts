// Up Next's slice of the deferred part (src/common/deferred.ts): the calendar's writer (ical-generator), and
// where each started series stands (Continue Watching, loaded with the schemas Up Next reads with).
// Type-only imports: nothing here loads it.
import { DeferredSlice } from '../../common/deferred';
import type { upcomingCalendar } from './upNextCalendar';
import type { continueWatching } from './continueWatching';

export const upNextSlice = new DeferredSlice<{
  upcomingCalendar: typeof upcomingCalendar;
  continueWatching: typeof continueWatching;
}>('upNext');

/** Up Next's commands (open the view, export the calendar, a Continue Watching row's ✓), loaded with their first use (src/firstUse.ts). */
export const upNextHostSlice = new DeferredSlice<{
  UpNextCommands: typeof import('./upNextCommands').UpNextCommands;
  ContinueGroup: typeof import('./continueRows').ContinueGroup;
  GroupNode: typeof import('./upNextRows').GroupNode;
}>('upNext host');
