// What TMDB keeps of a person's episodes (the spec's facts, §12: ratings, a season's account states, the
// rated episodes) and its picks for the person (v4 recommendations, movies and series in one list).
import * as z from 'zod';
import { once } from '../../common/once';
import { count, id, list, maybeNumber, paged } from './fields';
import { mediaSummary } from './records';
import { episode } from './titles';

/** A person's rating as `account_states` says it: `false`, or `{value}`. */
const rated = once(() => z.union([z.literal(false), z.object({ value: z.number() })]).catch(false));

/**
 * `GET /3/tv/{id}/season/{n}/account_states`: a row an episode, by its id. The row's `episode_number` is
 * not in TMDB's description (only in its former reference): read when there, else the row is matched by id.
 */
export const seasonAccountStates = once(() =>
  z.object({
    id,
    results: list(z.object({ id, episode_number: count.optional(), rated: rated() }), 5000),
  }),
);

/** `GET /3/account/{account_id}/rated/tv/episodes`: the episode with the person's `rating` and its series' id. */
export const ratedEpisodes = once(() => paged(episode().extend({ rating: maybeNumber })));

/** `GET /4/account/{account_object_id}/movie/recommendations` and `/tv/…`: rows that say their `media_type`. */
export const v4Picks = once(() => paged(mediaSummary()));
