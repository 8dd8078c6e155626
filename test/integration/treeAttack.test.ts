// Generated hostile text through the trees, in the real extension host against the stand-in: names and
// titles TMDB sends (people, what they are known for, trending titles, favorites, Up Next, Continue
// Watching, rated episodes, TMDB's picks for you) and list names a person typed;
// and through the language model tools' answers, where TMDB's text is data a model reads.
// A tree label is the text exactly as written (trees render no markup); a Markdown tooltip escapes it,
// so nothing in it becomes a link, an autolink, HTML, an entity or an icon. Seeded and budgeted
// as every property test (test/support/properties.ts); the seed is printed.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as vscode from 'vscode';
import type { Node } from '../../src/tree/nodes';
import { budget, describeRun, runs } from '../support/properties';
import { invokeTool, resetState } from './helpers';
import { THRONES_SEASONS } from '../support/fixtures';

/** The tools cut a name or a title at 200 characters (six generated pieces can run to ~500). */
const NAME_MAX = 200;

/** Pieces of text built to attack Markdown, VS Code's icons and HTML, mixed with anything at all. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '[now](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x%22%7D)',
        '[[x](y)](https://evil.example/phish)',
        '$(alert)',
        '$(zap~spin)',
        '<img src=x onerror=alert(1)>',
        'https://evil.example',
        'www.evil.example',
        '&lt;b&gt;',
        '**bold**',
        '`code`',
        '\n\n# heading',
        '\n===\n',
        '~~gone~~',
        '<https://evil.example>',
        '\u202e',
        '\\',
      ),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(' ').trim())
  .filter((text) => text.length > 0);

/** What a Markdown tooltip shows as markup once its escaped characters are taken out. */
function unescaped(markdown: string): string {
  return markdown.replace(/\\[\s\S]/g, '');
}

