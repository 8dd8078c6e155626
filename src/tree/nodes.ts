// Tree nodes shared by the views. A click on a title runs the same public command as the palette. Trees
// render no markup: names show exactly as TMDB (or the person who named a list) wrote them; the tooltips,
// which are Markdown, escape them.
import * as vscode from 'vscode';
import { Commands } from '../common/ids';
import { keptLabel, type KeptCopy } from '../model/kept';
import { shortReason, userMessage } from '../tmdb/errors';
import type {
  ListSummary,
  MediaSummary,
  MovieSummary,
  PersonSummary,
  RatedMovie,
  RatedTv,
  TvSummary,
} from '../tmdb/schemas';
import { titleOf } from '../model/titles';
import { titleMarks } from './titleMarks';
import type { PagedSource } from './pagedSource';
import { departmentName } from '../model/valueNames';
import { displayLocale } from '../settings/settings';
import { formatRating as formatRatingIn } from '../model/ratings';

export abstract class Node extends vscode.TreeItem {
  /** Children of an expandable node; never throws (see `safely`). */
  children?(): Promise<Node[]>;
}

export type TitleSummary = MediaSummary | MovieSummary | TvSummary | RatedMovie | RatedTv;

/**
 * Where a title row is: its context value is `<role>.<movie|tv>`, then `.onWatchlist` and `.favorite` when
 * known (./titleMarks), which menus match (lists take movies only).
 */
export type TitleRole =
  'title' | 'watchlistItem' | 'favoriteItem' | 'ratedItem' | 'listItem' | 'upNextItem' | 'continueItem';

export class TitleNode extends Node {
  readonly kind: 'movie' | 'tv';
  private readonly role: TitleRole;
  constructor(
    readonly summary: TitleSummary,
    role: TitleRole = 'title',
  ) {
    const kind = summary.media_type === 'tv' ? 'tv' : 'movie';
    const { name, year } = titleOf(kind, summary);
    super(name, vscode.TreeItemCollapsibleState.None);
    this.kind = kind;
    const rating =
      'rating' in summary && typeof summary.rating === 'number' ? `★ ${formatRating(summary.rating)}` : undefined;
    this.description = [rating, year, kind === 'tv' ? vscode.l10n.t('Series') : vscode.l10n.t('Movie')]
      .filter(Boolean)
      .join(' · ');
    this.iconPath = new vscode.ThemeIcon(kind === 'tv' ? 'device-desktop' : 'device-camera-video');
    // What is known of its flags, for its menu's Add or Remove (./titleMarks).
    this.role = role;
    this.showMarks();
    this.tooltip = new vscode.MarkdownString(undefined, false);
    this.tooltip.appendMarkdown(`**${escapeMarkdown(name)}**${year ? ` (${year})` : ''}\n\n`);
    // appendText would turn every space into &nbsp;, and the tooltip would break lines inside words.
    if (summary.overview) this.tooltip.appendMarkdown(escapeMarkdown(truncate(summary.overview, 400)));
    this.accessibilityInformation = {
      label: `${name}, ${this.description.replace('★', vscode.l10n.t('your rating'))}`,
    };
    this.command = {
      command: kind === 'tv' ? Commands.openTvSeries : Commands.openMovie,
      title: vscode.l10n.t('Open'),
      // A preview tab, as VS Code opens a file from the Explorer (../features/titles/panelManager).
      arguments: [summary.id, { preview: true }],
    };
  }

  /** The row's key in ./titleMarks. */
  get markKey(): string {
    return `${this.kind}:${this.summary.id}`;
  }

  /** Its context value with what is known of its flags (./titleMarks), for its menu's Add or Remove. */
  showMarks(): void {
    const within = this.role === 'watchlistItem' ? 'watchlist' : this.role === 'favoriteItem' ? 'favorite' : undefined;
    this.contextValue = `${this.role}.${this.kind}${titleMarks.suffix(this.kind, this.summary.id, within)}`;
  }
}

