// The import's preview, before anything is written: each title of the file as TMDB matched it, in a
// picker the person checks: matched by IMDb id and matched by title and year (checked, the poster and
// the year to check), ambiguous ones (a choice among TMDB's titles once accepted, or skipped), and what
// did not match or the file could not give (shown, never written). Every name (the file's and TMDB's)
// is shown as text: no icon drawn from it.
import * as vscode from 'vscode';
import { pickText } from '../../common/plainText';
import { dateOfDay } from '../../model/episodeRanges';
import { formatRating } from '../../tree/nodes';
import type { KeptPictures } from '../../core/keptPictures';
import { IMAGE_SIZES } from '../../tmdb/imageUrls';
import type { ImportFile } from './csvFiles';
import type { ImportTarget, JobItem } from './importJob';
import type { Candidate, Matched } from './importMatch';

type Row = vscode.QuickPickItem & { matched?: Matched };

/** The longest the preview waits for its posters to be saved before it shows (the rest are drawn as they come). */
const POSTERS_WAIT_MS = 1_500;

/** The preview; resolves to the titles to write, or undefined when the person went back. */
export async function previewAndPick(
  matched: Matched[],
  file: ImportFile,
  target: ImportTarget,
  pictures: KeptPictures,
  /** Into the ratings: the person's ratings on TMDB now, by "kind:id" (a title whose rating changes is said). */
  ratedNow?: Map<string, number>,
): Promise<JobItem[] | undefined> {
  const fromFile = (m: Matched) => `${m.row.title}${m.row.year ? ` (${m.row.year})` : ''}`;
  const detail = (m: Matched) => {
    const was = changes(m);
    // Into what was watched, a file's rating is not imported: not shown either.
    const rating =
      m.row.rating === undefined || target.kind === 'watched'
        ? ''
        : was === undefined
          ? `★ ${formatRating(m.row.rating)}`
          : vscode.l10n.t('your rating on TMDB changes: ★ {0} → ★ {1}', formatRating(was), formatRating(m.row.rating));
    const watched = m.row.watchedDay === undefined ? '' : vscode.l10n.t('watched {0}', dateOfDay(m.row.watchedDay));
    return [vscode.l10n.t('line {0}', m.row.line), rating, watched].filter(Boolean).join(' · ');
  };
  const section = (label: string, count: number): Row => ({
    label: `${label} (${count})`,
    kind: vscode.QuickPickItemKind.Separator,
  });
  /** The rating on TMDB a matched title's import would change (not one it already has). */
  const changes = (m: Matched) => {
    if (!ratedNow || (m.how !== 'id' && m.how !== 'title') || m.row.rating === undefined) return undefined;
    const now = ratedNow.get(`${m.target.kind}:${m.target.id}`);
    return now !== undefined && now !== m.row.rating ? now : undefined;
  };
  const byHow = <H extends Matched['how']>(how: H) =>
    matched.filter((m): m is Extract<Matched, { how: H }> => m.how === how && changes(m) === undefined);
  const [byId, byTitle, ambiguous, none] = [byHow('id'), byHow('title'), byHow('ambiguous'), byHow('none')];
  // Only a title matched by id or by title changes a rating (`changes`).
  const changing = matched.filter((m): m is Extract<Matched, { how: 'id' | 'title' }> => changes(m) !== undefined);
  // Posters from the kept pictures (a quick pick draws no picture from an http image host, and may block
  // https ones): asked for in the order the rows show, the preview shown once they are saved or after a
  // short wait. The rows are not drawn again as more come: that could undo a check the person has just
  // made (the workbench has it a moment before the extension host does), as it did in the 300-row e2e.
  const poster = (path: string | null) =>
    pictures.icon(path, () => undefined, IMAGE_SIZES.listPoster) ?? new vscode.ThemeIcon('device-camera-video');
  for (const m of [...changing, ...byId, ...byTitle]) poster(m.target.posterPath);
  for (const m of ambiguous) for (const candidate of m.candidates) poster(candidate.posterPath);
  await pictures.settled(POSTERS_WAIT_MS);
  const matchedRow = (m: Matched & { target: Candidate }, check: boolean): Row => ({
    label: pickText(`${m.target.title}${m.target.year ? ` (${m.target.year})` : ''}`),
    description: pickText(
      m.how === 'title' || m.target.title !== m.row.title ? vscode.l10n.t('file: {0}', fromFile(m)) : '',
    ),
    detail: detail(m),
    iconPath: poster(m.target.posterPath),
    picked: check,
    matched: m,
  });
  const rows: Row[] = [
    // Checked, as the file asks; unchecked, the rating given on TMDB stays.
    ...(changing.length
      ? [section(vscode.l10n.t('Changes a rating you gave on TMDB: uncheck to keep yours'), changing.length)]
      : []),
    ...changing.map((m) => matchedRow(m, true)),
    ...(byId.length ? [section(vscode.l10n.t('Matched by IMDb id'), byId.length)] : []),
    ...byId.map((m) => matchedRow(m, true)),
    ...(byTitle.length
      ? [section(vscode.l10n.t('Matched by title and year: check the year and the poster'), byTitle.length)]
      : []),
    ...byTitle.map((m) => matchedRow(m, true)),
    ...(ambiguous.length
      ? [section(vscode.l10n.t('Not sure which title: check to choose, after'), ambiguous.length)]
      : []),
    ...ambiguous.map((m) => ({
      label: pickText(fromFile(m)),
      // One candidate: TMDB has it under another year; more: several fit. Either way, chosen after.
      description: candidatesSaid(m.candidates.length),
      detail: detail(m),
      iconPath: new vscode.ThemeIcon('question'),
      matched: m,
    })),
    ...(none.length + file.skipped.length
      ? [
          section(
            vscode.l10n.t('Not imported: not found on TMDB, or not a movie or series'),
            none.length + file.skipped.length,
          ),
        ]
      : []),
    ...none.map((m) => ({
      label: pickText(fromFile(m)),
      description: vscode.l10n.t('not found on TMDB'),
      detail: detail(m),
      iconPath: new vscode.ThemeIcon('circle-slash'),
    })),
    ...file.skipped.map((skip) => ({
      label: pickText(skip.title || vscode.l10n.t('(no title)')),
      description: pickText(skip.reason),
      detail: vscode.l10n.t('line {0}', skip.line),
      iconPath: new vscode.ThemeIcon('circle-slash'),
    })),
  ];
  const pick = vscode.window.createQuickPick<Row>();
  try {
    pick.canSelectMany = true;
    pick.matchOnDescription = true;
    pick.ignoreFocusOut = true;
    pick.items = rows;
    pick.selectedItems = rows.filter((row) => row.picked);
    const titled = () =>
      (pick.title = vscode.l10n.t(
        'TMDB: import {0} of {1} titles into {2}',
        pick.selectedItems.filter((row) => row.matched).length,
        matched.length + file.skipped.length,
        pickText(targetName(target)),
      ));
    titled();
    // Short enough to be read whole beside the count (the words said of a clicked checkbox were cut off). Enter
    // on a checkbox the mouse clicked is VS Code's: it checks or unchecks that box (the box keeps the focus).
    pick.placeholder = vscode.l10n.t('Space checks and unchecks · Enter or OK imports the checked titles');
    pick.onDidChangeSelection(titled);
    const accepted = await new Promise<readonly Row[] | undefined>((resolve) => {
      pick.onDidAccept(() => resolve(pick.selectedItems));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    if (!accepted) return undefined;
    pick.hide();
    const items: JobItem[] = [];
    const choices = accepted.flatMap((row) => (row.matched?.how === 'ambiguous' ? [row.matched] : []));
    for (const row of accepted) {
      const m = row.matched;
      if (!m || m.how === 'none') continue;
      if (m.how !== 'ambiguous') {
        items.push(itemOf(m, m.target));
        continue;
      }
      // Escape skips this one title, not the preview.
      const chosen = await chooseAmong(m, poster, `${choices.indexOf(m) + 1}/${choices.length}`);
      if (chosen) items.push(itemOf(m, chosen));
    }
    return items.sort((a, b) => a.line - b.line);
  } finally {
    pick.dispose();
  }
}

/** One ambiguous title: TMDB's candidates with their year and poster, or Skip. */
async function chooseAmong(
  m: Matched & { how: 'ambiguous' },
  poster: (path: string | null) => vscode.Uri | vscode.ThemeIcon,
  step: string,
): Promise<Candidate | undefined> {
  const skip = { label: vscode.l10n.t('Skip this title'), candidate: undefined as Candidate | undefined };
  const picked = await vscode.window.showQuickPick(
    [
      ...m.candidates.map((candidate) => ({
        label: pickText(`${candidate.title}${candidate.year ? ` (${candidate.year})` : ''}`),
        iconPath: poster(candidate.posterPath),
        candidate,
      })),
      skip,
    ],
    {
      title: `${vscode.l10n.t('Which is "{0}"?', pickText(`${m.row.title}${m.row.year ? ` (${m.row.year})` : ''}`))} (${step})`,
      placeHolder: vscode.l10n.t('Escape skips this title'),
      ignoreFocusOut: true,
    },
  );
  return picked?.candidate;
}

export function itemOf(matched: Matched, target: { kind: 'movie' | 'tv'; id: number; title: string }): JobItem {
  return {
    kind: target.kind,
    id: target.id,
    title: target.title,
    line: matched.row.line,
    ...(matched.row.rating !== undefined ? { rating: matched.row.rating } : {}),
    ...(matched.row.watchedDay !== undefined ? { day: matched.row.watchedDay } : {}),
  };
}

export function targetName(target: ImportTarget): string {
  if (target.kind === 'rated') return vscode.l10n.t('your ratings');
  if (target.kind === 'watchlist') return vscode.l10n.t('your watchlist');
  if (target.kind === 'watched') return vscode.l10n.t('what you watched');
  return vscode.l10n.t('the list "{0}"', target.listName);
}

function candidatesSaid(count: number): string {
  return count === 1
    ? vscode.l10n.t('TMDB has one title by that name, of another year')
    : vscode.l10n.t('{0} titles on TMDB fit', count);
}
