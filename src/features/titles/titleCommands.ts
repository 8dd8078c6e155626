// The pages' commands: Open Movie…, Open TV Series…, Open Person…, Open Collection…, Open Credit… (from a
// row, an id or address, or the id box below), Back and Forward, and the Copy commands.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { notifyError } from '../../kit/notify';
import { userMessage } from '../../tmdb/errors';
import type { FindFirst } from './firstFound';
import { plainText } from '../../common/plainText';
import { parseRef, type PanelKind, type PanelRef } from '../../model/panelRef';
import { PersonNode, TitleNode } from '../../tree/nodes';
import type { CopyCommands, CopyDeps, CopyWhat } from './copyCommands';
import { titlesHostSlice } from './deferredPart';
import type { PanelManager } from './panelManager';

interface Prompt {
  title: string;
  prompt: string;
  placeholder: string;
  /** Said when the input is not an id or address of this kind. */
  invalid: string;
}

// Functions, not constants: the words are looked up in the display language when asked.
const PROMPTS: Record<PanelKind, () => Prompt> = {
  movie: () => ({
    title: vscode.l10n.t('TMDB: Open Movie'),
    prompt: vscode.l10n.t('A TMDB movie id or URL, or a title: Enter opens the first movie found'),
    placeholder: vscode.l10n.t(
      '{0}, {1} or {2}',
      'Fight Club',
      '550',
      'https://www.themoviedb.org/movie/550-fight-club',
    ),
    invalid: vscode.l10n.t('That is not a TMDB movie id or URL.'),
  }),
  tv: () => ({
    title: vscode.l10n.t('TMDB: Open TV Series'),
    prompt: vscode.l10n.t('A TMDB series id or URL, or a title: Enter opens the first series found'),
    placeholder: vscode.l10n.t(
      '{0}, {1} or {2}',
      'Game of Thrones',
      '1399',
      'https://www.themoviedb.org/tv/1399-game-of-thrones',
    ),
    invalid: vscode.l10n.t('That is not a TMDB series id or URL.'),
  }),
  credit: () => ({
    title: vscode.l10n.t('TMDB: Open Credit'),
    prompt: vscode.l10n.t('A TMDB credit id (24 hexadecimal characters)'),
    placeholder: '52542282760ee313280017f9',
    invalid: vscode.l10n.t('That is not a TMDB credit id.'),
  }),
  collection: () => ({
    title: vscode.l10n.t('TMDB: Open Collection'),
    prompt: vscode.l10n.t('A TMDB collection id or URL'),
    placeholder: vscode.l10n.t('{0} or {1}', '10', 'https://www.themoviedb.org/collection/10-star-wars-collection'),
    invalid: vscode.l10n.t('That is not a TMDB collection id or URL.'),
  }),
  person: () => ({
    title: vscode.l10n.t('TMDB: Open Person'),
    prompt: vscode.l10n.t('A TMDB person id or URL, or a name: Enter opens the first person found'),
    placeholder: vscode.l10n.t(
      '{0}, {1} or {2}',
      'Brad Pitt',
      '287',
      'https://www.themoviedb.org/person/287-brad-pitt',
    ),
    invalid: vscode.l10n.t('That is not a TMDB person id or URL.'),
  }),
};

/** How long typing must pause before the title typed so far is asked for (it may not be whole yet). */
const TYPING_PAUSE_MS = 250;

/** Words, not an id or an address: a letter in them, no "/" (an address of another kind) and not an IMDb id. */
const isWords = (value: string) => /\p{L}/u.test(value) && !value.includes('/') && !/^\s*(?:tt|nm)\d+\s*$/i.test(value);

/**
 * Asks for an id or address of `kind`, or (a movie, a series, a person) words to search for; undefined when
 * dismissed or left empty. An input box of its own, not `showInputBox`, for two reasons:
 * - `showInputBox` asks its `validateInput` again on Enter when Enter comes within 100 ms of typing or
 *   pasting: a round trip to the extension host before the panel can even be created. Here the value is
 *   checked as it changes, and Enter on a valid one opens at once.
 * - A valid value is handed to `prefetch` before Enter: at once when pasted (a pasted id or address is
 *   whole), after a pause in typing otherwise ("5" on the way to "550" is a valid id too), so the panel
 *   finds its answer in hand or on the way.
 * Words are searched once typing pauses, as the search box does; the box says what Enter will open (the
 * first found), and Enter opens it (waiting for the search if it is still on its way).
 */