export class PersonNode extends Node {
  constructor(
    readonly person: PersonSummary,
    icon: vscode.Uri | undefined,
  ) {
    super(person.name || person.original_name, vscode.TreeItemCollapsibleState.Collapsed);
    const department = departmentName(person.known_for_department);
    this.description = department;
    this.iconPath = icon ?? new vscode.ThemeIcon('person');
    this.contextValue = 'person';
    this.accessibilityInformation = { label: [this.label as string, department].filter(Boolean).join(', ') };
    const known = person.known_for.map((item) => titleOf(item.media_type, item).name);
    this.tooltip = new vscode.MarkdownString(undefined, false);
    this.tooltip.appendMarkdown(`**${escapeMarkdown(this.label as string)}**`);
    if (department) this.tooltip.appendMarkdown(` — ${escapeMarkdown(department)}`);
    if (known.length)
      this.tooltip.appendMarkdown(`\n\n${vscode.l10n.t('Known for: {0}', known.map(escapeMarkdown).join(', '))}`);
    // A click opens the person's page; the twistie shows what they are known for.
    this.command = {
      command: Commands.openPerson,
      title: vscode.l10n.t('Open'),
      arguments: [person.id, { preview: true }],
    };
  }

  override async children(): Promise<Node[]> {
    if (this.person.known_for.length === 0) return [new MessageNode(vscode.l10n.t('No known-for titles'), 'info')];
    return this.person.known_for.map((item) => new TitleNode(item));
  }
}

/** A title in one of the user's lists (My Lists): it can be taken out of that list. */
export class ListItemNode extends TitleNode {
  constructor(
    summary: MediaSummary & { comment?: string },
    readonly list: ListSummary,
  ) {
    super(summary, 'listItem');
    // A v4 list's comment on the title: the person's own words, shown as typed (a tree row renders no Markdown).
    this.comment = summary.comment ?? '';
    if (this.comment) {
      this.description = `“${truncate(this.comment.replace(/\s+/g, ' '), 80)}” · ${String(this.description)}`;
      (this.tooltip as vscode.MarkdownString).appendMarkdown(
        `\n\n${vscode.l10n.t('Comment')}: ${escapeMarkdown(truncate(this.comment, 400))}`,
      );
    }
  }

  readonly comment: string;
}

/** A rating as the display language writes numbers: 8.5, 8,5. */
export function formatRating(value: number): string {
  return formatRatingIn(value, displayLocale());
}

export class ListNode extends Node {
  constructor(
    readonly list: ListSummary,
    private readonly source: PagedSource<MediaSummary>,
    private readonly refreshView: (node?: Node) => void,
  ) {
    super(list.name || vscode.l10n.t('List {0}', list.id), vscode.TreeItemCollapsibleState.Collapsed);
    const count =
      list.item_count === 1
        ? vscode.l10n.t('1 item')
        : vscode.l10n.t('{0} items', list.item_count.toLocaleString(displayLocale()));
    // v4 lists say whether they are public; v3 lists always are.
    this.description = list.public === false ? `${vscode.l10n.t('private')} · ${count}` : count;
    this.tooltip = list.description ? `${list.name}\n\n${list.description}` : list.name;
    this.iconPath = new vscode.ThemeIcon('list-unordered');
    this.contextValue = 'list';
    // Kept expanded across the redraw that follows an edit (its item count, in the description, changes).
    this.id = `list-${list.id}`;
  }

  override async children(): Promise<Node[]> {
    await this.source.ensureLoaded();
    readTheRest(this.source, () => this.refreshView(this));
    const nodes: Node[] = this.source.items.map((item) => new ListItemNode(item, this.list));
    if (this.source.loaded && nodes.length === 0 && !this.source.error)
      nodes.push(new MessageNode(vscode.l10n.t('This list is empty'), 'info'));
    return [...nodes, ...tailNodes(this.source, () => this.refreshView(this))];
  }
}

