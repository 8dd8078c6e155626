// Up Next's slice of the deferred part (src/common/deferred.ts): the calendar's writer (ical-generator).
// Type-only imports: nothing here loads it.
import { DeferredSlice } from '../../common/deferred';
import type { upcomingCalendar } from './upNextCalendar';

export const upNextSlice = new DeferredSlice<{ upcomingCalendar: typeof upcomingCalendar }>('upNext');
