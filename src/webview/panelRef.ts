// What a detail panel is about ({kind, id}): its key, and reading one from what the user typed into
// "Open Movie…" and friends (an id, or a pasted TMDB URL). Its schema, for saved states, is in
// ./protocol (loaded on first use). No vscode import.

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

/** Where Back and Forward lead: the titles before this one (the last is the previous) and after it (the first is the next). */
export interface PanelHistory {
  back: PanelRef[];
  forward: PanelRef[];
}

export function refKey(ref: PanelRef): string {
  return `${ref.kind}:${ref.id}`;
}

const URL_KIND: Record<string, PanelKind> = { movie: 'movie', tv: 'tv', person: 'person', collection: 'collection', credit: 'credit' };

/** What the user typed or pasted: an id, or a TMDB address of the right kind. */
export function parseRef(kind: PanelKind, input: unknown): PanelRef | undefined {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input > 0 && kind !== 'credit' ? ({ kind, id: input } as PanelRef) : undefined;
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  if (kind === 'credit') {
    const match = /(?:^|[^0-9a-f])([0-9a-f]{24})(?:$|[^0-9a-f])/i.exec(text);
    return match ? { kind, id: match[1]!.toLowerCase() } : undefined;
  }
  if (/^\d+$/.test(text)) return { kind, id: Number(text) } as PanelRef;
  // https://www.themoviedb.org/movie/550-fight-club, /tv/1399, /person/287-brad-pitt?language=fr, /collection/10
  const match = /\/(movie|tv|person|collection)\/(\d+)/.exec(text);
  if (match && Object.hasOwn(URL_KIND, match[1]!) && URL_KIND[match[1]!] === kind) return { kind, id: Number(match[2]) } as PanelRef;
  return undefined;
}
