// Messages between a detail panel and its page, both ways zod-validated. No vscode import.
// The page speaks first (`ready`); the host posts nothing before it. Anything that does not parse is
// dropped (and logged by the caller).
import * as z from 'zod';

export const panelKind = z.enum(['movie', 'tv', 'credit', 'person']);
export type PanelKind = z.infer<typeof panelKind>;

/** What a panel is about: all the page keeps in its state, and all a restore needs. */
export const panelRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('movie'), id: z.number().int().positive() }),
  z.object({ kind: z.literal('tv'), id: z.number().int().positive() }),
  z.object({ kind: z.literal('person'), id: z.number().int().positive() }),
  z.object({ kind: z.literal('credit'), id: z.string().regex(/^[0-9a-f]{24}$/i) }),
]);
export type PanelRef = z.infer<typeof panelRef>;

export const pageMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('retry') }),
  z.object({ type: z.literal('open'), ref: panelRef }),
  z.object({ type: z.literal('toggleWatchlist') }),
  z.object({ type: z.literal('signIn') }),
  z.object({ type: z.literal('setToken') }),
  z.object({ type: z.literal('loadRecommendations'), page: z.number().int().min(2).max(500) }),
  z.object({ type: z.literal('openExternal'), url: z.string().url().regex(/^https?:\/\//) }),
]);
export type PageMessage = z.infer<typeof pageMessage>;

export const watchlistUi = z.object({
  state: z.enum(['on', 'off', 'busy', 'signedOut', 'unavailable']),
  /** The state being asked for while busy. */
  pending: z.enum(['on', 'off']).optional(),
  error: z.string().optional(),
});
export type WatchlistUi = z.infer<typeof watchlistUi>;

export const hostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('loading') }),
  z.object({ type: z.literal('render'), title: z.string(), html: z.string() }),
  z.object({ type: z.literal('error'), html: z.string() }),
  z.object({ type: z.literal('watchlist'), watchlist: watchlistUi }),
  z.object({ type: z.literal('recommendations'), html: z.string(), page: z.number().int(), hasMore: z.boolean() }),
]);
export type HostMessage = z.infer<typeof hostMessage>;

export function parsePageMessage(raw: unknown): PageMessage | undefined {
  const parsed = pageMessage.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export function parsePanelRef(raw: unknown): PanelRef | undefined {
  const parsed = panelRef.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export function refKey(ref: PanelRef): string {
  return `${ref.kind}:${ref.id}`;
}