function askForRef(
  kind: PanelKind,
  prefetch: (ref: PanelRef) => void,
  findFirst: FindFirst,
): Promise<PanelRef | undefined> {
  const { title, prompt, placeholder, invalid } = PROMPTS[kind]();
  const box = vscode.window.createInputBox();
  box.title = title;
  box.prompt = prompt;
  box.placeholder = placeholder;
  box.ignoreFocusOut = true;
  const searchable = kind === 'movie' || kind === 'tv' || kind === 'person' ? kind : undefined;
  let typed = '';
  let pause: ReturnType<typeof setTimeout> | undefined;
  /** The search for the words in the box, newest: what Enter opens. */
  let found: { words: string; first: Promise<PanelRef | undefined> } | undefined;
  const search = (words: string) => {
    const first = findFirst(searchable!, words).then(
      (hit) => {
        if (found?.words !== words) return hit?.ref;
        box.busy = false;
        box.prompt = hit
          ? vscode.l10n.t('Enter opens {0}', hit.label)
          : vscode.l10n.t('TMDB found nothing for "{0}".', plainText(words));
        if (hit) prefetch(hit.ref);
        return hit?.ref;
      },
      (error: unknown) => {
        if (found?.words === words) {
          // Forgotten, so the next Enter asks again.
          found = undefined;
          box.busy = false;
          box.prompt = vscode.l10n.t('TMDB: the search failed. {0}', plainText(userMessage(error)));
        }
        return undefined;
      },
    );
    found = { words, first };
    return first;
  };
  return new Promise((resolve) => {
    const done = (ref: PanelRef | undefined) => {
      resolve(ref);
      box.hide();
    };
    const subscriptions = [
      box.onDidChangeValue((value) => {
        clearTimeout(pause);
        const ref = parseRef(kind, value);
        const words = searchable && !ref && isWords(value) ? value.trim() : undefined;
        box.validationMessage = !value.trim() || ref || words ? undefined : invalid;
        const pasted = value.length - typed.length > 1;
        typed = value;
        found = undefined;
        box.busy = false;
        // What Enter opens is said again once these words are searched (never an earlier search's hit).
        box.prompt = prompt;
        if (ref && pasted) prefetch(ref);
        else if (ref) pause = setTimeout(() => prefetch(ref), TYPING_PAUSE_MS);
        else if (words) {
          box.busy = true;
          pause = setTimeout(() => void search(words), TYPING_PAUSE_MS);
        }
      }),
      box.onDidAccept(async () => {
        if (!box.value.trim()) return done(undefined);
        const ref = parseRef(kind, box.value);
        if (ref) return done(ref); // otherwise the box stays, saying why
        const words = searchable && isWords(box.value) ? box.value.trim() : undefined;
        if (!words) return;
        clearTimeout(pause);
        const first = await (found?.words === words ? found.first : search(words));
        if (first && box.value.trim() === words) done(first);
      }),
      box.onDidHide(() => {
        clearTimeout(pause);
        found = undefined; // a search still on its way prefetches nothing
        resolve(undefined);
        for (const subscription of subscriptions) subscription.dispose();
        box.dispose();
      }),
    ];
    box.show();
  });
}

/** The pages' command handlers, registered by the feature's entry (./index.ts). */
export function titleCommands(panels: PanelManager, copyDeps: CopyDeps, findFirst: FindFirst) {
  /** Opens from an argument (id, URL, tree node) or asks for an id. */
  const opener = (kind: PanelKind) => async (arg?: unknown, at?: unknown) => {
    let input: unknown = arg;
    if (arg instanceof PersonNode) input = arg.person.id;
    if (arg instanceof TitleNode) input = arg.summary.id;
    if (input === undefined) {
      // The box is shown by the time askForRef returns; the warm-up comes a moment after it.
      const asking = askForRef(kind, (ref) => panels.prefetch(ref), findFirst);
      panels.warmUp(kind);
      const asked = await asking;
      return asked && panels.open(asked);
    }
    const ref = parseRef(kind, input);
    if (!ref) {
      const { invalid } = PROMPTS[kind]();
      void notifyError(vscode.l10n.t('TMDB: cannot open "{0}". {1}', String(input).slice(0, 80), invalid));
      return undefined;
    }
    const { season, episode, preview } = (at ?? {}) as { season?: unknown; episode?: unknown; preview?: unknown };
    // A sidebar row's click opens a preview tab (the next row's click shows its title there).
    const panel = await panels.open(ref, { preview: preview === true });
    // Up Next opens a series at the season and the episode it names.
    if (ref.kind === 'tv' && typeof season === 'number')
      void panel.openSeason(season, typeof episode === 'number' ? episode : undefined);
    return panel;
  };
  // The Copy commands' code loads with their first use (the deferred part).
  let copier: CopyCommands | undefined;
  const copy = async (what: CopyWhat, arg?: unknown) =>
    (copier ??= new (await titlesHostSlice.load()).CopyCommands(copyDeps)).copy(what, arg);
  return {
    [Commands.openMovie]: opener('movie'),
    [Commands.openTvSeries]: opener('tv'),
    [Commands.openCredit]: opener('credit'),
    [Commands.openPerson]: opener('person'),
    [Commands.openCollection]: opener('collection'),
    [Commands.back]: () => panels.activePanel?.goBack(),
    [Commands.forward]: () => panels.activePanel?.goForward(),
    [Commands.keepOpen]: () => panels.previewTab.keep(panels.activePanel),
    [Commands.copyLink]: (arg?: unknown) => copy('link', arg),
    [Commands.copyId]: (arg?: unknown) => copy('id', arg),
    [Commands.copyImdbId]: (arg?: unknown) => copy('imdbId', arg),
  };
}
