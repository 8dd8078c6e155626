// The stand-in's data: TMDB's real response bodies (test/fixtures/tmdb) plus a generated catalogue large
// enough to page through (trending: 4 pages, account lists: 2, recommendations: 2, list "1": 3).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'tmdb');

type Json = Record<string, any>;

export function fixture(name: string): any {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
}

/** Fight Club as one request with every append answers it (`/3/movie/550?append_to_response=…`), from live captures. */
export function fightClubAnswer(): Json {
  return {
    ...fixture('live-captures/movie-details.json'),
    keywords: { keywords: fixture('live-captures/movie-keywords.json').keywords },
    release_dates: { results: fixture('live-captures/movie-release-dates.json').results },
    recommendations: fixture('live-captures/movie-recommendations.json'),
    credits: fixture('live-captures/movie-credits.json'),
  };
}

export const PAGE_SIZE = 20;

export type ImageKind = 'poster' | 'backdrop' | 'profile' | 'logo' | 'still';
export interface ImageInfo {
  kind: ImageKind;
  label: string;
}

const IMAGE_FIELDS: Record<string, ImageKind> = {
  poster_path: 'poster',
  backdrop_path: 'backdrop',
  profile_path: 'profile',
  logo_path: 'logo',
  still_path: 'still',
};

/** Every image path anywhere in `data`, with its kind and the name of what it shows. */
export function indexImages(data: unknown, index: Map<string, ImageInfo>, seen = new Set<unknown>()): void {
  if (!data || typeof data !== 'object' || seen.has(data)) return;
  seen.add(data);
  if (data instanceof Map) {
    for (const value of data.values()) indexImages(value, index, seen);
    return;
  }
  const record = data as Json;
  for (const [key, value] of Object.entries(record)) {
    const kind = IMAGE_FIELDS[key];
    if (kind && typeof value === 'string' && !index.has(value))
      index.set(value, { kind, label: String(record.title ?? record.name ?? '') });
    else if (value && typeof value === 'object') indexImages(value, index, seen);
  }
}

export interface Catalogue {
  movies: Map<number, Json>; // summaries
  tv: Map<number, Json>;
  movieDetails: Map<number, Json>;
  tvDetails: Map<number, Json>;
  people: Json[]; // trending order (day)
  /** Videos by `movie:<id>` / `tv:<id>`: TMDB's examples for Fight Club and Game of Thrones. */
  videos: Map<string, Json[]>;
  /** Where to watch, by `movie:<id>` / `tv:<id>`: TMDB's (JustWatch's) examples for Fight Club and Game of Thrones. */
  watchProviders: Map<string, Json>;
  /** A series' cast and crew (`aggregate_credits`) by series id: TMDB's example for Game of Thrones; none for the others. */
  aggregateCredits: Map<number, Json>;
  /** IMDb ids of series by `tv:<id>` (a movie's is in its details). */
  imdbIds: Map<string, string>;
  /**
   * `/3/find`'s index: IMDb id → the movie or series. TMDB's real ids where the fixtures have them (Fight
   * Club, Game of Thrones); every other title gets one made from its TMDB id (`tt9…` movies, `tt8…`
   * series), so an IMDb export of hundreds of titles can be matched here.
   */
  imdbIndex: Map<string, { kind: 'movie' | 'tv'; id: number }>;
  /** Every season by `<series id>:<season number>`: Game of Thrones' first as TMDB's example has it. */
  seasons: Map<string, Json>;
  /** Trending movies and series (day): TMDB's twenty, then every other title of the catalogue. */
  trendingTitles: Json[];
  personDetails: Map<number, Json>;
  /** Collections by id: TMDB's example (Star Wars), whose movies name it in `belongs_to_collection`. */
  collections: Map<number, Json>;
  credits: Map<string, Json>;
  lists: Json[]; // the demo account's list summaries
  listDetails: Map<string, Json>;
  recommendations: Map<number, Json[]>;
  configuration: Json;
  account: Json;
  /** What each image path shows, so the stand-in's placeholder looks like a poster, a face or a logo. */
  images: Map<string, ImageInfo>;
  watchlistSeed: { movie: number[]; tv: number[] };
  /** The demo account's favorites at the start: the titles of TMDB's example favorites that the catalogue holds, the first listed the newest. */
  favoriteSeed: { movie: number[]; tv: number[] };
  /** The demo account's ratings at the start: [kind, id, value]. Fight Club's is TMDB's example's 9. */
  ratingSeed: Array<['movie' | 'tv', number, number]>;
}

