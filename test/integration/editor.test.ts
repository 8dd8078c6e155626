// TMDB in the editor itself, in the real extension host: links in any text (asking TMDB nothing), hover
// cards (TMDB asked once a title), the `tmdb:` completion in Markdown, the title under the cursor, and
// each door's setting. The workbench's own clicks, keys and menus are in test/e2e/editor.test.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import { openPanel, resetState } from './helpers';

const NOTES = [
  '# Film diary',
  'Watched [Fight Club](https://www.themoviedb.org/movie/550-fight-club) again.',
  'Same film on IMDb: tt0137523, and its star nm0000093.',
  'Next: imdb.com/title/tt0944947 and tmdb:person/287, then tmdb:collection/10.',
  'Not ids: att0137523, tt123, tmdb:film/1, 550.',
].join('\n');

async function notes(language = 'markdown', content = NOTES): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language, content });
  return vscode.window.showTextDocument(document);
}

/** Where `text` first starts in the document, a character into it. */
function at(document: vscode.TextDocument, text: string, into = 1): vscode.Position {
  const offset = document.getText().indexOf(text);
  assert.ok(offset >= 0, `"${text}" is in the document`);
  return document.positionAt(offset + into);
}

/** A command link's command and arguments, as VS Code would run them. */
function commandOf(uri: string): { command: string; args: unknown[] } {
  const parsed = vscode.Uri.parse(uri);
  assert.equal(parsed.scheme, 'command');
  return {
    command: parsed.path,
    args: parsed.query ? (JSON.parse(decodeURIComponent(parsed.query)) as unknown[]) : [],
  };
}

/**
 * The requests to TMDB's API (not pictures: a page an earlier test opened may still be loading its own).
 */
function apiRequests(server: { requests: Array<{ path: string }> }): number {
  return server.requests.filter((request) => request.path.startsWith('/3/')).length;
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((part) => (typeof part === 'string' ? part : part.value))
    .join('\n');
}

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('tmdb.editor').update(name, value, vscode.ConfigurationTarget.Global);
}

