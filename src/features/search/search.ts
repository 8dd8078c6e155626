// TMDB: Search… — a quick pick with results as you type (debounced; a stale request is cancelled).
import * as vscode from 'vscode';
import type { Logger } from '../../kit/log';
import type { RecentTitle, RecentTitles } from './recentTitles';
import type { TmdbClient } from '../../tmdb/client';
import { isTmdbError, userMessage } from '../../tmdb/errors';
import type { SearchResult } from '../../tmdb/schemas';
import { pickText } from '../../common/plainText';
import { titleOf } from '../../model/titles';
import type { PanelRef } from '../../model/panelRef';
import { departmentName } from '../../model/valueNames';

export const SEARCH_DEBOUNCE_MS = 250;

/** Runs searches so that only the newest one answers. */
export class Searcher {
  private current: AbortController | undefined;

  constructor(
    private readonly client: TmdbClient,
    private readonly log: Logger,
  ) {}

  /** Results for `text`, or undefined when a newer search superseded this one. */
  async search(text: string): Promise<SearchResult[] | undefined> {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    try {
      const page = await this.client.searchMulti(text, 1, controller.signal);
      return controller.signal.aborted ? undefined : page.results;
    } catch (error) {
      if (isTmdbError(error, 'cancelled') || controller.signal.aborted) return undefined;
      this.log.error('search', 'search failed', error);
      throw error;
    } finally {
      if (this.current === controller) this.current = undefined;
    }
  }

  cancel(): void {
    this.current?.abort();
  }
}

interface ResultItem extends vscode.QuickPickItem {
  ref?: PanelRef;
}

// TMDB's results are already the answer to what was typed (it matches original titles, other languages,
// near spellings): alwaysShow keeps the quick pick from filtering them out again by label.

export function toItem(result: SearchResult): ResultItem {
  switch (result.media_type) {
    case 'movie':
      return {
        label: `$(device-camera-video) ${pickText(titleOf('movie', result).name)}`,
        description: [vscode.l10n.t('Movie'), titleOf('movie', result).year].filter(Boolean).join(' · '),
        detail: pickText(result.overview) || undefined,
        alwaysShow: true,
        ref: { kind: 'movie', id: result.id },
      };
    case 'tv':
      return {
        label: `$(device-desktop) ${pickText(titleOf('tv', result).name)}`,
        description: [vscode.l10n.t('Series'), titleOf('tv', result).year].filter(Boolean).join(' · '),
        detail: pickText(result.overview) || undefined,
        alwaysShow: true,
        ref: { kind: 'tv', id: result.id },
      };
    case 'person':
      return {
        label: `$(person) ${pickText(result.name || result.original_name)}`,
        description: pickText(
          [vscode.l10n.t('Person'), departmentName(result.known_for_department)].filter(Boolean).join(' · '),
        ),
        detail: pickText(result.known_for.map((k) => titleOf(k.media_type, k).name).join(', ')) || undefined,
        alwaysShow: true,
        ref: { kind: 'person', id: result.id },
      };
  }
}

const RECENT_ICON: Record<PanelRef['kind'], string> = {
  movie: 'device-camera-video',
  tv: 'device-desktop',
  person: 'person',
  collection: 'library',
  credit: 'account',
};

/** What an empty search shows: the titles opened lately, newest first. */
export function recentItems(recent: readonly RecentTitle[]): ResultItem[] {
  if (recent.length === 0) return [];
  return [
    { label: vscode.l10n.t('Recently opened'), kind: vscode.QuickPickItemKind.Separator },
    ...recent.map((title) => ({
      label: `$(${RECENT_ICON[title.ref.kind]}) ${pickText(title.label)}`,
      description: title.detail,
      ref: title.ref,
    })),
  ];
}

/**
 * The search box: `open` gets the title picked. `title`: the box's title when it is asked for another
 * reason than opening a page (TMDB: Insert Link to Title…).
 */
export function showSearch(
  searcher: Searcher,
  recent: RecentTitles,
  open: (ref: PanelRef) => void,
  title = vscode.l10n.t('TMDB: Search'),
  onClose?: () => void,
): vscode.QuickPick<ResultItem> {
  const pick = vscode.window.createQuickPick<ResultItem>();
  pick.title = title;
  pick.placeholder = vscode.l10n.t('Search movies, series and people');
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  const clear: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('clear-all'),
    tooltip: vscode.l10n.t('Clear recently opened titles'),
  };
  // Read with the deferred part's schema: at once, or once it has loaded (a browser), unless a search began.
  const showRecent = () =>
    recent.whenRead(
      () => {
        if (pick.value.trim().length >= 2) return;
        pick.items = recentItems(recent.all);
        pick.buttons = recent.all.length ? [clear] : [];
      },
      (error) => (pick.items = [failed(error)]),
    );
  pick.onDidTriggerButton(async (button) => {
    if (button !== clear) return;
    await recent.clear();
    if (pick.value.trim().length < 2) showRecent();
    else pick.buttons = [];
  });
  showRecent();
  let timer: ReturnType<typeof setTimeout> | undefined;
  pick.onDidChangeValue((value) => {
    clearTimeout(timer);
    const text = value.trim();
    if (text.length < 2) {
      searcher.cancel();
      pick.busy = false;
      showRecent();
      return;
    }
    pick.busy = true;
    timer = setTimeout(async () => {
      try {
        const results = await searcher.search(text);
        if (results === undefined) return;
        pick.items = results.length
          ? results.map(toItem)
          : [{ label: vscode.l10n.t('No results for "{0}"', pickText(text)), alwaysShow: true }];
      } catch (error) {
        pick.items = [failed(error)];
      } finally {
        pick.busy = false;
      }
    }, SEARCH_DEBOUNCE_MS);
  });
  pick.onDidAccept(() => {
    const ref = pick.selectedItems[0]?.ref;
    if (!ref) return;
    // Told first, then hidden: the box's close (`onClose`) comes after the pick.
    open(ref);
    pick.hide();
  });
  pick.onDidHide(() => {
    clearTimeout(timer);
    searcher.cancel();
    onClose?.();
    pick.dispose();
  });
  pick.show();
  return pick;
}

function failed(error: unknown): ResultItem {
  return { label: `$(error) ${vscode.l10n.t('Search failed')}`, detail: userMessage(error), alwaysShow: true };
}

/** The search box asked for a title to use elsewhere: the one picked, or undefined when it is closed. */
export function pickTitle(searcher: Searcher, recent: RecentTitles, title: string): Promise<PanelRef | undefined> {
  // Closed without a pick (Escape): undefined. After a pick, `resolve` has had the title already.
  return new Promise((resolve) => void showSearch(searcher, recent, resolve, title, () => resolve(undefined)));
}
