// `TMDB: Discover…`: filters set in a quick pick (kind, genres, years, score, votes, runtime,
// certification, on my services), shown in Browse and saved by name; `TMDB: Choose My Streaming
// Services…` picks the services once, from TMDB's list for the region. TMDB's names (genres, services,
// certifications) are made inert before a quick pick shows them.
import * as vscode from 'vscode';
import { notifyError, notifyInfo } from '../../kit/notify';
import { pickText } from '../../common/plainText';
import { formatNumber } from '../../model/numbers';
import { displayLocale } from '../../settings/settings';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import type { DiscoverFilters } from '../../tmdb/discovery';
import { parseRange } from './model';
import { userMessage } from '../../tmdb/errors';
import type { MediaKind } from '../../tmdb/schemas';
import { DiscoverNode, type BrowseView } from './browseView';
import { genreNames, type SavedDiscovers } from './savedDiscovers';

type Step =
  'show' | 'save' | 'kind' | 'genres' | 'years' | 'score' | 'votes' | 'runtime' | 'certification' | 'services';
interface StepItem extends vscode.QuickPickItem {
  step: Step;
}

const ANY = () => vscode.l10n.t('Any');
const THIS_YEAR = new Date().getFullYear();

export class DiscoverCommands {
  constructor(
    private readonly client: TmdbClient,
    private readonly saved: SavedDiscovers,
    private readonly browse: BrowseView,
    private readonly log: Logger,
  ) {}

  private genreNames(kind: MediaKind): Promise<Map<number, string>> {
    return genreNames(this.client, kind, this.log);
  }

  private describe(filters: DiscoverFilters): Promise<string> {
    return this.browse.describe(filters);
  }

  /** `TMDB: Discover…` (from a saved discover's menu: edit that one). */
  async discover(arg?: unknown): Promise<void> {
    const editing = arg instanceof DiscoverNode ? arg : undefined;
    const start: DiscoverFilters = editing?.filters ?? this.browse.currentDiscover ?? { kind: 'movie' };
    const chosen = await this.pickFilters({ ...start });
    if (!chosen) return;
    if (chosen.step === 'save') await this.saveAs(chosen.filters, editing?.savedName);
    // Editing a saved discover changes it (Save As… keeps it and makes another).
    else if (editing?.savedName) await this.saved.save(editing.savedName, chosen.filters);
    await this.browse.showDiscover(chosen.filters);
  }

  /** `Save Discover…` on the results' row (or the palette: the results shown). */
  async save(arg?: unknown): Promise<void> {
    const filters = arg instanceof DiscoverNode ? arg.filters : this.browse.currentDiscover;
    if (!filters) {
      void notifyInfo(vscode.l10n.t("TMDB: set Discover's filters first (TMDB: Discover…)."));
      return;
    }
    await this.saveAs(filters, arg instanceof DiscoverNode ? arg.savedName : undefined);
  }

  async delete(arg?: unknown): Promise<void> {
    let name = arg instanceof DiscoverNode ? arg.savedName : undefined;
    if (!name) {
      const all = this.saved.all();
      if (!all.length) {
        void notifyInfo(vscode.l10n.t('TMDB: no discover is saved.'));
        return;
      }
      const picked = await vscode.window.showQuickPick(
        all.map((saved) => ({ label: pickText(saved.name), name: saved.name })),
        { title: vscode.l10n.t('TMDB: Delete Saved Discover'), placeHolder: vscode.l10n.t('Which discover?') },
      );
      name = picked?.name;
    }
    if (name) await this.saved.delete(name);
  }

  /** `TMDB: Choose My Streaming Services…`: TMDB's services for the region, the most watched first. */
  async chooseServices(kind: MediaKind = 'movie'): Promise<boolean> {
    let providers;
    try {
      providers = await this.client.discovery.providers(kind);
    } catch (error) {
      void notifyError(vscode.l10n.t('TMDB: could not read the streaming services: {0}', userMessage(error)));
      return false;
    }
    const mine = new Set(this.saved.services());
    const picked = await vscode.window.showQuickPick(
      providers.slice(0, 300).map((provider) => ({
        label: pickText(provider.provider_name),
        id: provider.provider_id,
        picked: mine.has(provider.provider_id),
      })),
      {
        title: vscode.l10n.t('TMDB: My Streaming Services'),
        placeHolder: vscode.l10n.t('The services you watch on (type to filter)'),
        canPickMany: true,
        matchOnDescription: true,
      },
    );
    if (!picked) return false;
    await this.saved.setServices(picked.map((item) => item.id));
    return true;
  }