describe('TMDB in the editor', function () {
  this.timeout(30_000);

  afterEach(async () => {
    for (const name of ['links', 'hovers', 'completion', 'insertForm']) await setting(name, undefined);
  });

  it('links every TMDB and IMDb reference of a Markdown file to its page, asking TMDB nothing', async () => {
    const { server } = await resetState();
    const editor = await notes();
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
      'vscode.executeLinkProvider',
      editor.document.uri,
    );
    const ours = links
      .filter((link) => link.target?.scheme === 'command')
      .map((link) => ({ text: editor.document.getText(link.range), ...commandOf(link.target!.toString(true)) }));
    assert.deepEqual(
      ours.map(({ text, args }) => [text, args[0]]),
      [
        ['https://www.themoviedb.org/movie/550-fight-club', { kind: 'movie', id: 550 }],
        ['tt0137523', { imdb: 'tt0137523', kind: 'title' }],
        ['nm0000093', { imdb: 'nm0000093', kind: 'name' }],
        ['imdb.com/title/tt0944947', { imdb: 'tt0944947', kind: 'title' }],
        ['tmdb:person/287', { kind: 'person', id: 287 }],
        ['tmdb:collection/10', { kind: 'collection', id: 10 }],
      ],
    );
    assert.ok(ours.every(({ command }) => command === 'tmdb.openTitleAtCursor'));
    // Markdown's own link for the same address (to the browser) gives way to ours.
    assert.ok(!links.some((link) => link.target?.scheme === 'https' && /themoviedb/.test(link.target.authority)));
    assert.equal(apiRequests(server), 0, 'finding links asks TMDB nothing');

    // A link's click runs its command: the page opens in VS Code, an IMDb id through TMDB's find.
    const imdb = ours.find(({ text }) => text === 'tt0137523')!;
    const panel = await vscode.commands.executeCommand<DetailPanel>(imdb.command, ...imdb.args);
    assert.deepEqual(panel.ref, { kind: 'movie', id: 550 });
    assert.equal(server.requestsTo('/3/find/tt0137523').length, 1);
    assert.equal(server.requestsTo('/3/find/tt0137523')[0]!.query.external_source, 'imdb_id');
  });

  it('shows a card over a reference, asking TMDB once a title; signed in, with the watchlist and the rating', async () => {
    const { server } = await resetState({ signedIn: true });
    const editor = await notes('plaintext');
    const hover = (text: string) =>
      vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        at(editor.document, text),
      );
    const card = hoverText(await hover('tt0137523'));
    assert.match(card, /\*\*Fight Club\*\* \(1999\)/);
    // The stand-in's pictures are http on loopback, which a hover does not load: the poster goes in as data.
    assert.match(card, /!\[Fight Club\]\(data:image\/[\w+]+;base64,[\w+/=]+\|width=64\)/, 'the poster');
    // TMDB's words are escaped Markdown (every punctuation mark): they render as typed, and nothing else.
    assert.match(card, /User score 84\\% · 2 h 19 min · Drama/);
    assert.match(card, /Not on your watchlist · Your rating\\: 9/);
    assert.match(card, /Stream on fuboTV\\, Hulu/, 'where to watch in the region');
    assert.match(card, /command:tmdb\.openMovie\?%5B550%5D/);
    assert.equal(server.requestsTo('/3/find/tt0137523').length, 1);
    assert.equal(server.requestsTo('/3/movie/550').length, 1);
    // The same title again, by its TMDB address: nothing more is asked.
    const before = apiRequests(server);
    hoverText(await hover('https://www.themoviedb.org/movie/550'));
    hoverText(await hover('tt0137523'));
    assert.equal(apiRequests(server), before, 'the second and third cards come from what was read');

    // The card's watchlist link adds the title, though no page of it is open.
    const onList = server.watchlistOf('movie').includes(550);
    const toggle = /\((command:tmdb\.(?:add|remove)(?:To|From)Watchlist\?[^)]+)\)/.exec(card)![1]!;
    const { command, args } = commandOf(toggle);
    assert.equal(await vscode.commands.executeCommand(command, ...args), true);
    assert.equal(server.watchlistOf('movie').includes(550), !onList);
    assert.match(hoverText(await hover('tt0137523')), onList ? /Not on your watchlist/ : /On your watchlist/);

    // The character after a reference is not on it: no card there.
    const after = editor.document.positionAt(editor.document.getText().indexOf('tt0137523') + 'tt0137523'.length);
    const none = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      editor.document.uri,
      after,
    );
    assert.doesNotMatch(hoverText(none), /Fight Club/);

    // A person's card: the department, no account marks.
    const person = hoverText(await hover('tmdb:person/287'));
    assert.match(person, /\*\*Brad Pitt\*\*/);
    assert.match(person, /Acting/);
    assert.doesNotMatch(person, /watchlist/i);
  });

  it('says why in the card when TMDB cannot answer, and that an IMDb id is unknown', async () => {
    const { server } = await resetState();
    const editor = await notes('plaintext', 'Lost: tt9999999. Missing: tmdb:movie/999999999.');
    const hover = async (text: string) =>
      hoverText(
        await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          editor.document.uri,
          at(editor.document, text),
        ),
      );
    assert.match(await hover('tt9999999'), /TMDB knows no title or person with the IMDb id tt9999999/);
    assert.match(await hover('tmdb:movie/999999999'), /TMDB has no movie with id 999999999\\./);
    // Signed out, a card offers to sign in for the watchlist and the rating.
    const editor550 = await notes('plaintext', 'tmdb:movie/550');
    const signedOut = hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor550.document.uri,
        new vscode.Position(0, 3),
      ),
    );
    assert.match(signedOut, /\[Sign in for your watchlist and rating\]\(command:tmdb\.signIn\)/);
    assert.equal(server.requestsTo('/3/find/tt9999999').length, 1);
  });

  it('completes `tmdb:` in Markdown with TMDB search results, the recent titles first, in the chosen form', async () => {
    const { server } = await resetState();
    await openPanel('tmdb.openTvSeries', 1399);
    const editor = await notes('markdown', 'Tonight: tmdb:fight');
    const end = editor.document.lineAt(0).range.end;
    const complete = async () =>
      (
        await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          editor.document.uri,
          end,
        )
      ).items.filter((item) => item.sortText?.match(/^[ab]\d{3}$/));
    const found = await complete();
    const fightClub = found.find((item) => typeof item.label !== 'string' && item.label.label === 'Fight Club (1999)');
    assert.ok(fightClub, 'Fight Club is offered');
    assert.equal(fightClub.insertText, '[Fight Club (1999)](https://www.themoviedb.org/movie/550)');
    assert.equal(server.requestsTo('/3/search/multi').length, 1);
    assert.equal(server.requestsTo('/3/search/multi')[0]!.query.query, 'fight');

    // Nothing typed after the trigger: the titles opened lately, asking TMDB nothing.
    await editor.edit((edit) => edit.delete(new vscode.Range(end.translate(0, -5), end)));
    const searches = server.requestsTo('/3/search/multi').length;
    const recent = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      editor.document.lineAt(0).range.end,
      ':',
    );
    const first = recent.items.find((item) => item.sortText === 'a000')!;
    assert.equal(typeof first.label === 'string' ? first.label : first.label.label, 'Game of Thrones');
    assert.equal(server.requestsTo('/3/search/multi').length, searches);

    // Two words: the space goes on searching (the space is a trigger of ours, in Markdown).
    await editor.edit((edit) => edit.insert(editor.document.lineAt(0).range.end, 'fight club'));
    const twoWords = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      editor.document.lineAt(0).range.end,
      ' ',
    );
    assert.ok(twoWords.items.some((item) => item.sortText === 'a000' || item.sortText === 'b000'));
    assert.equal(server.requestsTo('/3/search/multi').at(-1)!.query.query, 'fight club');
    await editor.edit((edit) =>
      edit.delete(editor.document.lineAt(0).range.with({ start: new vscode.Position(0, 'Tonight: tmdb:'.length) })),
    );

    // The short form, set in the settings.
    await setting('insertForm', 'shortForm');
    await editor.edit((edit) => edit.insert(editor.document.lineAt(0).range.end, 'fight'));
    const short = (await complete()).find((item) => item.insertText === 'tmdb:movie/550');
    assert.ok(short, 'the short form is inserted');
  });

  it('makes an IMDb-form completion an IMDb link once TMDB has said the id', async () => {
    await resetState();
    await setting('insertForm', 'imdbLink');
    const editor = await notes('markdown', 'Tonight: tmdb:fight');
    const end = editor.document.lineAt(0).range.end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      end,
    );
    const item = list.items.find(
      (candidate) => candidate.insertText === '[Fight Club (1999)](https://www.themoviedb.org/movie/550)',
    )!;
    assert.ok(item.command, 'the completion finishes the link');
    // As VS Code accepts it: the text goes in, then its command runs.
    const range = item.range as vscode.Range;
    await editor.edit((edit) => edit.replace(range, item.insertText as string));
    assert.equal(await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? [])), true);
    assert.equal(editor.document.getText(), 'Tonight: [Fight Club (1999)](https://www.imdb.com/title/tt0137523/)');
  });

  it('opens the title under the cursor, and says so when there is none', async () => {
    const { api } = await resetState();
    const editor = await notes();
    editor.selection = new vscode.Selection(
      at(editor.document, 'imdb.com/title/tt0944947', 20),
      at(editor.document, 'imdb.com/title/tt0944947', 20),
    );
    const panel = await vscode.commands.executeCommand<DetailPanel>('tmdb.openTitleAtCursor');
    assert.deepEqual(panel.ref, { kind: 'tv', id: 1399 });
    const again = await vscode.window.showTextDocument(editor.document);
    again.selection = new vscode.Selection(0, 0, 0, 0);
    assert.equal(await vscode.commands.executeCommand('tmdb.openTitleAtCursor'), undefined);
    assert.equal(api.panels.openPanels.length, 1);
  });

  it('turns each door off with its setting', async () => {
    const { server } = await resetState();
    await setting('links', false);
    await setting('hovers', false);
    const editor = await notes();
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
      'vscode.executeLinkProvider',
      editor.document.uri,
    );
    assert.ok(!links.some((link) => link.target?.scheme === 'command'), 'no link of ours');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      editor.document.uri,
      at(editor.document, 'tt0137523'),
    );
    assert.doesNotMatch(hoverText(hovers), /Fight Club/);
    await setting('completion', false);
    const markdown = await notes('markdown', 'Tonight: tmdb:fight');
    const offered = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      markdown.document.uri,
      markdown.document.lineAt(0).range.end,
    );
    assert.ok(!offered.items.some((item) => item.sortText?.match(/^[ab]\d{3}$/)), 'no completion of ours');
    await setting('links', undefined);
    const back = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
      'vscode.executeLinkProvider',
      editor.document.uri,
    );
    assert.ok(
      back.some((link) => link.target?.scheme === 'command'),
      'links again',
    );
    assert.equal(apiRequests(server), 0);
  });

  it('Insert Link to Title… closed with Escape inserts nothing and is done', async () => {
    await resetState();
    const editor = await notes('markdown', 'Tonight: ');
    const inserting = vscode.commands.executeCommand<boolean>('tmdb.insertLinkToTitle');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await inserting, false);
    assert.equal(editor.document.getText(), 'Tonight: ');
  });

  it('reads localized IMDb addresses, and asks TMDB nothing while the short form is typed out', async () => {
    const { server } = await resetState();
    const editor = await notes('markdown', 'See https://www.imdb.com/de/title/tt0137523/ and tmdb:movie/55');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
      'vscode.executeLinkProvider',
      editor.document.uri,
    );
    assert.ok(links.some((link) => editor.document.getText(link.range) === 'https://www.imdb.com/de/title/tt0137523/'));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      editor.document.lineAt(0).range.end,
    );
    assert.ok(!list.items.some((item) => item.sortText?.match(/^[ab]\d{3}$/)));
    assert.equal(server.requestsTo('/3/search/multi').length, 0);
  });
});
