// TMDB in the editor, the parts that know no vscode: finding references in a text (what becomes a link),
// the hover card's Markdown attacked with generated TMDB text (read back by `marked`, the Markdown reader
// VS Code's hovers use), and the text a completion inserts.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Token, Tokens } from 'marked' with { 'resolution-mode': 'import' };
import * as s from '../../src/tmdb/schemas';
import { CARD_COMMANDS, hoverCard, type CardSubject } from '../../src/features/editor/hoverCard';
import { commandUri } from '../../src/features/editor/commandUri';
import { markdownText } from '../../src/common/plainText';
import { checkBaseUrl } from '../../src/settings/baseUrls';
import { insertText } from '../../src/features/editor/insertForms';
import { TitleLookup } from '../../src/features/editor/lookup';
import { findRefs, MAX_REFS, refAt, refSlices, type TextTarget } from '../../src/features/editor/textRefs';
import { budget, describeRun, hostileParts } from '../support/properties';
import { fightClubAnswer, fixture } from '../tmdb-server/catalogue';
import { renderBound, RenderCost } from '../support/renderCost';

// marked is an ECM module: loaded once before the suites run (this file is CommonJS).
let marked: (typeof import('marked', { with: { 'resolution-mode': 'import' } }))['marked'];
before(async () => {
  marked = (await import('marked')).marked;
});

const found = (text: string) => findRefs(text).map((ref) => [text.slice(ref.start, ref.end), ref.target]);