export class MessageNode extends Node {
  constructor(
    message: string,
    icon: 'info' | 'error' | 'warning' = 'info',
    command?: vscode.Command,
    tooltip?: string,
  ) {
    super(message, vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon(icon, icon === 'error' ? new vscode.ThemeColor('errorForeground') : undefined);
    this.contextValue = 'message';
    this.tooltip = tooltip ?? message;
    if (command) this.command = command;
  }
}

/** "Load more" runs the `tmdb.loadMore` command with itself as the argument. */
export class LoadMoreNode extends Node {
  constructor(readonly run: () => Promise<void>) {
    super(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon('ellipsis');
    this.contextValue = 'loadMore';
    this.command = { command: Commands.loadMore, title: vscode.l10n.t('Load More'), arguments: [this] };
  }
}

/** "Offline · as of 14:02 (click to retry)" above what a view shows from the cache. */
export function offlineNodes(source: { kept: KeptCopy | undefined }, retryCommand: string): Node[] {
  if (!source.kept) return [];
  const label = vscode.l10n.t('{0} (click to retry)', keptLabel(source.kept, displayLocale()));
  const tooltip =
    source.kept.why === 'offline'
      ? vscode.l10n.t('TMDB cannot be reached; this is the last answer it gave.')
      : vscode.l10n.t('TMDB answered with an error; this is the last answer it gave.');
  return [new MessageNode(label, 'warning', { command: retryCommand, title: vscode.l10n.t('Retry') }, tooltip)];
}

/**
 * What follows the items of a paged source: an error with a retry, "Loading… 240 of 1,000" while a
 * person's whole list is read, or "Load more" (a page; for a whole list, `REST_PAGES` more).
 */
export function tailNodes<T>(source: PagedSource<T>, changed: () => void): Node[] {
  if (source.error) {
    const retry = new LoadMoreNode(async () => {
      await source.retry();
      changed();
    });
    const reason = shortReason(source.error);
    const label = source.items.length
      ? vscode.l10n.t('Could not load more: {0} (click to retry)', reason)
      : vscode.l10n.t('Could not load: {0} (click to retry)', reason);
    const node = new MessageNode(label, 'error', retry.command, userMessage(source.error));
    return [node];
  }
  if (source.hasMore && source.wholeList && source.busy) {
    const count = (n: number) => n.toLocaleString(displayLocale());
    const node = new MessageNode(
      vscode.l10n.t(
        'Loading… {0} of {1}',
        count(source.items.length),
        source.total === undefined ? '?' : count(source.total),
      ),
      'info',
    );
    node.iconPath = new vscode.ThemeIcon('loading~spin');
    return [node];
  }
  if (source.hasMore) {
    return [
      new LoadMoreNode(async () => {
        await (source.wholeList ? source.loadRest(changed) : source.loadMore());
        changed();
      }),
    ];
  }
  return [];
}

/**
 * A person's own list (watchlist, favorites, ratings, a list's items) comes whole: once its first page is
 * shown, the pages after it are read by themselves, once (`REST_PAGES` at most; "Load more" goes on), and
 * shown as they come (VS Code's tree gathers the redraws of 200 ms into one). TMDB's endless listings
 * (Trending) keep "Load more".
 * Called from `children()`, which VS Code asks of a view on screen (a hidden view's redraws wait, see TreeProvider).
 */
export function readTheRest<T>(source: PagedSource<T>, redraw: () => void): void {
  if (!source.loaded || !source.hasMore || source.error || source.busy || source.wholeList) return;
  void source.loadRest(redraw).then(redraw);
}

/**
 * Text from TMDB as Markdown that reads as the text: every character Markdown gives a meaning to is
 * escaped: `:` too (so "https://…" or "www.…" is no autolink), `&` (no entity), `~` and `=`.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>:~&=]/g, '\\$&');
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
