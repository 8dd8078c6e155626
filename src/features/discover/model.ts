// Discover's own rules, which know no vscode: the ranges a person types, and the filters and saved
// discovers as global state keeps them (checked field by field: Settings Sync or an edit may have spoiled them).
import type { DiscoverFilters } from '../../tmdb/discovery';

/**
 * A range as a person types it: "2010-2020", "2010–2020", "2010-" (from), "-2020" (to), "2010" (that
 * one); "" is no range. Undefined when it is not one, or is outside `min`..`max`, or runs backwards.
 */
export function parseRange(text: string, min: number, max: number): { from?: number; to?: number } | undefined {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const match = /^(\d+)?\s*(?:([-–—])\s*(\d+)?)?$/.exec(trimmed);
  if (!match || (!match[1] && !match[3])) return undefined;
  const from = match[1] ? Number(match[1]) : undefined;
  const to = match[2] ? (match[3] ? Number(match[3]) : undefined) : from;
  const inside = (n: number | undefined) => n === undefined || (n >= min && n <= max);
  if (!inside(from) || !inside(to) || (from !== undefined && to !== undefined && from > to)) return undefined;
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

const whole = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : undefined;

/** Filters as stored, checked field by field: anything out of shape is left out. */
export function readFilters(value: unknown): DiscoverFilters | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  if (raw.kind !== 'movie' && raw.kind !== 'tv') return undefined;
  const filters: DiscoverFilters = { kind: raw.kind };
  if (Array.isArray(raw.genres))
    filters.genres = [
      ...new Set(raw.genres.slice(0, 100).filter((id): id is number => Number.isSafeInteger(id) && id > 0)),
    ].slice(0, 20);
  filters.yearFrom = whole(raw.yearFrom, 1870, 2200);
  filters.yearTo = whole(raw.yearTo, 1870, 2200);
  filters.minScore = whole(raw.minScore, 0, 10);
  filters.minVotes = whole(raw.minVotes, 0, 1_000_000);
  filters.runtimeFrom = whole(raw.runtimeFrom, 0, 1000);
  filters.runtimeTo = whole(raw.runtimeTo, 0, 1000);
  if (typeof raw.certification === 'string' && raw.certification.length <= 20)
    filters.certification = raw.certification;
  if (raw.onMyServices === true) filters.onMyServices = true;
  for (const key of Object.keys(filters) as Array<keyof DiscoverFilters>)
    if (filters[key] === undefined) delete filters[key];
  return filters;
}

/** A Discover saved by name (`TMDB: Save Discover…`). */
export interface SavedDiscover {
  name: string;
  filters: DiscoverFilters;
}

export const MAX_SAVED = 50;
export const MAX_SAVED_NAME = 80;
/** Entries of a stored array looked at, at most: enough for 50 among the ones a sync or an edit spoiled. */
const MAX_READ = 4 * MAX_SAVED;

/** Saved discovers from what the state holds (see `SavedDiscovers.all`). */
export function readSaved(raw: unknown): SavedDiscover[] {
  if (!Array.isArray(raw)) return [];
  const saved: SavedDiscover[] = [];
  const names = new Set<string>();
  for (const item of raw.slice(0, MAX_READ)) {
    const entry = item as { name?: unknown; filters?: unknown } | null;
    const name = typeof entry?.name === 'string' ? entry.name.trim().slice(0, MAX_SAVED_NAME) : '';
    const filters = name && !names.has(name) ? readFilters(entry?.filters) : undefined;
    if (!filters) continue;
    names.add(name);
    saved.push({ name, filters });
    if (saved.length === MAX_SAVED) break;
  }
  return saved;
}