describe(`references in a text (${describeRun()})`, () => {
  it('finds TMDB and IMDb addresses, IMDb ids and the short form, each as far as it goes', () => {
    assert.deepEqual(
      found(
        [
          'https://www.themoviedb.org/movie/550-fight-club?language=de,',
          '[GoT](http://themoviedb.org/tv/1399/season/1)',
          'www.themoviedb.org/person/287 themoviedb.org/collection/10.',
          '<https://m.imdb.com/title/tt0137523/> imdb.com/name/nm0000093',
          '"tt0944947" (nm0000093) tmdb:movie/550 tmdb:tv/1399.',
        ].join(' '),
      ),
      [
        ['https://www.themoviedb.org/movie/550-fight-club?language=de', { kind: 'movie', id: 550 }],
        ['http://themoviedb.org/tv/1399/season/1', { kind: 'tv', id: 1399 }],
        ['www.themoviedb.org/person/287', { kind: 'person', id: 287 }],
        ['themoviedb.org/collection/10', { kind: 'collection', id: 10 }],
        ['https://m.imdb.com/title/tt0137523/', { imdb: 'tt0137523', kind: 'title' }],
        ['imdb.com/name/nm0000093', { imdb: 'nm0000093', kind: 'name' }],
        ['tt0944947', { imdb: 'tt0944947', kind: 'title' }],
        ['nm0000093', { imdb: 'nm0000093', kind: 'name' }],
        ['tmdb:movie/550', { kind: 'movie', id: 550 }],
        ['tmdb:tv/1399', { kind: 'tv', id: 1399 }],
      ],
    );
  });

  it('leaves alone what only looks like one', () => {
    assert.deepEqual(
      found(
        'att0137523 tt123 tt0137523x tmdb:film/1 tmdb:movie/0 tmdb:movie/550x xtmdb:movie/1 550 ' +
          'notthemoviedb.org/movie/1 themoviedb.org/movies/1 themoviedb.org/movie/abc example.com/tt0137523',
      ),
      [],
    );
  });

  it('finds each reference put among any text, where it was put', () => {
    const target = fc.oneof(
      fc.record({
        kind: fc.constantFrom('movie', 'tv', 'person', 'collection'),
        id: fc.integer({ min: 1, max: 999_999_999 }),
      }),
      fc.tuple(fc.constantFrom('tt', 'nm'), fc.integer({ min: 1_000_000, max: 99_999_999 })),
    );
    const form = fc.constantFrom('short', 'tmdb', 'imdb', 'bare');
    // Around each reference, text with no letters or digits to join it (what a separator is).
    const between = fc.string({
      unit: fc.constantFrom(' ', '\n', ',', ';', '(', ')', '"', '!', '\t', 'é'),
      maxLength: 5,
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(between, target, form), { maxLength: 8 }), (parts) => {
        let text = '';
        const expected: Array<[number, TextTarget]> = [];
        for (const [gap, what, how] of parts) {
          text += ` ${gap} `;
          let written: string;
          let value: TextTarget;
          if (Array.isArray(what)) {
            const id = `${what[0]}${what[1]}`;
            value = { imdb: id, kind: what[0] === 'tt' ? 'title' : 'name' };
            written =
              how === 'imdb' || how === 'tmdb'
                ? `https://www.imdb.com/${what[0] === 'tt' ? 'title' : 'name'}/${id}/`
                : id;
          } else {
            value = { ...what } as TextTarget;
            written =
              how === 'short' ? `tmdb:${what.kind}/${what.id}` : `https://www.themoviedb.org/${what.kind}/${what.id}`;
          }
          expected.push([text.length, value]);
          text += written;
        }
        assert.deepEqual(
          findRefs(text).map((ref) => [ref.start, ref.target]),
          expected,
        );
      }),
      budget(500),
    );
  });

  it('finds in slices what it finds in the whole: a reference across a slice edge once, in the slice it starts in', () => {
    const piece = fc.constantFrom(
      'tt0137523',
      'tmdb:tv/1399',
      'https://www.themoviedb.org/movie/550-x?y=1.',
      'a',
      ' ',
      '\n',
      'x',
      '.',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (pieces, size) => {
        const text = pieces.join('');
        assert.deepEqual([...refSlices(text, size)].flat(), findRefs(text));
      }),
      budget(500),
    );
  });

  it('stays linear on what would make an expression backtrack: long runs of what an address may hold or end with', () => {
    const crafted = [
      `themoviedb.org/movie/1-${'.'.repeat(100_000)}a`,
      `tmdb:movie/1 ${'tt'.repeat(100_000)}`,
      `imdb.com/title/tt0137523/${'/'.repeat(100_000)}`,
      'themoviedb.org/movie/1-'.repeat(20_000),
    ];
    const cost = new RenderCost();
    for (const [i, text] of crafted.entries())
      cost.note(`crafted ${i}`, text.length, Infinity, () => [...refSlices(text)]);
    for (const { kind, ms } of cost.retime())
      assert.ok(ms < renderBound(), `${kind}: ${ms.toFixed(1)} ms (best of five)`);
  });

  it('stops at MAX_REFS, reads only the part asked for, and finds the one under an offset', () => {
    const ids = Array.from({ length: MAX_REFS + 10 }, (_, i) => `tt${String(1_000_000 + i)}`).join(' ');
    assert.equal(findRefs(ids).length, MAX_REFS);
    assert.equal(findRefs(ids, { limit: 3 }).length, 3);
    assert.deepEqual(
      findRefs(ids, { from: 10, to: 30 }).map((ref) => ref.start),
      [10, 20],
    );
    const line = 'see tmdb:movie/550 here';
    assert.equal(refAt(line, 3), undefined);
    assert.deepEqual(refAt(line, 4)?.target, { kind: 'movie', id: 550 });
    assert.deepEqual(refAt(line, 18)?.target, { kind: 'movie', id: 550 }, 'the cursor just after it');
    assert.equal(refAt(line, 19), undefined);
  });

  it("reads a Markdown link's words as its address's title: the whole link is the reference", () => {
    const line =
      'Watched [The Godfather (1972)](https://www.themoviedb.org/movie/238) and [a walk](https://example.org).';
    const words = line.indexOf('Godfather');
    assert.deepEqual(refAt(line, words)?.target, { kind: 'movie', id: 238 });
    assert.deepEqual(
      [refAt(line, words)?.start, refAt(line, words)?.end],
      [line.indexOf('['), line.indexOf(')', line.indexOf('/238')) + 1],
    );
    assert.deepEqual(refAt(line, line.indexOf('['))?.target, { kind: 'movie', id: 238 }, 'its opening bracket');
    assert.equal(refAt(line, line.indexOf('walk')), undefined, 'a link to no title');
    assert.equal(refAt(line, 2), undefined, 'outside any link');
    // Brackets with no link, many of them (a window's worth): nothing found.
    assert.equal(refAt('[x] '.repeat(500), 1000), undefined);
  });
});