  private async saveAs(filters: DiscoverFilters, name?: string): Promise<void> {
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('TMDB: Save Discover'),
      prompt: vscode.l10n.t('A name for these filters'),
      value: name ?? (await this.describe(filters)).slice(0, 80),
      validateInput: (text) => (text.trim() ? undefined : vscode.l10n.t('A name, please')),
    });
    if (!value?.trim()) return;
    await this.saved.save(value, filters);
  }

  /** The filters, one row each, until the person shows (or saves) the results; undefined when dismissed. */
  private async pickFilters(
    filters: DiscoverFilters,
  ): Promise<{ filters: DiscoverFilters; step: 'show' | 'save' } | undefined> {
    let last: Step = 'show';
    for (;;) {
      const items = await this.rows(filters);
      const picked = await pickOne(items, last, {
        title: vscode.l10n.t('TMDB: Discover'),
        placeHolder: await this.describe(filters),
      });
      if (!picked) return undefined;
      last = picked.step;
      if (picked.step === 'show' || picked.step === 'save') return { filters, step: picked.step };
      await this.change(filters, picked.step);
    }
  }

  private async rows(filters: DiscoverFilters): Promise<StepItem[]> {
    const movie = filters.kind === 'movie';
    const names = await this.genreNames(filters.kind);
    const number = (value: number) => formatNumber(value, displayLocale());
    // Years as they are (no "2,010"); minutes with the display language's unit.
    const range = (from?: number, to?: number) =>
      from === undefined && to === undefined ? ANY() : from === to ? `${from}` : `${from ?? '…'}–${to ?? '…'}`;
    const minutes = (from?: number, to?: number) =>
      from === undefined && to === undefined ? ANY() : vscode.l10n.t('{0} min', range(from, to));
    const rows: StepItem[] = [
      { step: 'show', label: `$(search) ${vscode.l10n.t('Show Results')}` },
      { step: 'save', label: `$(save) ${vscode.l10n.t('Save As…')}` },
      {
        step: 'kind',
        label: vscode.l10n.t('Movies or series'),
        description: movie ? vscode.l10n.t('Movies') : vscode.l10n.t('Series'),
      },
      {
        step: 'genres',
        label: vscode.l10n.t('Genres'),
        description: pickText(filters.genres?.map((id) => names.get(id) ?? `#${id}`).join(', ') || ANY()),
      },
      { step: 'years', label: vscode.l10n.t('Years'), description: range(filters.yearFrom, filters.yearTo) },
      {
        step: 'score',
        label: vscode.l10n.t('Minimum score'),
        description: filters.minScore !== undefined ? number(filters.minScore) : ANY(),
      },
      {
        step: 'votes',
        label: vscode.l10n.t('Minimum votes'),
        description: filters.minVotes !== undefined ? number(filters.minVotes) : ANY(),
      },
      {
        step: 'runtime',
        label: vscode.l10n.t('Runtime'),
        description: minutes(filters.runtimeFrom, filters.runtimeTo),
      },
    ];
    if (movie)
      rows.push({
        step: 'certification',
        label: vscode.l10n.t('Certification'),
        description: filters.certification ? vscode.l10n.t('{0} or milder', pickText(filters.certification)) : ANY(),
      });
    const services = this.saved.services().length;
    rows.push({
      step: 'services',
      label: vscode.l10n.t('On my streaming services'),
      description: filters.onMyServices ? vscode.l10n.t('Yes ({0} services)', services) : vscode.l10n.t('No'),
    });
    return rows;
  }

  private async change(filters: DiscoverFilters, step: Step): Promise<void> {
    switch (step) {
      case 'kind':
        filters.kind = filters.kind === 'movie' ? 'tv' : 'movie';
        // Genre ids differ between movies and series; certifications are for movies.
        delete filters.genres;
        delete filters.certification;
        return;
      case 'genres': {
        const names = await this.genreNames(filters.kind);
        const chosen = new Set(filters.genres ?? []);
        const picked = await vscode.window.showQuickPick(
          [...names].map(([id, name]) => ({ label: pickText(name), id, picked: chosen.has(id) })),
          {
            title: vscode.l10n.t('TMDB: Discover · Genres'),
            placeHolder: vscode.l10n.t('A title has every genre picked'),
            canPickMany: true,
          },
        );
        if (picked) filters.genres = picked.length ? picked.map((item) => item.id) : undefined;
        return;
      }
      case 'years': {
        const range = await askRange(
          vscode.l10n.t('Years'),
          vscode.l10n.t('A year or a range: 1999, 2010-2020, 2015-'),
          1870,
          THIS_YEAR + 10,
          filters.yearFrom,
          filters.yearTo,
        );
        if (range) [filters.yearFrom, filters.yearTo] = [range.from, range.to];
        return;
      }
      case 'runtime': {
        const range = await askRange(
          vscode.l10n.t('Runtime'),
          vscode.l10n.t('Minutes: 90-120, 60-, -100'),
          0,
          1000,
          filters.runtimeFrom,
          filters.runtimeTo,
        );
        if (range) [filters.runtimeFrom, filters.runtimeTo] = [range.from, range.to];
        return;
      }
      case 'score': {
        const value = await pickNumber(vscode.l10n.t('Minimum score'), [5, 6, 7, 7.5, 8, 8.5, 9], filters.minScore);
        if (value !== null) filters.minScore = value;
        return;
      }
      case 'votes': {
        const value = await pickNumber(
          vscode.l10n.t('Minimum votes'),
          [10, 100, 500, 1000, 5000, 10000],
          filters.minVotes,
        );
        if (value !== null) filters.minVotes = value;
        return;
      }
      case 'certification': {
        let certifications;
        try {
          certifications = await this.client.discovery.certifications();
        } catch (error) {
          void notifyError(vscode.l10n.t('TMDB: could not read the certifications: {0}', userMessage(error)));
          return;
        }
        const picked = await vscode.window.showQuickPick(
          [
            { label: ANY(), certification: undefined as string | undefined },
            ...certifications.map((c) => ({
              label: pickText(c.certification),
              detail: pickText(c.meaning.slice(0, 200)),
              certification: c.certification as string | undefined,
            })),
          ],
          {
            title: vscode.l10n.t('TMDB: Discover · Certification'),
            placeHolder: vscode.l10n.t('This certification or milder'),
          },
        );
        if (picked) filters.certification = picked.certification;
        return;
      }
      case 'services':
        if (filters.onMyServices) {
          delete filters.onMyServices;
          return;
        }
        if (this.saved.services().length || (await this.chooseServices(filters.kind)))
          filters.onMyServices = this.saved.services().length ? true : undefined;
        return;
      default:
        return;
    }
  }
}