/** TMDB's English genre names (`GET /3/genre/movie/list`, `/tv/list` with language=en-US), by id. */
export const GENRES: Record<number, string> = {
  28: 'Action',
  12: 'Adventure',
  16: 'Animation',
  35: 'Comedy',
  80: 'Crime',
  99: 'Documentary',
  18: 'Drama',
  10751: 'Family',
  14: 'Fantasy',
  36: 'History',
  27: 'Horror',
  10402: 'Music',
  9648: 'Mystery',
  10749: 'Romance',
  878: 'Science Fiction',
  53: 'Thriller',
  10752: 'War',
  37: 'Western',
  10759: 'Action & Adventure',
  10765: 'Sci-Fi & Fantasy',
  10768: 'War & Politics',
  10764: 'Reality',
  10770: 'TV Movie',
  10762: 'Kids',
  10763: 'News',
  10766: 'Soap',
  10767: 'Talk',
};

export function movieSummaryOf(item: Json): Json {
  const { character: _c, job: _j, credit_id: _id, ...rest } = item;
  return { ...rest, media_type: 'movie' };
}

export function tvSummaryOf(item: Json): Json {
  const { character: _c, job: _j, credit_id: _id, ...rest } = item;
  return { ...rest, media_type: 'tv' };
}

/** Movie details for a title the fixtures only have a summary of. */
export function synthMovie(summary: Json): Json {
  const { media_type: _m, genre_ids, ...rest } = summary;
  return {
    ...rest,
    genres: (genre_ids ?? []).map((id: number) => ({ id, name: GENRES[id] ?? 'Other' })),
    tagline: '',
    runtime: 100 + (summary.id % 60),
    status: 'Released',
    budget: 0,
    revenue: 0,
    homepage: '',
    imdb_id: null,
    belongs_to_collection: null,
    production_companies: [],
    production_countries: [],
    spoken_languages: [],
  };
}

export function synthTv(summary: Json): Json {
  const { media_type: _m, genre_ids, ...rest } = summary;
  const seasons = 1 + (summary.id % 4);
  return {
    ...rest,
    created_by: [],
    episode_run_time: [45],
    genres: (genre_ids ?? []).map((id: number) => ({ id, name: GENRES[id] ?? 'Other' })),
    homepage: '',
    in_production: false,
    languages: [summary.original_language ?? 'en'],
    last_air_date: summary.first_air_date ?? null,
    // Ended, as TMDB answers for a series that aired: its last season's last episode.
    last_episode_to_air: {
      id: summary.id * 100_000 + seasons * 1000 + 10,
      name: 'Episode 10',
      overview: '',
      vote_average: 0,
      vote_count: 0,
      air_date: summary.first_air_date ?? null,
      episode_number: 10,
      episode_type: 'finale',
      production_code: '',
      runtime: 45,
      season_number: seasons,
      show_id: summary.id,
      still_path: null,
    },
    next_episode_to_air: null,
    networks: [],
    number_of_episodes: seasons * 10,
    number_of_seasons: seasons,
    production_companies: [],
    production_countries: [],
    seasons: Array.from({ length: seasons }, (_, i) => ({
      air_date: summary.first_air_date ?? null,
      episode_count: 10,
      id: summary.id * 100 + i + 1,
      name: `Season ${i + 1}`,
      overview: '',
      poster_path: null,
      season_number: i + 1,
      vote_average: 0,
    })),
    spoken_languages: [],
    status: 'Ended',
    tagline: '',
    type: 'Scripted',
  };
}

export function synthKeywords(id: number): Json[] {
  const words = ['based on novel or book', 'friendship', 'dystopia', 'heist', 'small town', 'time travel', 'revenge'];
  return [0, 3].map((offset) => {
    const index = (id + offset) % words.length;
    return { id: 1000 + index, name: words[index] };
  });
}

function synthReleaseDates(movie: Json): Json[] {
  if (!movie.release_date) return [];
  const at = `${movie.release_date}T00:00:00.000Z`;
  return [
    {
      iso_3166_1: 'US',
      release_dates: [{ certification: 'PG-13', descriptors: [], iso_639_1: '', note: '', release_date: at, type: 3 }],
    },
    {
      iso_3166_1: 'FR',
      release_dates: [
        { certification: '', descriptors: [], iso_639_1: '', note: 'Festival', release_date: at, type: 1 },
      ],
    },
  ];
}