describe('what an IMDb id names (TitleLookup)', () => {
  const answer = (parts: Record<string, unknown[]>) =>
    s.findByImdb().parse({ movie_results: [], tv_results: [], person_results: [], tv_episode_results: [], ...parts });

  it("a title, a person, or an episode's series; asked once, and again after a failure or a Clear Cache", async () => {
    const asked: string[] = [];
    const answers: Record<string, () => Promise<unknown>> = {
      tt0000001: async () => answer({ movie_results: [{ id: 550, title: 'Fight Club' }] }),
      nm0000002: async () => answer({ person_results: [{ id: 287, name: 'Brad Pitt' }] }),
      tt0000003: async () => answer({ tv_episode_results: [{ show_id: 1399, id: 63056 }] }),
      tt0000004: async () => answer({}),
      tt0000005: () => Promise.reject(new Error('offline')),
    };
    const client = {
      findByImdb: (id: string) => (asked.push(id), answers[id]!()),
    } as unknown as ConstructorParameters<typeof TitleLookup>[0];
    const lookup = new TitleLookup(client);
    const resolve = (imdb: string) => lookup.resolve({ imdb, kind: imdb.startsWith('nm') ? 'name' : 'title' });
    assert.deepEqual(await resolve('tt0000001'), { kind: 'movie', id: 550 });
    assert.deepEqual(await resolve('nm0000002'), { kind: 'person', id: 287 });
    assert.deepEqual(await resolve('tt0000003'), { kind: 'tv', id: 1399 });
    assert.equal(await resolve('tt0000004'), undefined);
    await assert.rejects(resolve('tt0000005'));
    await resolve('tt0000001');
    await resolve('tt0000004');
    await assert.rejects(resolve('tt0000005'));
    assert.deepEqual(asked, ['tt0000001', 'nm0000002', 'tt0000003', 'tt0000004', 'tt0000005', 'tt0000005']);
    lookup.forget();
    await resolve('tt0000001');
    assert.equal(asked.at(-1), 'tt0000001');
  });
});

// ---- the hover card attacked ------------------------------------------------------------------------

const ATTACKS = [
  '[click](command:tmdb.signOut)',
  '[x](https://evil.example)',
  '![pic](https://evil.example/p.png)',
  '<img src=x onerror=alert(1)>',
  '<a href="command:tmdb.signOut">',
  'https://evil.example/a',
  'www.evil.example',
  'mail@evil.example',
  '$(alert)',
  '# Heading',
  '\n- item',
  '\n1. item',
  '> quote',
  '`code`',
  '```',
  '| a | b |',
  '&lt;&#x3c;',
  '\\',
  '*',
  '_',
  '~~',
  '\u202e',
  '\u0000',
  '\u0085',
  '\u2028',
  '\r\n',
  '[^1]',
  '[ref]: https://evil.example',
];

const CARD_CONTEXT = { locale: 'en', region: 'US', imageBaseUrl: 'https://image.tmdb.org/t/p' };

/** Every token of a Markdown text, nested ones too. */
function tokensOf(markdown: string): Token[] {
  const all: Token[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => void all.push(token));
  return all;
}

