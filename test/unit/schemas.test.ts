import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import * as z from 'zod';
import * as s from '../../src/tmdb/schemas';
import { recentTitles } from '../../src/features/search/recentTitlesSchema';
import * as protocol from '../../src/webview/protocol';
import { panelRef } from '../../src/model/panelRefSchema';
import { fixture, FIXTURES } from '../tmdb-server/catalogue';
import { budget, runs } from '../support/properties';

/** Shapes in the fixtures that the extension does not read: checked here so the set stays complete. */
const unread = {
  guestSession: z.object({ success: z.boolean(), guest_session_id: z.string(), expires_at: z.string() }),
  tvKeywords: z.object({ id: z.number().int(), results: s.list(s.keyword()) }),
  configuration: z.object({
    images: z.object({
      secure_base_url: z.string(),
      poster_sizes: z.array(z.string()),
      profile_sizes: z.array(z.string()),
    }),
    change_keys: z.array(z.string()),
  }),
};

/** Every real body under test/fixtures/tmdb, with the schema that reads it. */
const SCHEMA_FOR: Record<string, z.ZodType> = {
  'openapi-examples/account-details.json': s.account(),
  'openapi-examples/account-lists.json': s.accountLists(),
  'openapi-examples/account-watchlist-add.json': s.statusResponse(),
  'openapi-examples/account-watchlist-movies.json': s.watchlistMovies(),
  'openapi-examples/account-watchlist-tv.json': s.watchlistTv(),
  'openapi-examples/authentication-guest-session-new.json': unread.guestSession,
  'openapi-examples/authentication-session-convert-4.json': s.session(),
  'openapi-examples/authentication-session-delete.json': s.successOnly(),
  'openapi-examples/authentication-session-new.json': s.session(),
  'openapi-examples/authentication-token-new.json': s.requestToken(),
  'openapi-examples/authentication-validate-key-401.json': s.errorBody(),
  'openapi-examples/authentication-validate-key.json': s.statusResponse(),
  'openapi-examples/configuration.json': unread.configuration,
  'openapi-examples/credit-details.json': s.creditDetails(),
  'openapi-examples/list-details.json': s.listDetails(),
  'openapi-examples/list-add-item.json': s.statusResponse(),
  'openapi-examples/list-create.json': s.listCreated(),
  'openapi-examples/list-item-status.json': s.listItemStatus(),
  'openapi-examples/list-remove-item.json': s.statusResponse(),
  'openapi-examples/movie-account-states.json': s.accountStates(),
  'openapi-examples/movie-rating-add.json': s.statusResponse(),
  'openapi-examples/movie-rating-delete.json': s.statusResponse(),
  'openapi-examples/tv-rating-add.json': s.statusResponse(),
  'openapi-examples/tv-account-states.json': s.accountStates(),
  'openapi-examples/movie-details-550.json': s.movieDetails(),
  'openapi-examples/movie-keywords-550.json': s.movieKeywords(),
  'openapi-examples/movie-release-dates-550.json': s.releaseDates(),
  'openapi-examples/person-details.json': s.personDetails(),
  // TMDB's answer to `…/combined_credits`, as the person page has it appended.
  'openapi-examples/person-combined-credits.json': s.personDetails().shape.combined_credits,
  // …and to `…/external_ids` (the person's pages elsewhere).
  'openapi-examples/person-external-ids.json': s.personDetails().shape.external_ids,
  'openapi-examples/tv-aggregate-credits.json': s.aggregateCredits(),
  'openapi-examples/collection-details.json': s.collectionDetails(),
  'openapi-examples/account-favorite-movies.json': s.watchlistMovies(),
  'openapi-examples/account-favorite-tv.json': s.watchlistTv(),
  'openapi-examples/account-favorite-add.json': s.statusResponse(),
  'openapi-examples/trending-person-day.json': s.trendingPeople(),
  'openapi-examples/trending-all-day.json': s.trendingAll(),
  'openapi-examples/tv-details-1399.json': s.tvSeries(),
  'openapi-examples/tv-keywords.json': unread.tvKeywords,
  'openapi-examples/movie-videos.json': s.videos(),
  'openapi-examples/tv-videos.json': s.videos(),
  'openapi-examples/tv-season-details.json': s.seasonDetails(),
  'openapi-examples/movie-watch-providers.json': s.watchProviders(),
  'openapi-examples/tv-watch-providers.json': s.watchProviders(),
  'openapi-examples/tv-recommendations.json': s.paged(s.tvSummary()),
  // Browse and Discover (the charts' `dates` are not read).
  'openapi-examples/movie-now-playing.json': s.moviePage(),
  'openapi-examples/movie-upcoming.json': s.moviePage(),
  'openapi-examples/movie-popular.json': s.moviePage(),
  'openapi-examples/movie-top-rated.json': s.moviePage(),
  'openapi-examples/tv-airing-today.json': s.tvPage(),
  'openapi-examples/tv-on-the-air.json': s.tvPage(),
  'openapi-examples/tv-popular.json': s.tvPage(),
  'openapi-examples/tv-top-rated.json': s.tvPage(),
  'openapi-examples/discover-movie.json': s.moviePage(),
  'openapi-examples/discover-tv.json': s.tvPage(),
  'openapi-examples/genre-movie-list.json': s.genreList(),
  'openapi-examples/genre-tv-list.json': s.genreList(),
  'openapi-examples/watch-providers-movie.json': s.providerList(),
  'openapi-examples/watch-providers-tv.json': s.providerList(),
  'openapi-examples/certification-movie-list.json': s.certificationList(),
  'live-captures/credit-details.json': s.creditDetails(),
  'live-captures/invalid-api-key.json': s.errorBody(),
  'live-captures/movie-credits.json': s.movieCredits(),
  'live-captures/movie-details.json': s.movieDetails(),
  'live-captures/movie-keywords.json': s.movieKeywords(),
  'live-captures/movie-recommendations.json': s.movieRecommendations(),
  'live-captures/movie-release-dates.json': s.releaseDates(),
  'live-captures/person-details.json': s.personDetails(),
  'live-captures/resource-not-found.json': s.errorBody(),
  'live-captures/search-movie.json': s.paged(s.movieSummary()),
  'live-captures/search-tv.json': s.paged(s.tvSummary()),
  'live-captures/tv-details-complex.json': s.tvSeries(),
  'live-captures/tv-details.json': s.tvSeries(),
  'live-captures/tv-episode-details.json': s.episode(),
  'live-captures/tv-keywords.json': unread.tvKeywords,
  'live-captures/tv-season-details.json': s.seasonSummary().extend({ episodes: s.list(s.episode()) }),
  'live-captures/validation-error.json': s.errorBody(),
};

