// Inserting a link to a title while writing: in Markdown, a completion after `tmdb:` that searches TMDB
// as one types (the recent titles first), and TMDB: Insert Link to Title… anywhere (the search box). The
// text is in the form the person chose (./insertForms). TMDB is asked only once the trigger is typed.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import type { Logger } from '../../kit/log';
import { notifyError, notifyInfo } from '../../kit/notify';
import { titleOf } from '../../model/titles';
import { pickText } from '../../common/plainText';
import type { PanelRef, ShownTitle } from '../../model/panelRef';
import type { TmdbClient } from '../../tmdb/client';
import { isTmdbError, userMessage } from '../../tmdb/errors';
import type { SearchResult } from '../../tmdb/schemas';
import type { Settings } from '../../settings/settings';
import { cardName, type CardSubject } from './hoverCard';
import { asInsertForm, insertText, type InsertForm, type Insertable } from './insertForms';
import type { LinkedRef, TitleLookup } from './lookup';
import { lineBefore, SHORT_SCHEME, typedSearch } from './textRefs';
import { asTextTarget } from './cursor';

/** Pause after a key before asking TMDB: a word typed fast is asked once. */
export const COMPLETION_PAUSE_MS = 150;
/** Characters typed before TMDB is asked (the recent titles show before). */
const MIN_QUERY = 2;

export interface InsertDeps {
  client: Pick<TmdbClient, 'searchMulti'>;
  lookup: TitleLookup;
  recent: () => readonly ShownTitle[];
  /** The search box, asking for a title (features/search, through the core's doors: ./index.ts). */
  pickTitle: (title: string) => Promise<PanelRef | undefined>;
  settings: () => Settings;
  log: Logger;
}

export function insertForm(): InsertForm {
  return asInsertForm(vscode.workspace.getConfiguration('tmdb.editor').get('insertForm'));
}

function linkable(ref: PanelRef): LinkedRef | undefined {
  return ref.kind === 'credit' ? undefined : ref;
}

function fromResult(result: SearchResult): Insertable {
  if (result.media_type === 'person')
    return {
      ref: { kind: 'person', id: result.id },
      name: result.name || result.original_name,
      year: '',
      posterPath: result.profile_path,
    };
  const { name, year } = titleOf(result.media_type, result);
  return { ref: { kind: result.media_type, id: result.id }, name, year, posterPath: result.poster_path };
}

function fromSubject(subject: CardSubject): Insertable {
  const details = subject.details;
  switch (subject.kind) {
    case 'movie':
      return {
        ref: { kind: 'movie', id: details.id },
        ...titleOf('movie', subject.details),
        posterPath: subject.details.poster_path,
        imdbId: subject.details.imdb_id ?? undefined,
      };
    case 'tv':
      return {
        ref: { kind: 'tv', id: details.id },
        ...titleOf('tv', subject.details),
        posterPath: subject.details.poster_path,
        imdbId: subject.details.external_ids?.imdb_id ?? undefined,
      };
    case 'person':
      return {
        ref: { kind: 'person', id: details.id },
        name: cardName(subject),
        year: '',
        posterPath: subject.details.profile_path,
        imdbId: subject.details.imdb_id ?? subject.details.external_ids?.imdb_id ?? undefined,
      };
    case 'collection':
      return {
        ref: { kind: 'collection', id: details.id },
        name: cardName(subject),
        year: '',
        posterPath: subject.details.poster_path,
      };
  }
}

export class LinkInserter implements vscode.CompletionItemProvider {
  constructor(private readonly deps: InsertDeps) {}

  /** The text for a title, read from TMDB where the form needs more than a search gives (the IMDb id). */
  async textFor(ref: LinkedRef, form = insertForm()): Promise<string> {
    const item = fromSubject(await this.deps.lookup.subject(ref));
    return insertText(item, form, this.deps.settings().imageBaseUrl);
  }

