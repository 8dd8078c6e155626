// Up Next in the stand-in: a few of the demo account's followed series are on the air, their episodes a
// week apart around today (the real clock's day, so a run that crosses midnight moves with the
// extension's own "today"), so one airs today, two this week, one later, one has
// no date yet; one is returning with nothing announced, one canceled, one in production. The stand-in's
// clock (`advanceClock`) decides which episode is next: move it two days and Doctor Who's airs "today",
// three more and the next one is a week away. The season answers carry the same days.
type Json = Record<string, any>;

/** What a series' schedule is: its status, and in how many days (from today, by the real clock) an episode of its current season airs. */
export interface Plan {
  status: string;
  /** null: the next episode is known but not its day. undefined: no episode is planned. */
  daysToNext?: number | null;
  /** Which episode (0-based) airs then; the others a week apart (default 4: four have aired). */
  index?: number;
}

const EPISODES = 10;

/** By series id (the seeded watchlist's series). */
export const PLANS: Record<number, Plan> = {
  46952: { status: 'Returning Series', daysToNext: 0 }, // The Blacklist: today
  57243: { status: 'Returning Series', daysToNext: 2 }, // Doctor Who: this week
  19885: { status: 'Returning Series', daysToNext: 5 }, // Sherlock: this week
  1412: { status: 'Returning Series', daysToNext: 12, index: 0 }, // Arrow: later (a season's premiere)
  21510: { status: 'Returning Series', daysToNext: null }, // White Collar: date not announced
  1695: { status: 'Returning Series', daysToNext: -100 }, // Monk: returning, nothing announced
  44840: { status: 'Canceled' }, // Mob City
  32940: { status: 'In Production' }, // Accused
};

/** YYYY-MM-DD of a local day `days` after `from`'s. */
function dayAfter(from: number, days: number): string {
  const start = new Date(from);
  const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export class Schedules {
  private readonly plans = new Map<number, Plan>(Object.entries(PLANS).map(([id, plan]) => [Number(id), plan]));

  /**
   * `now`: the stand-in's clock (moved by `advanceClock`), which decides what is next; `anchor`: the real
   * clock, whose day the episodes are planned around. Anchored on the day the stand-in started instead, a
   * run crossing midnight saw "today" move in the extension and not here.
   */
  constructor(
    private readonly now: () => number,
    private readonly anchor: () => number,
  ) {}

  /** Gives series more to follow (the bench's 200): each on the air, the next episode 0 to 20 days away. */
  plan(seriesId: number, plan: Plan): void {
    this.plans.set(seriesId, plan);
  }

  /** The series' answer with its status and next and last episodes as its plan and the clock say. */
  series(details: Json): Json {
    const plan = this.plans.get(details.id);
    if (!plan) return details;
    const season = this.lastSeason(details);
    const episodes = this.episodes(details, season);
    const today = dayAfter(this.now(), 0);
    const next =
      plan.daysToNext === null
        ? { ...episodes[plan.index ?? 4]!, air_date: null }
        : episodes.find((episode) => episode.air_date && episode.air_date >= today);
    const aired = episodes.filter((episode) => episode.air_date && episode.air_date < today);
    return {
      ...details,
      status: plan.status,
      in_production: plan.status === 'Returning Series' || plan.status === 'In Production',
      next_episode_to_air: plan.daysToNext === undefined ? null : (next ?? null),
      last_episode_to_air: aired.at(-1) ?? details.last_episode_to_air ?? null,
    };
  }

  /** A season's answer with the planned days (the current season of a planned series). */
  season(details: Json, season: Json): Json {
    const plan = this.plans.get(details.id);
    if (!plan || plan.daysToNext === undefined || season.season_number !== this.lastSeason(details)) return season;
    const dated = this.episodes(details, season.season_number);
    return {
      ...season,
      episodes: (season.episodes as Json[]).map((episode, i) => ({
        ...episode,
        air_date: dated[i]?.air_date ?? episode.air_date,
      })),
    };
  }

  private lastSeason(details: Json): number {
    return Math.max(1, ...(details.seasons ?? []).map((season: Json) => season.season_number as number));
  }

  private episodes(details: Json, season: number): Json[] {
    const plan = this.plans.get(details.id)!;
    const next = plan.daysToNext ?? 0;
    const index = plan.index ?? 4;
    return Array.from({ length: EPISODES }, (_, i) => ({
      id: details.id * 100_000 + season * 1000 + i + 1,
      name: `Episode ${i + 1}`,
      overview: '',
      vote_average: 0,
      vote_count: 0,
      air_date: plan.daysToNext === undefined ? null : dayAfter(this.anchor(), next + (i - index) * 7),
      episode_number: i + 1,
      episode_type: i === EPISODES - 1 ? 'finale' : 'standard',
      production_code: '',
      runtime: 45,
      season_number: season,
      show_id: details.id,
      still_path: null,
    }));
  }
}