/** A quick pick of `items` with `active` highlighted (the row last changed). */
function pickOne(
  items: StepItem[],
  active: Step,
  options: { title: string; placeHolder: string },
): Promise<StepItem | undefined> {
  const pick = vscode.window.createQuickPick<StepItem>();
  pick.items = items;
  pick.title = options.title;
  pick.placeholder = pickText(options.placeHolder);
  const current = items.find((item) => item.step === active);
  if (current) pick.activeItems = [current];
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0] ?? pick.activeItems[0]);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** Undefined: dismissed; a range ({} for none). */
async function askRange(
  title: string,
  prompt: string,
  min: number,
  max: number,
  from?: number,
  to?: number,
): Promise<{ from?: number; to?: number } | undefined> {
  const value = from === undefined && to === undefined ? '' : `${from ?? ''}-${to ?? ''}`;
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('TMDB: Discover · {0}', title),
    prompt,
    value,
    validateInput: (input) =>
      parseRange(input, min, max)
        ? undefined
        : vscode.l10n.t('From {0} to {1}, like "{2}"', min, max, prompt.split(': ')[1]?.split(',')[0] ?? ''),
  });
  return text === undefined ? undefined : parseRange(text, min, max);
}

/** Null: dismissed; undefined: Any. */
async function pickNumber(
  title: string,
  values: number[],
  current: number | undefined,
): Promise<number | undefined | null> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: ANY(), value: undefined as number | undefined },
      ...values.map((value) => ({
        label: formatNumber(value, displayLocale()),
        value: value as number | undefined,
        description: value === current ? '✓' : undefined,
      })),
    ],
    { title: vscode.l10n.t('TMDB: Discover · {0}', title) },
  );
  return picked ? picked.value : null;
}
