// What airs next from the series a person follows: each series in one group (Today, This week, Later,
// Date not announced, then Returning, Ended, Canceled), by its own answer's `next_episode_to_air` and
// `status`, against the person's calendar day. Pure: no vscode, no clock of its own (`today` comes in).
import type { Episode, SeriesSchedule } from '../../tmdb/schemas';

export { episodeCode } from '../../model/episodeCode';

export type UpNextGroup = 'today' | 'thisWeek' | 'later' | 'notAnnounced' | 'returning' | 'ended' | 'canceled';

/** The order the view shows them in; the last three are folded. */
export const UP_NEXT_GROUPS: readonly UpNextGroup[] = [
  'today',
  'thisWeek',
  'later',
  'notAnnounced',
  'returning',
  'ended',
  'canceled',
];

export interface UpNextEntry {
  series: SeriesSchedule;
  group: UpNextGroup;
  /** The episode the row names: the next one, or (returning, ended, canceled) the last that aired. */
  episode: Episode | null;
  /** The next episode's day (YYYY-MM-DD), when TMDB has announced it. */
  airDate?: string;
  /** Days from today to `airDate`: 0 today. */
  daysAway?: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of `ms` where the person is (the extension host's time zone), as YYYY-MM-DD. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier); undefined when either is no date. */
export function daysBetween(from: string, to: string): number | undefined {
  const a = DAY.exec(from);
  const b = DAY.exec(to);
  if (!a || !b) return undefined;
  const utc = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const days = Math.round((utc(b) - utc(a)) / 86_400_000);
  return Number.isFinite(days) ? days : undefined;
}

/** Midnight of a YYYY-MM-DD day in the local time zone (for formatting it, or an all-day event). */
export function localDate(day: string): Date | undefined {
  const m = DAY.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** Where one series goes on `today`. */
export function entryOf(series: SeriesSchedule, today: string): UpNextEntry {
  const next = series.next_episode_to_air;
  if (next) {
    const daysAway = next.air_date ? daysBetween(today, next.air_date) : undefined;
    if (daysAway === undefined) return { series, group: 'notAnnounced', episode: next };
    // A "next" episode whose day has passed: TMDB has not moved on yet; what comes after is not known.
    if (daysAway >= 0) {
      const group = daysAway === 0 ? 'today' : daysAway < 7 ? 'thisWeek' : 'later';
      return { series, group, episode: next, airDate: next.air_date!, daysAway };
    }
  }
  const last = series.last_episode_to_air ?? next;
  switch (series.status) {
    case 'Ended':
      return { series, group: 'ended', episode: last };
    case 'Canceled':
      return { series, group: 'canceled', episode: last };
    case 'In Production':
    case 'Planned':
    case 'Pilot':
      return { series, group: 'notAnnounced', episode: null };
    case 'Returning Series':
      return { series, group: 'returning', episode: last };
    default:
      return { series, group: series.in_production ? 'returning' : 'ended', episode: last };
  }
}

/** Every series in its group, each group in order: the soonest first, then by name. */
export function upNext(series: readonly SeriesSchedule[], today: string): UpNextEntry[] {
  const rank = new Map(UP_NEXT_GROUPS.map((group, index) => [group, index]));
  const name = (entry: UpNextEntry) => entry.series.name || entry.series.original_name;
  return series
    .map((one) => entryOf(one, today))
    .sort(
      (a, b) =>
        rank.get(a.group)! - rank.get(b.group)! ||
        (a.daysAway ?? 0) - (b.daysAway ?? 0) ||
        name(a).localeCompare(name(b)) ||
        a.series.id - b.series.id,
    );
}
