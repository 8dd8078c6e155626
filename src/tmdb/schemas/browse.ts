// What Up Next and Browse read: a series' schedule (its own answer, without appends), the charts and
// Discover (pages of summaries), and what Discover's filters offer (genres, watch providers,
// certifications).
import * as z from 'zod';
import { once } from '../../common/once';
import { count, flag, id, list, listText, maybeText, paged, text } from './fields';
import { movieSummary, tvSummary } from './records';
import { episode } from './titles';

/**
 * `GET /3/tv/{series_id}` read for its schedule: what Up Next shows of a series, and no more (the page's
 * cast, videos and providers come with the page's own request).
 */
export const seriesSchedule = once(() =>
  z.object({
    id,
    name: text,
    original_name: text,
    poster_path: maybeText,
    first_air_date: maybeText,
    status: text,
    in_production: flag,
    number_of_seasons: count,
    last_episode_to_air: episode().nullable().catch(null),
    next_episode_to_air: episode().nullable().catch(null),
    /** Each season's number and how many episodes TMDB lists: Continue Watching's progress, with no request more. */
    seasons: list(z.object({ season_number: z.number().int(), episode_count: count }), 300),
  }),
);

export const moviePage = once(() => paged(movieSummary()));
export const tvPage = once(() => paged(tvSummary()));

/** `GET /3/genre/{movie|tv}/list`. */
export const genreList = once(() => z.object({ genres: list(z.object({ id, name: text }), 200) }));

/** `GET /3/watch/providers/{movie|tv}`: the providers TMDB knows, with their rank in each country. */
export const providerList = once(() =>
  z.object({
    results: list(
      z.object({
        provider_id: id,
        provider_name: text,
        logo_path: maybeText,
        display_priority: count,
        display_priorities: z.record(z.string(), z.number()).catch({}),
      }),
      2_000,
    ),
  }),
);

/** `GET /3/certification/movie/list`: each country's certifications, `order` from the mildest. */
export const certificationList = once(() =>
  z.object({
    certifications: z
      .record(z.string(), list(z.object({ certification: listText, meaning: text, order: count }), 50))
      .catch({}),
  }),
);