  /** TMDB: Insert Link to Title…: the search box, then the link at each cursor of the active editor. */
  async insertCommand(): Promise<boolean> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void notifyInfo(vscode.l10n.t('TMDB: open a file to insert a link to a title into.'));
      return false;
    }
    const picked = await this.deps.pickTitle(vscode.l10n.t('TMDB: Insert Link to Title'));
    const ref = picked && linkable(picked);
    if (!ref) return false;
    try {
      const text = await this.textFor(ref);
      return await editor.edit((edit) => {
        for (const selection of editor.selections) edit.replace(selection, text);
      });
    } catch (error) {
      this.deps.log.error('editor', 'could not insert a link', error);
      void notifyError(vscode.l10n.t('TMDB: could not insert the link. {0}', userMessage(error)));
      return false;
    }
  }

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const query = typedSearch(lineBefore(document, position));
    if (query === undefined) return undefined;
    // Words may be joined by - or _ as well as spaces (as in an address's slug).
    const words = query.replace(/[-_+]/g, ' ').trim().toLowerCase();
    const range = new vscode.Range(position.translate(0, -(query.length + SHORT_SCHEME.length + 1)), position);
    const form = insertForm();
    const recent = this.deps.recent().flatMap((title) => {
      const ref = linkable(title.ref);
      const matches = !words || title.label.toLowerCase().includes(words);
      return ref && matches ? [{ ref, name: title.label, year: '' }] : [];
    });
    let found: Insertable[] = [];
    if (words.length >= MIN_QUERY) {
      // Each key cancels the last request: wait a moment, and ask only if no newer key came.
      await new Promise((resolve) => setTimeout(resolve, COMPLETION_PAUSE_MS));
      if (token.isCancellationRequested) return undefined;
      const controller = new AbortController();
      const listening = token.onCancellationRequested(() => controller.abort());
      try {
        const page = await this.deps.client.searchMulti(words, 1, controller.signal);
        found = page.results.map(fromResult);
      } catch (error) {
        if (isTmdbError(error, 'cancelled') || token.isCancellationRequested) return undefined;
        this.deps.log.warn('editor', `completion search failed: ${userMessage(error)}`);
        const said = vscode.l10n.t('TMDB: search failed. {0}', userMessage(error));
        return new vscode.CompletionList([this.note(said, range, document.getText(range))], true);
      } finally {
        listening.dispose();
      }
    }
    const typedText = document.getText(range);
    // A recent title TMDB found too is shown as found (with its year), among the recent ones.
    const byKey = new Map(found.map((item) => [`${item.ref.kind}:${item.ref.id}`, item]));
    const recentItems = recent.map((item) => byKey.get(`${item.ref.kind}:${item.ref.id}`) ?? item);
    const recentKeys = new Set(recent.map((item) => `${item.ref.kind}:${item.ref.id}`));
    const items = [
      ...recentItems.map((item, index) =>
        this.item(item, { form, range, typedText, uri: document.uri }, `a${String(index).padStart(3, '0')}`, true),
      ),
      ...found
        .filter((item) => !recentKeys.has(`${item.ref.kind}:${item.ref.id}`))
        .map((item, index) =>
          this.item(item, { form, range, typedText, uri: document.uri }, `b${String(index).padStart(3, '0')}`, false),
        ),
    ];
    // Before the title is long enough to search, a line that says to type one: an empty list would close, and
    // VS Code would ask nothing more as the person types on (Markdown has no suggestions while typing).
    if (items.length === 0 && words.length < MIN_QUERY)
      items.push(this.note(vscode.l10n.t('Type a title to search TMDB'), range, typedText));
    // Incomplete: VS Code asks again as the person types on, and TMDB answers the longer words.
    return new vscode.CompletionList(items, true);
  }

  /** A line that says something in the list (no title to insert): accepting it leaves what was typed. */
  private note(text: string, range: vscode.Range, typedText: string): vscode.CompletionItem {
    const note = new vscode.CompletionItem(text, vscode.CompletionItemKind.Text);
    note.range = range;
    note.filterText = `${typedText} ${text}`;
    note.insertText = typedText;
    note.sortText = 'z';
    return note;
  }

  private item(
    item: Insertable,
    { form, range, typedText, uri }: { form: InsertForm; range: vscode.Range; typedText: string; uri: vscode.Uri },
    sortText: string,
    recent: boolean,
  ): vscode.CompletionItem {
    const kinds = {
      movie: vscode.l10n.t('Movie'),
      tv: vscode.l10n.t('Series'),
      person: vscode.l10n.t('Person'),
      collection: vscode.l10n.t('Collection'),
    };
    // The label is drawn as typed (no Markdown, no icons in a completion's label).
    const completion = new vscode.CompletionItem(
      {
        label: pickText(item.year ? `${item.name} (${item.year})` : item.name),
        description: recent ? vscode.l10n.t('Recently opened') : kinds[item.ref.kind],
      },
      item.ref.kind === 'person' ? vscode.CompletionItemKind.User : vscode.CompletionItemKind.Reference,
    );
    completion.range = range;
    // TMDB did the matching (other languages, near spellings): VS Code's own filter sees what was typed, then
    // the title, so the keys typed on while TMDB is asked again (a space, the next word) keep the list open.
    completion.filterText = `${typedText} ${item.name}`;
    completion.sortText = sortText;
    completion.insertText = insertText(
      item,
      form === 'imdbLink' ? 'markdownLink' : form,
      this.deps.settings().imageBaseUrl,
    );
    completion.detail = kinds[item.ref.kind];
    // The IMDb form needs the IMDb id, which a search does not give: the TMDB link goes in at once, and is
    // made an IMDb link as soon as TMDB has said the id (if the text is still there, unchanged).
    if (form === 'imdbLink')
      completion.command = {
        title: vscode.l10n.t('Link to IMDb'),
        command: Commands.finishImdbLink,
        arguments: [{ ref: item.ref, text: completion.insertText, at: range.start, uri }],
      };
    return completion;
  }

  /** After an IMDb-form completion: its TMDB link, still where it went, made the IMDb link. */
  async finishImdbLink(arg: unknown): Promise<boolean> {
    const { ref: given, text, at, uri } = (arg ?? {}) as { ref?: unknown; text?: unknown; at?: unknown; uri?: unknown };
    const ref = asTextTarget(given);
    if (
      !ref ||
      'imdb' in ref ||
      typeof text !== 'string' ||
      !(at instanceof vscode.Position) ||
      !(uri instanceof vscode.Uri)
    )
      return false;
    const range = new vscode.Range(at, at.translate(0, text.length));
    let imdb: string;
    try {
      imdb = await this.textFor(ref, 'imdbLink');
    } catch (error) {
      this.deps.log.warn('editor', `kept the TMDB link: ${userMessage(error)}`);
      void notifyInfo(
        vscode.l10n.t('TMDB: the link stays a TMDB link: the IMDb id could not be read. {0}', userMessage(error)),
      );
      return false;
    }
    // The document as it is now (the person may have typed on, or gone to another file): changed only if the
    // link is still there as it went in.
    const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
    if (!document || document.getText(range) !== text || imdb === text) return false;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, range, imdb);
    return vscode.workspace.applyEdit(edit);
  }
}