/** The text a reader sees of tokens (links' and images' targets left out): their leaves' text. */
function leafText(tokens: Token[]): string {
  const leaves: string[] = [];
  marked.walkTokens(tokens, (token) => {
    const nested = 'tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0;
    if ((token.type === 'text' || token.type === 'escape') && !nested) leaves.push((token as Tokens.Text).text);
  });
  return leaves.join('');
}

function seenText(markdown: string): string {
  return leafText(marked.lexer(markdown));
}

/** The words a card shows of TMDB's text: line breaks and control characters as one space, spaces folded. */
function folded(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the same characters the card drops
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function movieWith(name: string, words: string): CardSubject {
  const body = {
    ...fightClubAnswer(),
    title: name,
    overview: words,
    genres: [{ id: 1, name: words }],
    'watch/providers': {
      results: {
        US: { link: 'x', flatrate: [{ provider_id: 1, provider_name: words, logo_path: null, display_priority: 1 }] },
      },
    },
  };
  return { kind: 'movie', details: s.movieDetails().parse(body) };
}

describe(`the hover card attacked (${describeRun()})`, () => {
  it('renders TMDB text as that text: no link, image, HTML, heading, list or code of its own; only our commands link', () => {
    const allowed = new Set<string>(CARD_COMMANDS);
    fc.assert(
      fc.property(hostileParts(ATTACKS), hostileParts(ATTACKS), fc.boolean(), (nameParts, wordParts, signedIn) => {
        const name = nameParts.join('') || 'x';
        const words = wordParts.join('');
        const subject = movieWith(name, words);
        const card = hoverCard(subject, CARD_CONTEXT, signedIn ? { watchlist: false, rating: 7 } : undefined);
        const tokens = tokensOf(card);
        const types = new Set(tokens.map((token) => token.type));
        for (const type of types)
          assert.ok(
            ['paragraph', 'text', 'escape', 'strong', 'link', 'image', 'space', 'br'].includes(type),
            `no ${type} from TMDB's text`,
          );
        for (const link of tokens.filter((token): token is Tokens.Link => token.type === 'link')) {
          const command = /^command:([\w.]+)\?/.exec(link.href)?.[1];
          assert.ok(command && allowed.has(command), `only our commands: ${link.href}`);
        }
        // The card's own line breaks only (name · facts; marks · links): none of TMDB's text makes one.
        assert.ok(tokens.filter((token) => token.type === 'br').length <= 2, 'only our line breaks');
        const images = tokens.filter((token): token is Tokens.Image => token.type === 'image');
        assert.ok(images.length <= 1);
        for (const image of images)
          assert.match(image.href, /^https:\/\/image\.tmdb\.org\/t\/p\/w92\/[\w-]+\.jpg\|width=64$/);
        // What the reader sees holds the name and the words, as typed (spaces folded).
        const seen = seenText(card);
        assert.ok(seen.includes(folded(name)), `the name as typed: ${JSON.stringify(folded(name))}`);
        if (folded(words)) assert.ok(seen.includes(folded(words).slice(0, 100)), 'the overview as typed');
      }),
      budget(1000),
    );
  });

  it('escapes every ASCII punctuation mark, and makes command links no text can end early', () => {
    assert.equal(markdownText('[a](b) <c>\n# d'), '\\[a\\]\\(b\\) \\<c\\> \\# d');
    const uri = commandUri('tmdb.rate', [{ kind: 'movie', id: 1, name: "a) [b](c) '!*~" }]);
    assert.doesNotMatch(uri, /[()[\]'!*~ ]/);
    const links = tokensOf(`[Rate](${uri})`).filter((token) => token.type === 'link') as Tokens.Link[];
    assert.equal(links.length, 1);
    assert.deepEqual(JSON.parse(decodeURIComponent(links[0]!.href.split('?')[1]!)), [
      { kind: 'movie', id: 1, name: "a) [b](c) '!*~" },
    ]);
  });

  it('stays small and quick with the longest text and the largest lists TMDB can send (the overview cut to its first lines, four providers named)', () => {
    const long = 'A sentence of a very long overview that goes on. '.repeat(20_000);
    const huge = 'x'.repeat(10_000);
    const offers = Array.from({ length: 1000 }, (_, i) => ({
      provider_id: i + 1,
      provider_name: `${huge}${i}`,
      logo_path: null,
      display_priority: i,
    }));
    const body = {
      ...fightClubAnswer(),
      title: 'N'.repeat(5000),
      overview: long,
      genres: Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `${huge}${i}` })),
      'watch/providers': { results: { US: { link: 'x', flatrate: offers, rent: offers, buy: offers } } },
    };
    const subject: CardSubject = { kind: 'movie', details: s.movieDetails().parse(body) };
    const render = () => hoverCard(subject, CARD_CONTEXT, { watchlist: true, rating: 10 });
    const cost = new RenderCost();
    cost.note('card', render().length, Infinity, render);
    const { bytes, ms } = cost.retime()[0]!;
    assert.ok(bytes < 20_000, `${bytes} characters`);
    assert.ok(ms < renderBound(), `${ms.toFixed(1)} ms (best of five)`);
  });

  it('reads each kind TMDB answers: a series with its seasons, a person with the department, a collection', () => {
    const tv = hoverCard(
      { kind: 'tv', details: s.tvSeries().parse(fixture('openapi-examples/tv-details-1399.json')) },
      CARD_CONTEXT,
    );
    assert.match(tv, /\*\*Game of Thrones\*\* \(2011\)/);
    assert.match(tv, /8 seasons/);
    const person = hoverCard(
      { kind: 'person', details: s.personDetails().parse(fixture('openapi-examples/person-details.json')) },
      CARD_CONTEXT,
    );
    assert.match(person, /Acting/);
    assert.match(person, /command:tmdb\.openPerson\?%5B\d+%5D/);
    const collection = hoverCard(
      { kind: 'collection', details: s.collectionDetails().parse(fixture('openapi-examples/collection-details.json')) },
      CARD_CONTEXT,
    );
    assert.match(collection, /\d+ movies/);
  });
});