/** A biography built from what the fixtures say of a person, for people TMDB's captures hold none for. */
function biographyOf(person: Json): string {
  const titles = (person.known_for ?? []).map((k: Json) => k.title ?? k.name).filter(Boolean);
  const field =
    person.known_for_department === 'Acting'
      ? 'an actor'
      : `known for ${String(person.known_for_department ?? 'film').toLowerCase()}`;
  return `${person.name} is ${field}${titles.length ? `, best known for ${titles.join(', ')}` : ''}.`;
}

const DAY_MS = 86_400_000;

/**
 * A season TMDB's captures do not hold, made from the series: an episode a week from the season's first
 * air date, the series' runtime, a still each, and a score once aired.
 */
export function synthSeason(series: Json, summary: Json): Json {
  const start = Date.parse(summary.air_date ?? series.first_air_date ?? '');
  const runtime = series.episode_run_time?.[0] ?? 45;
  const count = summary.episode_count ?? 0;
  return {
    _id: `${series.id}-${summary.season_number}`,
    id: summary.id,
    name: summary.name,
    overview: summary.overview ?? '',
    air_date: summary.air_date ?? null,
    season_number: summary.season_number,
    poster_path: summary.poster_path ?? null,
    vote_average: summary.vote_average ?? 0,
    episodes: Array.from({ length: count }, (_, i) => ({
      id: series.id * 100_000 + summary.season_number * 1000 + i + 1,
      name: `Episode ${i + 1}`,
      overview: '',
      air_date: Number.isNaN(start) ? null : new Date(start + i * 7 * DAY_MS).toISOString().slice(0, 10),
      episode_number: i + 1,
      episode_type: i === count - 1 ? 'finale' : 'standard',
      production_code: '',
      runtime,
      season_number: summary.season_number,
      show_id: series.id,
      still_path: `/still-${series.id}-${summary.season_number}-${i + 1}.jpg`,
      vote_average: 7 + ((series.id + i) % 20) / 10,
      vote_count: 40 + ((series.id * 7 + i) % 200),
    })),
  };
}

