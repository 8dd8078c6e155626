// What each kind of panel fetches, what its tab is called, and how its page is built: one row a kind.
import * as l10n from '@vscode/l10n';
import type { TmdbClient } from '../../tmdb/client';
import { titleOf } from '../../model/titles';
import type { PanelKind, PanelRef } from '../../model/panelRef';
import { titlesPart } from './deferredPart';
import type { RenderContext } from './html/markup';
import { PANEL_SCHEMAS } from '../../tmdb/policies';
import { TmdbPaths } from '../../tmdb/paths';

export interface PanelKindSpec<Data, Id> {
  /** What a panel says when TMDB has no such id ("TMDB has no series with id 5."). */
  notFound(id: Id): string;
  /** The kind as a label ("Series"), e.g. beside a recently opened title. */
  label(): string;
  /** The API path the panel reads (what its Retry asks TMDB for again). */
  path(id: Id): string;
  fetch(client: TmdbClient, id: Id): Promise<Data>;
  title(data: Data): string;
  render(data: Data, ctx: RenderContext): string;
}

type IdOf<K extends PanelKind> = Extract<PanelRef, { kind: K }>['id'];

function spec<Data, Id>(kind: PanelKindSpec<Data, Id>): PanelKindSpec<Data, Id> {
  return kind;
}

// The table holds each kind's own answer type; `any` is where the kinds meet (PanelKindSpec is read per kind).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const PANEL_KINDS: { [K in PanelKind]: PanelKindSpec<any, IdOf<K>> } = {
  movie: spec({
    notFound: (id) => l10n.t('TMDB has no movie with id {0}.', id),
    path: TmdbPaths.movie,
    label: () => l10n.t('Movie'),
    fetch: (client, id: number) => client.movie(id),
    title: (movie) => titleOf('movie', movie).name,
    render: (movie, ctx) => titlesPart().pages.renderMovie(movie, ctx),
  }),
  tv: spec({
    notFound: (id) => l10n.t('TMDB has no series with id {0}.', id),
    path: TmdbPaths.tv,
    label: () => l10n.t('Series'),
    fetch: (client, id: number) => client.tvSeries(id),
    title: (series) => titleOf('tv', series).name,
    render: (series, ctx) => titlesPart().pages.renderTv(series, ctx),
  }),
  credit: spec({
    notFound: (id) => l10n.t('TMDB has no credit with id {0}.', id),
    path: TmdbPaths.credit,
    label: () => l10n.t('Credit'),
    fetch: (client, id: string) => client.credit(id),
    title: (credit) => l10n.t('{0} — credit', credit.person.name),
    render: (credit, ctx) => titlesPart().pages.renderCredit(credit, ctx),
  }),
  collection: spec({
    notFound: (id) => l10n.t('TMDB has no collection with id {0}.', id),
    path: TmdbPaths.collection,
    label: () => l10n.t('Collection'),
    fetch: (client, id: number) => client.collection(id),
    title: (collection) => collection.name,
    render: (collection, ctx) => titlesPart().pages.renderCollection(collection, ctx),
  }),
  person: spec({
    notFound: (id) => l10n.t('TMDB has no person with id {0}.', id),
    path: TmdbPaths.person,
    label: () => l10n.t('Person'),
    fetch: (client, id: number) => client.person(id),
    title: (person) => person.name,
    render: (person, ctx) => titlesPart().pages.renderPerson(person, ctx),
  }),
};

/** The row for a ref, typed for its id. */
export function kindOf(ref: PanelRef): PanelKindSpec<unknown, PanelRef['id']> {
  return PANEL_KINDS[ref.kind] as PanelKindSpec<unknown, PanelRef['id']>;
}

/** What a page is built with: the addresses and region from the settings, and the editor's locale. */
export function renderContext(
  settings: { imageBaseUrl: string; webBaseUrl: string; region: string },
  locale: string,
): RenderContext {
  return { imageBaseUrl: settings.imageBaseUrl, webBaseUrl: settings.webBaseUrl, region: settings.region, locale };
}

/**
 * Builds a `kind` page once, from the least answer its schema reads (`{ id: 1 }`), and throws it away: the
 * first page's one-time costs (the locale's Intl formats, the page builders' first run: a movie's first
 * page took 15–24 ms in Node 24, the next 0.3 ms) then come while the id box is read, not after Enter. A
 * kind whose schema wants more than an id (a credit) is left as it is.
 */
export function warmUpPage(kind: PanelKind, ctx: RenderContext): void {
  const least = PANEL_SCHEMAS[kind]().safeParse({ id: 1 });
  if (least.success) PANEL_KINDS[kind].render(least.data, ctx);
}