describe('schemas built on first need', () => {
  it('are exported as builders, not schemas: each gives the same schema every time it is asked', () => {
    const { list, paged, ...answers } = s;
    const { panelHistory, pageMessage, watchlistUi, ratingUi, hostMessage } = protocol;
    const builders: Record<string, unknown> = {
      ...answers,
      panelRef,
      panelHistory,
      pageMessage,
      watchlistUi,
      ratingUi,
      hostMessage,
      recentTitles,
    };
    assert.ok(Object.keys(answers).length > 60 && typeof list === 'function' && typeof paged === 'function');
    for (const [name, builder] of Object.entries(builders)) {
      // A schema exported as it is was built when its file loaded, at the first use's cost (npm run bench: "First use").
      assert.equal(typeof builder, 'function', `${name} is built as its file loads`);
      const built = (builder as () => unknown)();
      assert.ok(built instanceof z.ZodType, name);
      assert.equal((builder as () => unknown)(), built, `${name} is built again`);
    }
  });
});

describe('schemas against every real TMDB fixture', () => {
  const files = ['openapi-examples', 'live-captures'].flatMap((dir) =>
    readdirSync(join(FIXTURES, dir)).map((name) => `${dir}/${name}`),
  );

  it('has a schema for every fixture file', () => {
    assert.deepEqual(
      files.filter((f) => !SCHEMA_FOR[f]),
      [],
    );
  });

  for (const file of files) {
    it(`parses ${file}`, () => {
      const schema = SCHEMA_FOR[file];
      assert.ok(schema, `no schema for ${file}`);
      const result = schema.safeParse(fixture(file));
      assert.ok(result.success, result.success ? '' : JSON.stringify(result.error.issues.slice(0, 3)));
    });
  }

  it('keeps every record of the paged fixtures (nothing dropped silently)', () => {
    const trending = s.trendingPeople().parse(fixture('openapi-examples/trending-person-day.json'));
    assert.equal(trending.results.length, 20);
    assert.ok(trending.results.every((p) => p.known_for.length > 0));
    const lists = s.accountLists().parse(fixture('openapi-examples/account-lists.json'));
    assert.equal(lists.results.length, 20);
    const list = s.listDetails().parse(fixture('openapi-examples/list-details.json'));
    assert.equal(list.items.length, 59);
    assert.equal(list.id, '1');
  });

  it('reads the complex series with its nulls and empty strings', () => {
    const series = s.tvSeries().parse(fixture('live-captures/tv-details-complex.json'));
    assert.equal(series.id, 2);
    assert.ok(series.seasons.length > 0);
    assert.equal(series.next_episode_to_air, null);
  });

  it('reads TV credits with their episodes and seasons', () => {
    const tv = s.creditDetails().parse(fixture('openapi-examples/credit-details.json'));
    assert.equal(tv.media_type, 'tv');
    assert.equal(tv.media.name, 'The Last of Us');
    const live = s.creditDetails().parse(fixture('live-captures/credit-details.json'));
    assert.equal(live.media.name, 'Breaking Bad');
    assert.equal(live.person.name, 'Bryan Cranston');
  });
});