describe(`the text a completion inserts (${describeRun()})`, () => {
  it('is one Markdown link whose words are the name as typed, whatever the name', () => {
    fc.assert(
      fc.property(hostileParts(ATTACKS), (parts) => {
        const name = parts.join('') || 'x';
        const text = insertText({ ref: { kind: 'movie', id: 550 }, name, year: '1999' }, 'markdownLink', '');
        assert.ok(!/[\n\r\u2028\u2029]/.test(text), 'one line');
        const links = tokensOf(text).filter((token) => token.type === 'link') as Tokens.Link[];
        assert.equal(links.length, 1, text);
        assert.equal(links[0]!.href, 'https://www.themoviedb.org/movie/550');
        assert.equal(leafText(links[0]!.tokens), `${folded(name)} (1999)`.trim());
      }),
      budget(500),
    );
  });

  it('writes each form', () => {
    const item = {
      ref: { kind: 'movie' as const, id: 550 },
      name: 'Fight Club',
      year: '1999',
      posterPath: '/p.jpg',
      imdbId: 'tt0137523',
    };
    const base = 'https://image.tmdb.org/t/p';
    assert.equal(insertText(item, 'markdownLink', base), '[Fight Club (1999)](https://www.themoviedb.org/movie/550)');
    assert.equal(insertText(item, 'address', base), 'https://www.themoviedb.org/movie/550');
    assert.equal(insertText(item, 'shortForm', base), 'tmdb:movie/550');
    assert.equal(insertText(item, 'imdbLink', base), '[Fight Club (1999)](https://www.imdb.com/title/tt0137523/)');
    assert.equal(
      insertText(item, 'posterImage', base),
      '[![Fight Club (1999)](https://image.tmdb.org/t/p/w342/p.jpg)](https://www.themoviedb.org/movie/550)',
    );
    assert.equal(
      insertText({ ...item, imdbId: undefined }, 'imdbLink', base),
      '[Fight Club (1999)](https://www.themoviedb.org/movie/550)',
    );
  });
});

