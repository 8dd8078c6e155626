// For You's rows: TMDB's picks for the person (`GET /4/account/{account_object_id}/movie/recommendations` and
// `/tv/…`, the first page of each), for a session from TMDB's v4 approval; a v3 session is offered the v4
// sign-in, as lists are. A title the person watched or rated is marked (✓, ★ 8) or, with
// `tmdb.forYou.seen` set to "hide", left out. Signed out, the view's welcome asks to sign in.
import * as vscode from 'vscode';
import type { RatingService } from '../../account/ratingService';
import type { Credentials } from '../../auth/credentials';
import { Commands } from '../../common/ids';
import type { WatchedMarks } from '../../core/doors';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import { EpisodeCalls } from '../../tmdb/episodeCalls';
import { shortReason, userMessage } from '../../tmdb/errors';
import type { MediaKind, MediaSummary } from '../../tmdb/schemas';
import { formatRating, MessageNode, Node, offlineNodes, TitleNode } from '../../tree/nodes';
import { keptCopy } from '../../tmdb/offline';
import { TmdbPaths } from '../../tmdb/paths';

export interface ForYouDeps {
  client: TmdbClient;
  credentials: Credentials;
  ratings: RatingService;
  log: Logger;
  /** What the person watched (features/watched, through the core's doors). */
  watched: () => WatchedMarks;
}

/** Pages of each Rated list read to know what the person rated (20 a page, kept like the Rated view's). */
const RATED_PAGES = 5;

/** What the person has seen: watched (kept here) or rated (at TMDB), by `kind:id`, with the rating. */
type Seen = Map<string, { watched?: true; rating?: number }>;

export class ForYouRows {
  private readonly picks: EpisodeCalls;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly deps: ForYouDeps,
    private readonly redraw: () => void,
  ) {
    this.picks = new EpisodeCalls(deps.client.calls);
    // What the rows say follows the account, the marks and the ratings.
    this.disposables.push(
      deps.credentials.onDidChange(redraw),
      deps.watched().onDidChange(redraw),
      deps.ratings.onDidChange(redraw),
      vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('tmdb') && redraw()),
    );
  }

  /** `TMDB: Refresh For You`: TMDB asked again, not the cache. */
  refresh(): void {
    this.deps.client.expire(TmdbPaths.v4Account);
    this.redraw();
  }

  async children(node?: Node): Promise<Node[]> {
    try {
      return node ? ((await node.children?.()) ?? []) : await this.roots();
    } catch (error) {
      this.deps.log.error('forYou', 'could not list the picks', error);
      return [this.failed(error)];
    }
  }

  private failed(error: unknown): Node {
    return new MessageNode(
      vscode.l10n.t('Could not load: {0} (click to retry)', shortReason(error)),
      'error',
      { command: Commands.forYouRefresh, title: vscode.l10n.t('Retry') },
      userMessage(error),
    );
  }

  private async roots(): Promise<Node[]> {
    const session = await this.deps.credentials.currentSession();
    if (!session) return []; // the welcome asks to sign in
    if (!session.v4)
      return [
        new MessageNode(
          vscode.l10n.t("TMDB's picks for you need TMDB's newer sign-in: click to sign in once more."),
          'info',
          { command: Commands.signIn, title: vscode.l10n.t('Sign In') },
        ),
      ];
    return [new PicksGroup('movie', this), new PicksGroup('tv', this)];
  }

  /** A kind's picks as rows: what the person has seen marked, or left out. */
  async rows(kind: MediaKind): Promise<Node[]> {
    try {
      const [page, seen] = await Promise.all([this.picks.picks(kind), this.seen(kind)]);
      const hide = vscode.workspace.getConfiguration('tmdb').get<string>('forYou.seen') === 'hide';
      const rows = page.results
        .filter((title) => !(hide && seen.has(`${kind}:${title.id}`)))
        .map((title) => pickRow({ ...title, media_type: kind } as MediaSummary, seen.get(`${kind}:${title.id}`)));
      // TMDB out of reach: the last picks it gave, said so above them ("Offline · as of 14:02", a retry).
      const offline = offlineNodes({ kept: keptCopy(page) }, Commands.forYouRefresh);
      return rows.length
        ? [...offline, ...rows]
        : [new MessageNode(vscode.l10n.t('No picks yet: rate a few titles, and TMDB will have some for you.'))];
    } catch (error) {
      this.deps.log.error('forYou', `could not list the ${kind} picks`, error);
      return [this.failed(error)];
    }
  }

  /** The titles of `kind` the person watched (marks) or rated (the Rated list's first pages). */
  private async seen(kind: MediaKind): Promise<Seen> {
    const seen: Seen = new Map();
    if (kind === 'movie') {
      for (const id of (await this.deps.watched().movies()) ?? []) seen.set(`movie:${id}`, { watched: true });
    } else {
      for (const id of (await this.deps.watched().started())?.keys() ?? []) seen.set(`tv:${id}`, { watched: true });
    }
    for (let page = 1; page <= RATED_PAGES; page++) {
      const rated = await this.deps.client.rated(kind, page).catch(() => undefined);
      for (const title of rated?.results ?? [])
        seen.set(`${kind}:${title.id}`, { ...seen.get(`${kind}:${title.id}`), rating: title.rating ?? undefined });
      if (!rated || page >= rated.total_pages) break;
    }
    return seen;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** A pick: the usual title row (its menus), its description saying what the person has seen of it. */
function pickRow(title: MediaSummary, seen: { watched?: true; rating?: number } | undefined): TitleNode {
  const row = new TitleNode(title);
  const marks = [
    seen?.watched ? `✓ ${vscode.l10n.t('Watched')}` : '',
    seen?.rating !== undefined ? `★ ${formatRating(seen.rating)}` : '',
  ].filter(Boolean);
  if (marks.length) row.description = [...marks, row.description].join(' · ');
  return row;
}

class PicksGroup extends Node {
  constructor(
    private readonly kind: MediaKind,
    private readonly owner: ForYouRows,
  ) {
    super(
      kind === 'movie' ? vscode.l10n.t('Movies') : vscode.l10n.t('Series'),
      vscode.TreeItemCollapsibleState.Expanded,
    );
    this.iconPath = new vscode.ThemeIcon(kind === 'movie' ? 'device-camera-video' : 'device-desktop');
    this.contextValue = 'forYouGroup';
    this.id = `forYou-${kind}`;
  }

  override children(): Promise<Node[]> {
    return this.owner.rows(this.kind);
  }
}
