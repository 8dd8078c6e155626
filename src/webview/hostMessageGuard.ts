// The check of what the host posts, made by the host before it posts and by the page when it reads: the
// same shapes as protocol.ts's `hostMessage` schema, written without zod so the page script stays small and
// a panel builds no schema to talk to its page (a property test holds the two to the same answers).
// No imports but types, the model's {kind, id} (its one id check) and a season's most ranges.
import { asPanelRef, MAX_HISTORY, MAX_NAME } from '../model/panelRef';
import { MAX_RANGES } from '../model/episodeRanges';
import type { HostMessage } from './protocol';

const WATCHLIST_STATES = new Set(['on', 'off', 'busy', 'signedOut', 'unavailable']);
const SETTABLE = new Set(['on', 'off']);

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isSeq = (value: unknown): value is number => isInteger(value) && value >= 0;

function isWatchlistUi(value: unknown): boolean {
  if (!isRecord(value) || typeof value.state !== 'string' || !WATCHLIST_STATES.has(value.state)) return false;
  if (value.pending !== undefined && (typeof value.pending !== 'string' || !SETTABLE.has(value.pending))) return false;
  return value.error === undefined || typeof value.error === 'string';
}

const RATING_STATES = new Set(['shown', 'signedOut', 'unavailable']);

function isRatingUi(value: unknown): boolean {
  if (!isRecord(value) || typeof value.state !== 'string' || !RATING_STATES.has(value.state)) return false;
  const rating = value.value;
  if (rating !== null && (typeof rating !== 'number' || !(rating >= 0.5 && rating <= 10))) return false;
  if (value.pending !== undefined && typeof value.pending !== 'boolean') return false;
  return value.error === undefined || typeof value.error === 'string';
}

const MARK_STATES = new Set(['shown', 'signedOut', 'unavailable']);

/** A season's watched ranges: pairs of whole numbers, at most MAX_RANGES. */
const isRanges = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length <= MAX_RANGES &&
  value.every((range) => Array.isArray(range) && range.length === 2 && isInteger(range[0]) && isInteger(range[1]));

/** A season's ratings: [episode, rating] pairs, a rating 0.5 to 10, at most MAX_RANGES. */
const isRated = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length <= MAX_RANGES &&
  value.every(
    (pair) =>
      Array.isArray(pair) &&
      pair.length === 2 &&
      isInteger(pair[0]) &&
      typeof pair[1] === 'number' &&
      pair[1] >= 0.5 &&
      pair[1] <= 10,
  );

const STEPS = new Set(['link', 'back', 'forward']);
/** A name of a title Back or Forward leads to, or none. */
const isName = (value: unknown): boolean =>
  value === undefined || (typeof value === 'string' && value.length <= MAX_NAME);

const isRef = (value: unknown): boolean => asPanelRef(value) !== undefined;

const isRefList = (value: unknown): boolean =>
  Array.isArray(value) && value.length <= MAX_HISTORY && value.every(isRef);

/** The message if it has one of the host's shapes, else undefined. */
export function checkHostMessage(raw: unknown): HostMessage | undefined {
  if (!isRecord(raw)) return undefined;
  switch (raw.type) {
    case 'loading':
      return isSeq(raw.seq) ? (raw as HostMessage) : undefined;
    case 'render':
      return isSeq(raw.seq) && typeof raw.title === 'string' && typeof raw.html === 'string'
        ? (raw as HostMessage)
        : undefined;
    case 'error':
      return isSeq(raw.seq) && typeof raw.html === 'string' ? (raw as HostMessage) : undefined;
    case 'watchlist':
      return isWatchlistUi(raw.watchlist) ? (raw as HostMessage) : undefined;
    case 'favorite':
      return isWatchlistUi(raw.favorite) ? (raw as HostMessage) : undefined;
    case 'watched':
      return isWatchlistUi(raw.watched) ? (raw as HostMessage) : undefined;
    case 'rating':
      return isRatingUi(raw.rating) ? (raw as HostMessage) : undefined;
    case 'recommendations':
      return typeof raw.html === 'string' && isInteger(raw.page) && typeof raw.hasMore === 'boolean'
        ? (raw as HostMessage)
        : undefined;
    case 'season':
      return typeof raw.html === 'string' && isInteger(raw.season) && (raw.episode === undefined || isSeq(raw.episode))
        ? (raw as HostMessage)
        : undefined;
    case 'location':
      return isRef(raw.ref) &&
        isRecord(raw.history) &&
        isRefList(raw.history.back) &&
        isRefList(raw.history.forward) &&
        (raw.how === undefined || STEPS.has(raw.how as string)) &&
        isName(raw.backTitle) &&
        isName(raw.forwardTitle) &&
        (raw.preview === undefined || typeof raw.preview === 'boolean')
        ? (raw as HostMessage)
        : undefined;
    case 'episodeMarks':
      return isInteger(raw.season) &&
        typeof raw.state === 'string' &&
        MARK_STATES.has(raw.state) &&
        isRanges(raw.ranges) &&
        isSeq(raw.count) &&
        isSeq(raw.total) &&
        isSeq(raw.aired) &&
        typeof raw.complete === 'boolean' &&
        isRated(raw.rated) &&
        (raw.ratingsOffline === undefined || typeof raw.ratingsOffline === 'boolean')
        ? (raw as HostMessage)
        : undefined;
    case 'episodes':
      return typeof raw.html === 'string' &&
        isInteger(raw.season) &&
        (raw.next === null || isInteger(raw.next)) &&
        isSeq(raw.left)
        ? (raw as HostMessage)
        : undefined;
    default:
      return undefined;
  }
}
