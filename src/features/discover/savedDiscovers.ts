// Discover's filters a person saved by name, and the streaming services they picked for "on my
// services": kept in the extension's global state (synced with Settings Sync), read back strictly (a
// hand-edited or older state is dropped, not trusted).
import * as vscode from 'vscode';
import { ContextKeys, StateKeys } from '../../common/ids';
import { setContext } from '../../kit/contextKeys';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import type { DiscoverFilters } from '../../tmdb/discovery';
import { MAX_SAVED, MAX_SAVED_NAME as MAX_NAME, readSaved, type SavedDiscover } from './model';
import { formatNumber } from '../../model/numbers';
import { displayLocale } from '../../settings/settings';
import type { MediaKind } from '../../tmdb/schemas';

export class SavedDiscovers {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    // The palette offers "Delete Saved Discover…" only when there is one ("TMDB: Discover" found it first).
    const sync = () => setContext(ContextKeys.hasSavedDiscovers, this.all().length > 0);
    sync();
    this.changed.event(sync);
  }

  /**
   * The saved discovers, read as any input from outside is (Settings Sync, a hand-edited state): at most
   * 50, each name once (the first kept), and no more of the stored array looked at than could yield them.
   */
  all(): SavedDiscover[] {
    return readSaved(this.state.get<unknown>(StateKeys.savedDiscovers));
  }

  /** Saves (or replaces, by name) a discover. */
  async save(name: string, filters: DiscoverFilters): Promise<void> {
    const trimmed = name.trim().slice(0, MAX_NAME);
    const rest = this.all().filter((saved) => saved.name !== trimmed);
    await this.state.update(StateKeys.savedDiscovers, [{ name: trimmed, filters }, ...rest].slice(0, MAX_SAVED));
    this.changed.fire();
  }

  async delete(name: string): Promise<void> {
    await this.state.update(
      StateKeys.savedDiscovers,
      this.all().filter((saved) => saved.name !== name),
    );
    this.changed.fire();
  }

  /** The provider ids of the person's streaming services. */
  services(): number[] {
    const raw = this.state.get<unknown>(StateKeys.myServices);
    if (!Array.isArray(raw)) return [];
    return [...new Set(raw.slice(0, 400).filter((id): id is number => Number.isSafeInteger(id) && id > 0))].slice(
      0,
      100,
    );
  }

  async setServices(ids: number[]): Promise<void> {
    await this.state.update(StateKeys.myServices, [...new Set(ids)].slice(0, 100));
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** A range as it reads: "2010–2020", "from 2010", "to 2020"; `unit` words a value ("90 min"). */
function rangeText(
  from: number | undefined,
  to: number | undefined,
  unit = (text: string) => text,
): string | undefined {
  if (from !== undefined && to !== undefined) return unit(from === to ? `${from}` : `${from}–${to}`);
  if (from !== undefined) return vscode.l10n.t('from {0}', unit(`${from}`));
  if (to !== undefined) return vscode.l10n.t('to {0}', unit(`${to}`));
  return undefined;
}

/** What a discover asks for, in a line: "Movies · Drama, Crime · 2010–2020 · score ≥ 7 · on my services". */
export function describeFilters(filters: DiscoverFilters, genreNames: ReadonlyMap<number, string>): string {
  const genres = filters.genres?.map((id) => genreNames.get(id) ?? `#${id}`).join(', ');
  return [
    filters.kind === 'movie' ? vscode.l10n.t('Movies') : vscode.l10n.t('Series'),
    genres,
    rangeText(filters.yearFrom, filters.yearTo),
    filters.minScore !== undefined
      ? vscode.l10n.t('score ≥ {0}', formatNumber(filters.minScore, displayLocale()))
      : undefined,
    filters.minVotes !== undefined
      ? vscode.l10n.t('≥ {0} votes', formatNumber(filters.minVotes, displayLocale()))
      : undefined,
    rangeText(filters.runtimeFrom, filters.runtimeTo, (text) => vscode.l10n.t('{0} min', text)),
    filters.kind === 'movie' && filters.certification
      ? vscode.l10n.t('{0} or milder', filters.certification)
      : undefined,
    filters.onMyServices ? vscode.l10n.t('on my services') : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Genre names by id for a kind (TMDB's list, kept a day); none when it cannot be read. */
export async function genreNames(client: TmdbClient, kind: MediaKind, log: Logger): Promise<Map<number, string>> {
  try {
    return new Map((await client.discovery.genres(kind)).genres.map((genre) => [genre.id, genre.name]));
  } catch (error) {
    log.warn('discover', `no genre names: ${String(error)}`);
    return new Map();
  }
}
