// What a detail panel is about ({kind, id}): its key, the one check of an id (every reader of a {kind, id}
// goes through `refOf`: a saved state, a page's message or link, a command's argument, what the user typed
// into "Open Movie…" and friends). No vscode import.

/** All the page keeps in its state, and all a restore needs. */
export type PanelRef =
  | { kind: 'movie'; id: number }
  | { kind: 'tv'; id: number }
  | { kind: 'person'; id: number }
  | { kind: 'collection'; id: number }
  | { kind: 'credit'; id: string };
export type PanelKind = PanelRef['kind'];

/** How many titles Back (and Forward) keep, each. */
export const MAX_HISTORY = 50;
/** The longest name of a title Back or Forward leads to that a page is told. */
export const MAX_NAME = 200;

/** Where Back and Forward lead: the titles before this one (the last is the previous) and after it (the first is the next). */
export interface PanelHistory {
  back: PanelRef[];
  forward: PanelRef[];
}

/** A credit's id as TMDB makes it: 24 hex digits. */
export const CREDIT_ID = /^[0-9a-f]{24}$/i;

const KINDS: ReadonlySet<unknown> = new Set<PanelKind>(['movie', 'tv', 'person', 'collection', 'credit']);

/** A title's, person's, collection's (or list's, v3) id as TMDB makes them: a positive whole number. */
export function isTmdbId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

/** The one id check: a title's, person's or collection's id is a TMDB id (isTmdbId); a credit's is 24 hex digits. */
export function refOf(kind: unknown, id: unknown): PanelRef | undefined {
  if (!KINDS.has(kind)) return undefined;
  if (kind === 'credit') return typeof id === 'string' && CREDIT_ID.test(id) ? { kind, id } : undefined;
  return isTmdbId(id) ? ({ kind, id } as PanelRef) : undefined;
}

/** A {kind, id} given as a value (a saved state, a page's message, a command's argument); its fields only. */
export function asPanelRef(value: unknown): PanelRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  return refOf(kind, id);
}

/** A {kind, id} given as text (a link's data attributes): digits are a number, anything else is no id. */
export function refFromText(kind: unknown, id: string | undefined): PanelRef | undefined {
  if (id === undefined) return undefined;
  return refOf(kind, kind === 'credit' ? id : /^\d+$/.test(id) ? Number(id) : undefined);
}

/** A title a panel has shown: what the recent titles keep of it. */
export interface ShownTitle {
  ref: PanelRef;
  label: string;
  /** The kind as a word ("Series"). */
  detail: string;
}

export function refKey(ref: PanelRef): string {
  return `${ref.kind}:${ref.id}`;
}

const URL_KIND: Record<string, PanelKind> = {
  movie: 'movie',
  tv: 'tv',
  person: 'person',
  collection: 'collection',
  credit: 'credit',
};

/** What the user typed or pasted: an id, or a TMDB address of the right kind. */
export function parseRef(kind: PanelKind, input: unknown): PanelRef | undefined {
  if (typeof input === 'number') return kind === 'credit' ? undefined : refOf(kind, input);
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  if (kind === 'credit') {
    const match = /(?:^|[^0-9a-f])([0-9a-f]{24})(?:$|[^0-9a-f])/i.exec(text);
    return match ? refOf(kind, match[1]!.toLowerCase()) : undefined;
  }
  if (/^\d+$/.test(text)) return refFromText(kind, text);
  // https://www.themoviedb.org/movie/550-fight-club, /tv/1399, /person/287-brad-pitt?language=fr, /collection/10
  const match = /\/(movie|tv|person|collection)\/(\d+)/.exec(text);
  if (match && Object.hasOwn(URL_KIND, match[1]!) && URL_KIND[match[1]!] === kind) return refOf(kind, Number(match[2]));
  return undefined;
}
