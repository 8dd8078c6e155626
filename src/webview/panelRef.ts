// What a detail panel is about ({kind, id}): its schema, its key, and reading one from a saved state or
// from what the user typed into "Open Movie…" and friends (an id, or a pasted TMDB URL). No vscode import.
import * as z from 'zod';
import { CREDIT_ID } from '../tmdb/constants';

/** All the page keeps in its state, and all a restore needs. */
export const panelRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('movie'), id: z.number().int().positive() }),
  z.object({ kind: z.literal('tv'), id: z.number().int().positive() }),
  z.object({ kind: z.literal('person'), id: z.number().int().positive() }),
  z.object({ kind: z.literal('credit'), id: z.string().regex(CREDIT_ID) }),
]);
export type PanelRef = z.infer<typeof panelRef>;
export type PanelKind = PanelRef['kind'];

export function refKey(ref: PanelRef): string {
  return `${ref.kind}:${ref.id}`;
}

/** A saved webview state, if it is a valid {kind, id}. */
export function parsePanelRef(raw: unknown): PanelRef | undefined {
  const parsed = panelRef.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

const URL_KIND: Record<string, PanelKind> = { movie: 'movie', tv: 'tv', person: 'person', credit: 'credit' };

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
  // https://www.themoviedb.org/movie/550-fight-club, /tv/1399, /person/287-brad-pitt?language=fr
  const match = /\/(movie|tv|person)\/(\d+)/.exec(text);
  if (match && URL_KIND[match[1]!] === kind) return { kind, id: Number(match[2]) } as PanelRef;
  return undefined;
}