function assertInertTooltip(tooltip: string | vscode.MarkdownString | undefined, text: string): void {
  if (typeof tooltip === 'string' || tooltip === undefined) return; // a plain tooltip shows text as it is
  assert.ok(!tooltip.isTrusted, 'no command link can run');
  assert.ok(!tooltip.supportThemeIcons, 'no $(icon)');
  assert.ok(!tooltip.supportHtml, 'no HTML');
  const bare = unescaped(tooltip.value);
  assert.ok(
    !/[[<&]|https?:|www\.|~~/.test(bare),
    `markup left in the tooltip of ${JSON.stringify(text)}: ${JSON.stringify(tooltip.value)}`,
  );
}

describe(`trees under generated hostile text (${runs(100)} inputs a tree; ${describeRun()})`, function () {
  this.timeout(180_000);

  it('Trending People: a name as written, its tooltip inert; what they are known for, as written', async () => {
    const { api, server } = await resetState();
    // Generated and seeded (fast-check), checked one by one so a failure says which text and why.
    for (const [name, title] of fc.sample(fc.tuple(hostile, hostile), budget(100))) {
      server.clearFaults();
      await api.client.clearCache(); // each input is TMDB's new answer, not one kept from before
      server.inject({ path: '/3/trending/person/day', kind: 'setField', field: 'results.0.name', value: name });
      server.inject({
        path: '/3/trending/person/day',
        kind: 'setField',
        field: 'results.0.known_for.0.title',
        value: title,
      });
      server.inject({
        path: '/3/trending/person/day',
        kind: 'setField',
        field: 'results.0.known_for.0.name',
        value: title,
      });
      api.trending.reset();
      const person = (await api.trending.getChildren())[0] as Node;
      assert.equal(person.label, name);
      assertInertTooltip(person.tooltip, name);
      const known = (await api.trending.getChildren(person))[0] as Node;
      assert.equal(known.label, title);
      assertInertTooltip(known.tooltip, title);
    }
    server.clearFaults();
  });

  it('Trending Titles: a title as written, its tooltip (with the overview) inert', async () => {
    const { api, server } = await resetState();
    // Generated and seeded (fast-check), checked one by one so a failure says which text and why.
    for (const [title, overview] of fc.sample(fc.tuple(hostile, hostile), budget(100))) {
      server.clearFaults();
      await api.client.clearCache();
      for (const field of ['results.0.title', 'results.0.name'])
        server.inject({ path: '/3/trending/all/day', kind: 'setField', field, value: title });
      server.inject({ path: '/3/trending/all/day', kind: 'setField', field: 'results.0.overview', value: overview });
      api.trendingTitles.reset();
      const first = (await api.trendingTitles.getChildren())[0] as Node;
      assert.equal(first.label, title);
      assertInertTooltip(first.tooltip, `${title} / ${overview}`);
    }
    server.clearFaults();
  });

  it('Favorites: a title as written, its tooltip inert (the view this session added)', async () => {
    const { api, server } = await resetState({ signedIn: true });
    for (const title of fc.sample(hostile, budget(34))) {
      server.clearFaults();
      await api.client.clearCache();
      for (const field of ['results.0.title', 'results.0.original_title'])
        server.inject({ path: /^\/3\/account\/\d+\/favorite\/movies$/, kind: 'setField', field, value: title });
      await api.favoritesView.refresh();
      const [movies] = await api.favoritesView.getChildren();
      const first = (await api.favoritesView.getChildren(movies))[0] as Node;
      assert.equal(first.label, title);
      assertInertTooltip(first.tooltip, title);
    }
    server.clearFaults();
  });

  it("Up Next and the status bar: a series' and an episode's names as written, the tooltips inert, the status bar's text our own", async () => {
    const { api, server } = await resetState({ signedIn: true });
    for (const [name, episode, overview] of fc.sample(fc.tuple(hostile, hostile, hostile), budget(20))) {
      server.clearFaults();
      // The Blacklist: the one series airing today, so the status bar names it too.
      server.inject({ path: '/3/tv/46952', kind: 'setField', field: 'name', value: name });
      server.inject({ path: '/3/tv/46952', kind: 'setField', field: 'next_episode_to_air.name', value: episode });
      server.inject({ path: '/3/tv/46952', kind: 'setField', field: 'next_episode_to_air.overview', value: overview });
      await api.upNext.refresh();
      const today = (await api.upNextView.getChildren()).find((node) => node.label === 'Today')!;
      const [row] = await api.upNextView.getChildren(today);
      assert.equal(row!.label, name);
      assert.ok(
        String(row!.description).endsWith(` · ${episode}`),
        `the episode's name as written: ${JSON.stringify(row!.description)}`,
      );
      assertInertTooltip(row!.tooltip, `${name} / ${episode} / ${overview}`);
      const item = api.upNextStatus.item;
      assert.equal(item.text, '$(bell-dot) 1 episode today');
      assertInertTooltip(item.tooltip, `${name} / ${episode}`);
    }
    server.clearFaults();
  });

  it("Continue Watching and its palette pick: a series' and an episode's names as written in the row, no icon in the pick, the tooltip inert", async () => {
    const { api, server } = await resetState({ signedIn: true });
    // Seasons 1-7 and five episodes of 8 marked: the next is the last aired, which TMDB's answer names.
    for (const [season, count] of THRONES_SEASONS.map(([n, all]) => [n, n === 8 ? 5 : all] as const))
      await api.watched.setEpisodes(1399, season, [[1, count]], true);
    const original = vscode.window.showQuickPick;
    /** What the palette's pick offered last (a holder: the stub sets it). */
    const offered: { items: vscode.QuickPickItem[] } = { items: [] };
    (vscode.window as { showQuickPick: unknown }).showQuickPick = async (items: vscode.QuickPickItem[]) => {
      offered.items = items;
      return undefined;
    };
    try {
      for (const [name, episode] of fc.sample(fc.tuple(hostile, hostile), budget(20))) {
        server.clearFaults();
        offered.items = [];
        server.inject({ path: '/3/tv/1399', kind: 'setField', field: 'name', value: name });
        server.inject({ path: '/3/tv/1399', kind: 'setField', field: 'last_episode_to_air.name', value: episode });
        await api.upNext.refresh();
        const group = (await api.upNextView.getChildren()).find((node) => node.label === 'Continue Watching')!;
        const [row] = await api.upNextView.getChildren(group);
        assert.equal(row!.label, name);
        assert.equal(row!.description, `S08E06 · ${episode} · 72 of 73`, "the episode's name as written");
        assertInertTooltip(row!.tooltip, `${name} / ${episode}`);
        await vscode.commands.executeCommand('tmdb.markNextEpisodeWatched');
        const [item] = offered.items;
        assert.ok(item, 'the palette offered the series');
        for (const text of [item!.label, item!.description ?? ''])
          assert.ok(!/\$\(/.test(text) && !/[\n\r]/.test(text), `no icon, one line: ${JSON.stringify(text)}`);
      }
    } finally {
      (vscode.window as { showQuickPick: unknown }).showQuickPick = original;
      server.clearFaults();
    }
  });

  it("Rated's Episodes: an episode's and its series' names as written, the tooltip inert", async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await vscode.commands.executeCommand<{
      controls: { episodes?: { rate(s: number, e: number): Promise<boolean> } };
      openSeason(s: number): Promise<void>;
    }>('tmdb.openTvSeries', 1399);
    const original = vscode.window.showQuickPick;
    (vscode.window as { showQuickPick: unknown }).showQuickPick = async (items: vscode.QuickPickItem[]) => items[2];
    try {
      await panel.openSeason(1);
      assert.equal(await panel.controls.episodes!.rate(1, 2), true);
    } finally {
      (vscode.window as { showQuickPick: unknown }).showQuickPick = original;
    }
    for (const [series, episode] of fc.sample(fc.tuple(hostile, hostile), budget(20))) {
      server.clearFaults();
      await api.client.clearCache();
      server.inject({ path: '/3/tv/1399', kind: 'setField', field: 'name', value: series });
      server.inject({
        path: /^\/3\/account\/\d+\/rated\/tv\/episodes$/,
        kind: 'setField',
        field: 'results.0.name',
        value: episode,
      });
      const group = (await api.ratedView.getChildren()).find((node) => node.label === 'Episodes')!;
      const [row] = await api.ratedView.getChildren(group);
      assert.equal(row!.label, `${series} · S01E02`);
      assert.equal(row!.description, `${episode} · ★ 9`);
      assertInertTooltip(row!.tooltip, `${series} / ${episode}`);
    }
    server.clearFaults();
  });

  it("For You: TMDB's picks for the person, a movie's and a series' title as written, the tooltips inert", async () => {
    const { api, server } = await resetState({ signedIn: 'v4' });
    const rows = await api.forYou.rows();
    const label = (node: Node) => (typeof node.label === 'object' ? node.label?.label : node.label);
    for (const [movie, series, overview] of fc.sample(fc.tuple(hostile, hostile, hostile), budget(20))) {
      server.clearFaults();
      await api.client.clearCache();
      for (const field of ['results.0.title', 'results.0.original_title'])
        server.inject({ path: /^\/4\/account\/\w+\/movie\/recommendations$/, kind: 'setField', field, value: movie });
      for (const field of ['results.0.name', 'results.0.original_name'])
        server.inject({ path: /^\/4\/account\/\w+\/tv\/recommendations$/, kind: 'setField', field, value: series });
      for (const kind of ['movie', 'tv'])
        server.inject({
          path: new RegExp(`^/4/account/\\w+/${kind}/recommendations$`),
          kind: 'setField',
          field: 'results.0.overview',
          value: overview,
        });
      const [movies, shows] = await rows.children();
      const [first] = await rows.children(movies);
      const [firstShow] = await rows.children(shows);
      assert.equal(label(first!), movie);
      assertInertTooltip(first!.tooltip, `${movie} / ${overview}`);
      assert.equal(label(firstShow!), series);
      assertInertTooltip(firstShow!.tooltip, `${series} / ${overview}`);
    }
    server.clearFaults();
  });

  it('My Lists: a list name and description as typed', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const firstList = server.catalogue.lists[0].id;
    // Generated and seeded (fast-check), checked one by one so a failure says which text and why.
    for (const [name, description] of fc.sample(fc.tuple(hostile, hostile), budget(34))) {
      server.clearFaults();
      await api.client.clearCache();
      server.inject({ path: /^\/3\/account\/\d+\/lists$/, kind: 'setField', field: 'results.0.name', value: name });
      server.inject({
        path: /^\/3\/account\/\d+\/lists$/,
        kind: 'setField',
        field: 'results.0.description',
        value: description,
      });
      await api.lists.refresh();
      // Found by its id (the extension's own classes are not this bundle's, so no instanceof).
      const first = (await api.lists.getChildren()).find(
        (node) => String((node as { list?: { id: unknown } }).list?.id) === String(firstList),
      ) as Node;
      assert.equal(first.label, name);
      assertInertTooltip(first.tooltip, name);
    }
    server.clearFaults();
  });

  it("My Lists (v4): a list's name, and a title's comment in it, as typed; the item's tooltip inert", async () => {
    const { api, server } = await resetState({ signedIn: 'v4' });
    const listId = await api.listService.create('Attack', '', false);
    await api.listService.set(listId, { kind: 'movie', id: 550 }, true);
    for (const [name, comment] of fc.sample(fc.tuple(hostile, hostile), budget(34))) {
      server.clearFaults();
      await api.client.clearCache();
      server.inject({
        path: /^\/4\/account\/[0-9a-f]+\/lists$/,
        kind: 'setField',
        field: 'results.0.name',
        value: name,
      });
      server.inject({
        path: new RegExp(`^/4/list/${listId}$`),
        kind: 'setField',
        field: 'comments.movie:550',
        value: comment,
      });
      await api.lists.refresh();
      const list = (await api.lists.getChildren()).find(
        (node) => String((node as { list?: { id: unknown } }).list?.id) === listId,
      ) as Node;
      assert.equal(list.label, name);
      assertInertTooltip(list.tooltip, name);
      const [item] = await api.lists.getChildren(list);
      // The comment as typed (white space folded to one line, and cut at 80 characters with "…").
      const shown = comment.replace(/\s+/g, ' ');
      const expected = shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
      assert.ok(String(item!.description).startsWith(`“${expected}” · `), JSON.stringify(item!.description));
      assertInertTooltip(item!.tooltip, comment);
    }
    server.clearFaults();
  });

  it("Language model tools: TMDB's text is one JSON string on a line of ours, never a line or a field of its own", async () => {
    const { api, server } = await resetState({ signedIn: true });
    /** The lines the tools write: anything else in an answer came from TMDB's text. */
    const OURS =
      /^(TMDB search for |Your TMDB lists|- (movie|series|person|list) \w+: |Movie 550: |Original title: |released |release date |Genres: |Score: |Tagline: |Overview: |Directed by: |Cast: |Where to watch in |Trailer: |Your account: |TMDB page: |Source: TMDB )/;
    /** TMDB's text as the tools must give it: one JSON string, its spaces folded, cut at `max` characters with "…". */
    const asData = (text: string, max = Infinity) => {
      const folded = text.replace(/\s+/g, ' ').trim();
      return JSON.stringify(folded.length > max ? `${folded.slice(0, max - 1)}…` : folded);
    };
    for (const [title, overview, person] of fc.sample(fc.tuple(hostile, hostile, hostile), budget(25))) {
      server.clearFaults();
      await api.client.clearCache();
      for (const field of ['results.0.title', 'results.0.name'])
        server.inject({ path: '/3/search/multi', kind: 'setField', field, value: title });
      server.inject({ path: '/3/movie/550', kind: 'setField', field: 'title', value: title });
      server.inject({ path: '/3/movie/550', kind: 'setField', field: 'overview', value: overview });
      server.inject({ path: '/3/movie/550', kind: 'setField', field: 'tagline', value: overview });
      server.inject({ path: '/3/movie/550', kind: 'setField', field: 'credits.cast.0.name', value: person });
      // Fields that are no prose: a date and an id are printed only when they are a date and an id.
      server.inject({
        path: '/3/movie/550',
        kind: 'setField',
        field: 'release_date',
        value: `1999-10-15\n${overview}`,
      });
      server.inject({ path: /^\/3\/account\/\d+\/lists$/, kind: 'setField', field: 'results.0.id', value: `${title}` });
      server.inject({ path: /^\/3\/account\/\d+\/lists$/, kind: 'setField', field: 'results.0.name', value: person });
      const answers = [
        await invokeTool('tmdb_search', { query: 'Fight Club' }),
        await invokeTool('tmdb_details', { type: 'movie', id: 550 }),
        await invokeTool('tmdb_my_lists', {}),
      ];
      for (const answer of answers) {
        for (const line of answer.split('\n'))
          assert.match(line, OURS, `a line that is not ours, from ${JSON.stringify([title, overview, person])}`);
      }
      assert.ok(answers[0]!.includes(asData(title, NAME_MAX)), `the title as one string: ${asData(title, NAME_MAX)}`);
      assert.ok(answers[1]!.includes(`Overview: ${asData(overview)}`));
      assert.ok(
        answers[1]!.includes(`Cast: ${asData(person, NAME_MAX)}`),
        `the cast's first name as one string: ${asData(person, NAME_MAX)}`,
      );
      assert.ok(answers[1]!.includes('release date unknown'), 'a date that is not a date is not printed');
      assert.ok(
        answers[2]!.includes(`: ${asData(person, NAME_MAX)}, `),
        `the list's name as one string: ${asData(person, NAME_MAX)}`,
      );
    }
    server.clearFaults();
  });
});