export function loadCatalogue(): Catalogue {
  const movies = new Map<number, Json>();
  const tv = new Map<number, Json>();
  const addMedia = (item: Json, kind?: 'movie' | 'tv') => {
    const type = kind ?? item.media_type;
    if (type === 'movie' && !movies.has(item.id)) movies.set(item.id, movieSummaryOf(item));
    if (type === 'tv' && !tv.has(item.id)) tv.set(item.id, tvSummaryOf(item));
  };

  const trending = fixture('openapi-examples/trending-person-day.json');
  for (const person of trending.results) for (const item of person.known_for ?? []) addMedia(item);
  const trendingAll = fixture('openapi-examples/trending-all-day.json');
  for (const item of trendingAll.results) addMedia(item);
  const recs550 = fixture('live-captures/movie-recommendations.json');
  for (const item of recs550.results) addMedia(item, 'movie');
  const watchMovies = fixture('openapi-examples/account-watchlist-movies.json');
  for (const item of watchMovies.results) addMedia(item, 'movie');
  const watchTv = fixture('openapi-examples/account-watchlist-tv.json');
  for (const item of watchTv.results) addMedia(item, 'tv');
  for (const item of fixture('openapi-examples/tv-recommendations.json').results) addMedia(item, 'tv');
  for (const item of fixture('live-captures/search-tv.json').results) addMedia(item, 'tv');
  for (const item of fixture('live-captures/search-movie.json').results) addMedia(item, 'movie');
  // TMDB's example list was captured in German: an English catalogue names English-language films by
  // their original title, as TMDB's English answers do.
  const list1 = fixture('openapi-examples/list-details.json');
  for (const item of list1.items) {
    if (item.original_language === 'en' && item.original_title) item.title = item.original_title;
    addMedia(item);
  }

  // The fixture titles with full details.
  const movieDetails = new Map<number, Json>();
  const fightClub = fixture('live-captures/movie-details.json');
  movieDetails.set(550, {
    ...fightClub,
    keywords: { keywords: fixture('live-captures/movie-keywords.json').keywords },
    release_dates: { results: fixture('live-captures/movie-release-dates.json').results },
    credits: (({ id: _id, ...credits }) => credits)(fixture('live-captures/movie-credits.json')),
  });
  if (!movies.has(550)) {
    movies.set(550, { ...movieSummaryOf(fightClub), genre_ids: (fightClub.genres ?? []).map((g: Json) => g.id) });
  }
  const tvDetails = new Map<number, Json>();
  for (const name of ['live-captures/tv-details.json', 'live-captures/tv-details-complex.json']) {
    const series = fixture(name);
    tvDetails.set(series.id, series);
    if (!tv.has(series.id))
      tv.set(series.id, { ...tvSummaryOf(series), genre_ids: (series.genres ?? []).map((g: Json) => g.id) });
  }

  // Generated details for every other title.
  for (const [id, summary] of movies) {
    if (!movieDetails.has(id)) {
      movieDetails.set(id, {
        ...synthMovie(summary),
        keywords: { keywords: synthKeywords(id) },
        release_dates: { results: synthReleaseDates(summary) },
        credits: { cast: [], crew: [] },
      });
    }
  }
  for (const [id, summary] of tv) if (!tvDetails.has(id)) tvDetails.set(id, synthTv(summary));

  // Recommendations: two pages each, of titles people know (a few hundred votes at least) that share two of
  // the movie's genres (its one, if it has one), the most first, the more popular first, as TMDB's own lean. Fight Club's first page is TMDB's.
  const movieList = [...movies.values()];
  const known = movieList.filter((m) => (m.vote_count ?? 0) >= 300);
  const recommendations = new Map<number, Json[]>();
  for (const [id, movie] of movies) {
    const genres = new Set<number>(movie.genre_ids ?? []);
    const shared = (other: Json) => (other.genre_ids ?? []).filter((genre: number) => genres.has(genre)).length;
    const picks = known
      .filter((other) => other.id !== id && shared(other) >= Math.min(2, genres.size) && shared(other) > 0)
      .sort((a, b) => shared(b) - shared(a) || (b.popularity ?? 0) - (a.popularity ?? 0))
      .slice(0, 40);
    recommendations.set(id, picks);
  }
  const fixtureRecs = recs550.results
    .map((m: Json) => movieSummaryOf(m))
    .filter((m: Json) => (m.vote_count ?? 0) >= 300)
    .sort((a: Json, b: Json) => (b.vote_count ?? 0) - (a.vote_count ?? 0));
  const fixtureIds = new Set(fixtureRecs.map((m: Json) => m.id));
  recommendations.set(
    550,
    [...fixtureRecs, ...(recommendations.get(550) ?? []).filter((m) => !fixtureIds.has(m.id))].slice(0, 40),
  );

  // People: TMDB's twenty trending people, then fifty real people from Fight Club's cast and crew, with
  // their pictures (70: four pages). Each is known for the titles the fixtures credit them with.
  const fightClubCredits = movieDetails.get(550)!.credits as { cast: Json[]; crew: Json[] };
  const fightClubSummary = movies.get(550)!;
  const people: Json[] = [...trending.results];
  const seenPeople = new Set(people.map((person) => person.id));
  for (const member of [...fightClubCredits.cast, ...fightClubCredits.crew]) {
    if (people.length >= 70) break;
    if (seenPeople.has(member.id) || !member.profile_path) continue;
    seenPeople.add(member.id);
    people.push({
      adult: false,
      id: member.id,
      name: member.name,
      original_name: member.original_name ?? member.name,
      media_type: 'person',
      popularity: member.popularity ?? 1,
      gender: member.gender ?? 0,
      known_for_department:
        member.known_for_department ?? (member.character !== undefined ? 'Acting' : member.department),
      profile_path: member.profile_path,
      known_for: [fightClubSummary],
    });
  }
  const personDetails = new Map<number, Json>();
  for (const name of ['live-captures/person-details.json', 'openapi-examples/person-details.json']) {
    const person = fixture(name);
    personDetails.set(person.id, person);
  }
  for (const person of people) {
    if (personDetails.has(person.id)) continue;
    personDetails.set(person.id, {
      adult: false,
      also_known_as: [],
      biography: biographyOf(person),
      birthday: null,
      deathday: null,
      gender: person.gender,
      homepage: null,
      id: person.id,
      imdb_id: null,
      known_for_department: person.known_for_department,
      name: person.name,
      place_of_birth: null,
      popularity: person.popularity,
      profile_path: person.profile_path,
    });
  }
  // Who made Fight Club (its page's key crew: the director, the writers, the music, the camera, the
  // cutting, the producers): a page each, as TMDB has.
  const keyJobs = [
    'Director',
    'Screenplay',
    'Novel',
    'Original Music Composer',
    'Director of Photography',
    'Editor',
    'Producer',
  ];
  for (const member of fightClubCredits.crew) {
    if (personDetails.has(member.id) || !keyJobs.includes(member.job)) continue;
    personDetails.set(member.id, personOf(member, member.department));
  }
  // Combined credits: what the trending list says each person is known for, and their part in Fight Club.
  for (const [id, person] of personDetails) {
    const known = (people.find((p) => p.id === id)?.known_for ?? []).map((k: Json) => ({
      ...k,
      character: '',
      credit_id: '',
    }));
    const cast: Json[] = fightClubCredits.cast
      .filter((m) => m.id === id)
      .map((m) => ({ ...fightClubSummary, character: m.character, credit_id: m.credit_id }));
    const crew = fightClubCredits.crew
      .filter((m) => m.id === id)
      .map((m) => ({ ...fightClubSummary, job: m.job, department: m.department, credit_id: m.credit_id }));
    person.combined_credits = { cast: [...cast, ...known.filter((k: Json) => !cast.some((c) => c.id === k.id))], crew };
    person.external_ids = {
      id,
      imdb_id: person.imdb_id ?? null,
      wikidata_id: null,
      facebook_id: null,
      instagram_id: null,
      tiktok_id: null,
      twitter_id: null,
      youtube_id: null,
    };
  }
  // Tom Hanks, as TMDB's examples have him: his real combined credits (217 cast, 69 crew) and external ids.
  const hanksCredits = fixture('openapi-examples/person-combined-credits.json');
  const hanks = personDetails.get(hanksCredits.id);
  if (hanks) {
    hanks.combined_credits = { cast: hanksCredits.cast, crew: hanksCredits.crew };
    hanks.external_ids = fixture('openapi-examples/person-external-ids.json');
  }

  const credits = new Map<string, Json>();
  for (const name of ['openapi-examples/credit-details.json', 'live-captures/credit-details.json']) {
    const credit = fixture(name);
    credits.set(credit.id, credit);
  }
  // Movie credits, built from Fight Club's real cast and crew (the fixtures hold TV credits only).
  for (const member of [...fightClubCredits.cast.slice(0, 15), ...fightClubCredits.crew.slice(0, 10)]) {
    const isCast = member.character !== undefined;
    credits.set(member.credit_id, {
      credit_type: isCast ? 'cast' : 'crew',
      department: isCast ? 'Acting' : member.department,
      job: isCast ? 'Actor' : member.job,
      media: { ...fightClubSummary, character: member.character ?? '' },
      media_type: 'movie',
      id: member.credit_id,
      person: {
        adult: member.adult ?? false,
        id: member.id,
        name: member.name,
        original_name: member.original_name ?? member.name,
        media_type: 'person',
        popularity: member.popularity ?? 0,
        gender: member.gender ?? 0,
        known_for_department: member.known_for_department ?? null,
        profile_path: member.profile_path ?? null,
      },
    });
  }

  // The demo account's lists: TMDB's twenty, plus five generated (25: two pages). Items come from the
  // catalogue; "1" is TMDB's own list detail.
  const accountLists = fixture('openapi-examples/account-lists.json');
  const lists: Json[] = [...accountLists.results];
  for (let i = 0; i < 5; i++) {
    lists.push({
      description: `A generated list (${i + 1})`,
      favorite_count: 0,
      id: 8_000_001 + i,
      item_count: i === 0 ? 0 : 3 + i,
      iso_639_1: 'en',
      list_type: 'movie',
      name: i === 0 ? 'Empty list' : `Generated list ${i + 1}`,
      poster_path: null,
    });
  }
  const listDetails = new Map<string, Json>();
  const mixed = [...movieList.slice(0, 30), ...[...tv.values()].slice(0, 10)];
  for (const summary of lists) {
    const start = summary.id % Math.max(1, mixed.length);
    const items = [...mixed.slice(start), ...mixed.slice(0, start)].slice(0, summary.item_count);
    listDetails.set(String(summary.id), {
      created_by: 'demo',
      description: summary.description,
      favorite_count: summary.favorite_count,
      id: String(summary.id),
      items,
      item_count: items.length,
      iso_639_1: summary.iso_639_1,
      name: summary.name,
      poster_path: summary.poster_path,
    });
  }
  listDetails.set('1', list1);

  // Every season: TMDB's example for Game of Thrones' first, one made from its series for the others.
  const seasons = new Map<string, Json>();
  for (const series of tvDetails.values()) {
    for (const summary of series.seasons ?? [])
      seasons.set(`${series.id}:${summary.season_number}`, synthSeason(series, summary));
  }
  seasons.set('1399:1', fixture('openapi-examples/tv-season-details.json'));

  // Game of Thrones' cast and crew as TMDB's example has them (514 cast, 271 crew, each person once).
  const aggregateCredits = new Map<number, Json>([
    [1399, (({ id: _id, ...rest }) => rest)(fixture('openapi-examples/tv-aggregate-credits.json'))],
  ]);
  // Everyone a Game of Thrones page links to (its cast and crew, the first season's guest stars and crew)
  // has a page, with their part in the series as their credits.
  const thrones = tv.get(1399)!;
  const roleIn = (member: Json, episodes: number, role: Json) => ({
    ...thrones,
    media_type: 'tv',
    episode_count: episodes,
    credit_id: role.credit_id ?? '',
    character: role.character ?? '',
    job: role.job ?? '',
    department: member.department ?? '',
  });
  const seasonOne = seasons.get('1399:1')!.episodes as Json[];
  const thronesPeople: Array<[Json, 'cast' | 'crew', Json[]]> = [
    ...aggregateCredits
      .get(1399)!
      .cast.map(
        (member: Json) =>
          [member, 'cast', member.roles.map((role: Json) => roleIn(member, role.episode_count, role))] as [
            Json,
            'cast',
            Json[],
          ],
      ),
    ...aggregateCredits
      .get(1399)!
      .crew.map(
        (member: Json) =>
          [member, 'crew', member.jobs.map((job: Json) => roleIn(member, job.episode_count, job))] as [
            Json,
            'crew',
            Json[],
          ],
      ),
    ...seasonOne.flatMap((episode) => [
      ...episode.guest_stars.map((guest: Json) => [guest, 'cast', [roleIn(guest, 1, guest)]] as [Json, 'cast', Json[]]),
      ...episode.crew.map((member: Json) => [member, 'crew', [roleIn(member, 1, member)]] as [Json, 'crew', Json[]]),
    ]),
  ];
  for (const [member, side, roles] of thronesPeople) {
    const known = personDetails.get(member.id);
    if (known) {
      known.combined_credits[side].push(
        ...roles.filter(
          (role) => !known.combined_credits[side].some((other: Json) => other.credit_id === role.credit_id),
        ),
      );
      continue;
    }
    personDetails.set(member.id, {
      ...personOf(member, side === 'cast' ? 'Acting' : member.department),
      combined_credits: { cast: side === 'cast' ? roles : [], crew: side === 'crew' ? roles : [] },
      external_ids: {
        id: member.id,
        imdb_id: null,
        wikidata_id: null,
        facebook_id: null,
        instagram_id: null,
        tiktok_id: null,
        twitter_id: null,
        youtube_id: null,
      },
    });
  }

  // Pictures (`images`): TMDB always lists the profile picture among a person's pictures; the stand-in knows
  // no other of anyone's (no real example answer holds more), so each has that one, or none.
  for (const person of personDetails.values()) {
    person.images = {
      id: person.id,
      profiles: person.profile_path
        ? [
            {
              aspect_ratio: 0.667,
              file_path: person.profile_path,
              height: 3000,
              iso_639_1: null,
              vote_average: 5.3,
              vote_count: 3,
              width: 2000,
            },
          ]
        : [],
    };
  }

  const images = new Map<string, ImageInfo>();
  for (const part of [
    people,
    personDetails,
    movies,
    tv,
    movieDetails,
    tvDetails,
    credits,
    lists,
    listDetails,
    seasons,
    aggregateCredits,
  ])
    indexImages(part, images);

  const firstTitles = trendingAll.results.map((item: Json) =>
    item.media_type === 'tv' ? tv.get(item.id) : movies.get(item.id),
  );
  const trendingTitles = [
    ...firstTitles,
    ...[...movies.values(), ...tv.values()].filter((title) => !firstTitles.includes(title)),
  ];

  // The Star Wars collection as TMDB's example has it; its movies join the catalogue after the
  // recommendations and trending were made, so those read as before, and each names its collection.
  const starWars = fixture('openapi-examples/collection-details.json');
  const collections = new Map<number, Json>([[starWars.id, starWars]]);
  const inCollection = {
    id: starWars.id,
    name: starWars.name,
    poster_path: starWars.poster_path,
    backdrop_path: starWars.backdrop_path,
  };
  for (const part of starWars.parts as Json[]) {
    const summary: Json = {
      ...movieSummaryOf(part),
      title: part.title ?? part.name,
      original_title: part.original_title ?? part.original_name,
    };
    delete summary.name;
    delete summary.original_name;
    if (!movies.has(part.id)) movies.set(part.id, summary);
    const details = movieDetails.get(part.id) ?? {
      ...synthMovie(summary),
      keywords: { keywords: synthKeywords(part.id) },
      release_dates: { results: synthReleaseDates(summary) },
      credits: { cast: [], crew: [] },
    };
    movieDetails.set(part.id, { ...details, belongs_to_collection: inCollection });
  }
  indexImages(collections, images);

  const imdbIndex = new Map<string, { kind: 'movie' | 'tv'; id: number }>();
  for (const id of movies.keys()) {
    const real = movieDetails.get(id)?.imdb_id;
    imdbIndex.set(typeof real === 'string' && real ? real : `tt9${String(id).padStart(7, '0')}`, { kind: 'movie', id });
  }
  for (const id of tv.keys())
    imdbIndex.set(id === 1399 ? 'tt0944947' : `tt8${String(id).padStart(7, '0')}`, { kind: 'tv', id });

  return {
    imdbIndex,
    images,
    movies,
    tv,
    trendingTitles,
    seasons,
    aggregateCredits,
    imdbIds: new Map([['tv:1399', 'tt0944947']]),
    watchProviders: new Map([
      ['movie:550', fixture('openapi-examples/movie-watch-providers.json').results],
      ['tv:1399', fixture('openapi-examples/tv-watch-providers.json').results],
    ]),
    videos: new Map([
      ['movie:550', fixture('openapi-examples/movie-videos.json').results],
      ['tv:1399', fixture('openapi-examples/tv-videos.json').results],
    ]),
    movieDetails,
    tvDetails,
    people,
    personDetails,
    collections,
    credits,
    lists,
    listDetails,
    recommendations,
    configuration: fixture('openapi-examples/configuration.json'),
    account: { ...fixture('openapi-examples/account-details.json'), username: 'demo', name: 'Demo Viewer' },
    watchlistSeed: {
      movie: [...watchMovies.results.map((m: Json) => m.id), ...movieList.slice(0, 5).map((m) => m.id)],
      // Game of Thrones last, so the newest series on the watchlist is one with TMDB's real details.
      tv: [...watchTv.results.map((t: Json) => t.id).filter((id: number) => id !== 1399), 1399],
    },
    favoriteSeed: {
      movie: fixture('openapi-examples/account-favorite-movies.json')
        .results.map((m: Json) => m.id)
        .filter((id: number) => movies.has(id))
        .reverse(),
      tv: fixture('openapi-examples/account-favorite-tv.json')
        .results.map((t: Json) => t.id)
        .filter((id: number) => tv.has(id))
        .reverse(),
    },
    ratingSeed: [
      ['movie', 550, fixture('openapi-examples/movie-account-states.json').rated.value],
      ['movie', movieList.find((m) => m.id !== 550)!.id, 7.5],
      ['tv', 1399, 8.5],
    ],
  };
}

/** A person's page as TMDB gives one it knows little of, made from a credit of theirs. */
function personOf(member: Json, department: string): Json {
  return {
    adult: false,
    also_known_as: [],
    biography: '',
    birthday: null,
    deathday: null,
    gender: member.gender ?? 0,
    homepage: null,
    id: member.id,
    imdb_id: null,
    known_for_department: member.known_for_department ?? department,
    name: member.name,
    place_of_birth: null,
    popularity: member.popularity ?? 0,
    profile_path: member.profile_path ?? null,
  };
}
