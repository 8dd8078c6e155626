// Reading what the user typed into "Open Movie…" and friends: an id, or a pasted TMDB URL.
// No vscode import.
import type { PanelRef } from './webview/protocol';

const URL_KIND: Record<string, PanelRef['kind']> = { movie: 'movie', tv: 'tv', person: 'person', credit: 'credit' };

export function parseRef(kind: PanelRef['kind'], input: unknown): PanelRef | undefined {
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