describe(`the editor under generated hostile text (${runs(60)} inputs; ${describeRun()})`, function () {
  this.timeout(180_000);

  it("a hover card: TMDB's title and overview as text, the only links our commands, no HTML and no icons", async () => {
    const { api, server } = await resetState({ signedIn: true });
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'See tmdb:movie/550.' });
    for (const [title, overview] of fc.sample(fc.tuple(hostile, hostile), budget(60))) {
      server.clearFaults();
      await api.client.clearCache();
      server.inject({ path: '/3/movie/550', kind: 'setField', field: 'title', value: title });
      server.inject({ path: '/3/movie/550', kind: 'setField', field: 'overview', value: overview });
      server.inject({ path: '/3/movie/550', kind: 'setField', field: 'genres.0.name', value: title });
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        new vscode.Position(0, 6),
      );
      const card = hovers.flatMap((hover) => hover.contents).find((part) => part instanceof vscode.MarkdownString);
      assert.ok(card instanceof vscode.MarkdownString, 'a card');
      assert.ok(!card.supportHtml && !card.supportThemeIcons);
      const trusted = card.isTrusted;
      assert.ok(typeof trusted === 'object' && trusted.enabledCommands.every((id) => id.startsWith('tmdb.')));
      // Every link's target, once TMDB's escaped characters are out: our commands and the picture only.
      const targets = [...unescaped(card.value).matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1]!);
      for (const target of targets)
        assert.match(
          target,
          /^(command:tmdb\.\w+(\?|$)|data:image\/[\w+]+;base64,)/,
          `${JSON.stringify(title)}: ${target}`,
        );
      assert.ok(!/[<&]|https?:|www\.|~~|\$\(/.test(unescaped(card.value).replace(/\]\([^)]*\)/g, '')), card.value);
    }
    server.clearFaults();
  });

  it('a completion: TMDB titles as the labels, never an icon, and the inserted link whole', async () => {
    const { api, server } = await resetState();
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ language: 'markdown', content: 'tmdb:fight' }),
    );
    for (const title of fc.sample(hostile, budget(30))) {
      server.clearFaults();
      await api.client.clearCache();
      server.inject({ path: '/3/search/multi', kind: 'setField', field: 'results.0.title', value: title });
      server.inject({ path: '/3/search/multi', kind: 'setField', field: 'results.0.name', value: title });
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        editor.document.uri,
        editor.document.lineAt(0).range.end,
      );
      const first = list.items.find((item) => item.sortText === 'b000');
      assert.ok(first, `an item for ${JSON.stringify(title)}`);
      const label = typeof first.label === 'string' ? first.label : first.label.label;
      assert.ok(!label.includes('$('), `no icon: ${label}`);
      const inserted = String(first.insertText);
      assert.ok(!/[\n\r]/.test(inserted), 'one line');
      assert.match(inserted, /\]\(https:\/\/www\.themoviedb\.org\/(movie|tv|person)\/\d+\)$/);
    }
    server.clearFaults();
  });
});