describe('schema tolerance', () => {
  const series = fixture('live-captures/tv-details.json');

  it('turns a null or missing optional field into a neutral value', () => {
    const parsed = s
      .tvSeries()
      .parse({ ...series, tagline: null, homepage: '', networks: null, episode_run_time: undefined });
    assert.equal(parsed.tagline, '');
    assert.equal(parsed.homepage, null);
    assert.deepEqual(parsed.networks, []);
    assert.deepEqual(parsed.episode_run_time, []);
  });

  it('drops one bad array element instead of failing the whole answer', () => {
    const seasons = [...series.seasons, { name: 'no id and no season number' }];
    const parsed = s.tvSeries().parse({ ...series, seasons });
    assert.equal(parsed.seasons.length, series.seasons.length);
  });

  it('still fails when the id a view is built around is missing', () => {
    const { id: _id, ...rest } = series;
    assert.equal(s.tvSeries().safeParse(rest).success, false);
  });

  it('reads an episode whose runtime is null', () => {
    const last = { ...series.last_episode_to_air, runtime: null };
    assert.equal(s.tvSeries().parse({ ...series, last_episode_to_air: last }).last_episode_to_air?.runtime, null);
  });

  it('needs the watchlist and favorite flags of account states, as booleans (a write without a clear answer is checked against them)', () => {
    assert.equal(s.accountStates().safeParse({ id: 1, favorite: false, rated: false }).success, false);
    assert.equal(
      s.accountStates().safeParse({ id: 1, rated: false, watchlist: true }).success,
      false,
      'no favorite flag',
    );
    assert.equal(
      s.accountStates().safeParse({ id: 1, favorite: 'true', rated: false, watchlist: true }).success,
      false,
    );
    assert.equal(s.accountStates().safeParse({ id: 1, favorite: null, rated: false, watchlist: true }).success, false);
    assert.deepEqual(s.accountStates().parse({ id: 1, favorite: true, rated: { value: 8 }, watchlist: true }).rated, {
      value: 8,
    });
  });

  it('drops search results of an unknown media type', () => {
    const page = s.searchMulti().parse({
      page: 1,
      total_pages: 1,
      total_results: 2,
      results: [
        { media_type: 'collection', id: 1, name: 'x' },
        { media_type: 'person', id: 2, name: 'Someone', known_for: [] },
      ],
    });
    assert.deepEqual(
      page.results.map((r) => r.media_type),
      ['person'],
    );
  });
});

describe('where to watch, read country by country', () => {
  /** The eager reading the lazy one stands for: every country parsed, a country that does not parse left out. */
  const eager = z.record(z.string(), z.unknown()).transform((results) => {
    const countries: Record<string, unknown> = {};
    for (const [code, entry] of Object.entries(results)) {
      if (!/^[A-Z]{2}$/.test(code)) continue;
      const read = s.countryProviders().safeParse(entry);
      if (read.success) countries[code] = read.data;
    }
    return countries;
  });
  const offer = fc.oneof(
    fc.record(
      {
        provider_id: fc.oneof(fc.integer(), fc.string()),
        provider_name: fc.oneof(fc.string(), fc.constant(null)),
        logo_path: fc.oneof(fc.string(), fc.constant(null)),
        display_priority: fc.oneof(fc.integer(), fc.constant(undefined)),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
  );
  const country = fc.oneof(
    fc.record(
      {
        link: fc.oneof(fc.webUrl(), fc.integer()),
        flatrate: fc.array(offer),
        rent: fc.oneof(fc.array(offer), fc.string()),
        buy: fc.array(offer),
        ads: fc.jsonValue(),
        free: fc.array(offer),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
  );
  const code = fc.oneof(fc.constantFrom('US', 'DE', 'FR', 'GB', 'JP'), fc.string({ maxLength: 3 }));

  it(`has the keys and, read, the values of parsing every country at once (${runs(500)} generated answers)`, () => {
    fc.assert(
      fc.property(fc.dictionary(code, country, { maxKeys: 12 }), (results) => {
        const lazy = s.watchProviders().parse({ results }).results;
        assert.deepEqual(Object.keys(lazy).sort(), Object.keys(eager.parse(results)).sort());
        assert.deepEqual({ ...lazy }, eager.parse(results));
      }),
      budget(500),
    );
  });

  it('parses a country only when it is read, once', () => {
    const results = fixture('openapi-examples/movie-watch-providers.json').results as Record<string, { link: string }>;
    const read = s.watchProviders().parse({ results }).results;
    assert.ok(Object.keys(read).length > 50);
    const us = read.US;
    assert.equal(us, read.US, 'the same value each time');
    assert.equal(us?.link, results.US!.link);
    assert.equal(Object.getOwnPropertyDescriptor(read, 'US')?.value, us, 'a plain property once read');
    assert.equal(Object.getOwnPropertyDescriptor(read, 'DE')?.value, undefined, 'the others not read yet');
  });
});