describe(`an IMDb link and a hover card from what TMDB and a setting hold (${describeRun()})`, () => {
  /** The review's ids: each ended the link early before (a second link, a tracking picture in the file). */
  const HOSTILE_IDS = [
    'tt1/) [evil](https://evil.example/',
    'tt1/)\n\n![track](https://evil.example/p.png)\n\n[x](',
    'tt0137523 ',
    'tt0137523/x',
    'nm0000093)',
    '<https://evil.example>',
  ];

  it("inserts one link, to IMDb only with an id as IMDb writes it, else to TMDB; nothing else of TMDB's imdb_id reaches the file", () => {
    const base = 'https://image.tmdb.org/t/p';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...HOSTILE_IDS),
          hostileParts([...ATTACKS, 'tt0137523', ')', '('], 10, 6).map((p) => p.join('')),
        ),
        fc.constantFrom('markdownLink', 'imdbLink', 'posterImage') as fc.Arbitrary<
          'markdownLink' | 'imdbLink' | 'posterImage'
        >,
        (imdbId, form) => {
          const text = insertText(
            { ref: { kind: 'movie', id: 550 }, name: 'Fight Club', year: '1999', imdbId },
            form,
            base,
          );
          assert.ok(!/[\n\r\u2028\u2029]/.test(text), 'one line');
          const tokens = tokensOf(text);
          const links = tokens.filter((token): token is Tokens.Link => token.type === 'link');
          assert.equal(links.length, 1, text);
          assert.equal(tokens.filter((token) => token.type === 'image').length, 0, `no picture: ${text}`);
          const valid = /^(?:tt|nm)\d{7,10}$/.test(imdbId);
          assert.equal(
            links[0]!.href,
            form === 'imdbLink' && valid
              ? `https://www.imdb.com/title/${imdbId}/`
              : 'https://www.themoviedb.org/movie/550',
          );
          assert.ok(!text.includes('evil'), text);
        },
      ),
      budget(500),
    );
  });

  it('takes no image base address whose path could end a link: the card keeps to its one picture and our commands', () => {
    const hostile = 'https://image.tmdb.org/t/p)[Sign%20in](command:tmdb.signIn)![t](https://evil.example/p.png';
    for (const value of [
      hostile,
      'https://a)www.evil.com',
      'https://image.tmdb.org/t/p[x]',
      'https://image.tmdb.org/t/p/(x)',
      'https://image.tmdb.org/t/p!',
    ])
      assert.deepEqual(checkBaseUrl(value).ok, false, value);
    const allowed = new Set<string>(CARD_COMMANDS);
    fc.assert(
      fc.property(
        hostileParts([')', '[', ']', '(', '!', '%29', '%', '/', '|', ' ', '<', '>', '"', '\\'], 4, 8),
        (parts) => {
          const checked = checkBaseUrl(`https://image.tmdb.org/t/p${parts.join('')}`);
          if (!checked.ok) return;
          const card = hoverCard(
            movieWith('Fight Club', 'A film.'),
            { ...CARD_CONTEXT, imageBaseUrl: checked.url },
            undefined,
          );
          const tokens = tokensOf(card);
          // The card's own line breaks only (name · facts; marks · links): none of TMDB's text makes one.
          assert.ok(tokens.filter((token) => token.type === 'br').length <= 2, 'only our line breaks');
          const images = tokens.filter((token): token is Tokens.Image => token.type === 'image');
          assert.equal(images.length, 1, card);
          assert.ok(images[0]!.href.startsWith(`${checked.url}/w92/`), images[0]!.href);
          for (const link of tokens.filter((token): token is Tokens.Link => token.type === 'link'))
            assert.ok(allowed.has(/^command:([\w.]+)/.exec(link.href)?.[1] ?? ''), `only our commands: ${link.href}`);
        },
      ),
      budget(500),
    );
  });
});
