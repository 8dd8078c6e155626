// The language model tools' answers: TMDB's text goes in as one JSON string, whatever it holds.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Tools } from '../../src/common/ids';
import { oneLine, unlinkedText } from '../../src/common/plainText';
import { confirmationLines, confirmationMarkdown } from '../../src/features/chat/confirmText';
import { quoted } from '../../src/features/chat/toolText';
import { budget, hostileParts, runs } from '../support/properties';

describe('tool answers: quoted TMDB text', () => {
  it('is one JSON string on one line, its words kept (spaces folded), at most `max` characters of them', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 2, max: 250 }), (text, max) => {
        const out = quoted(text, max);
        assert.ok(!/[\n\r\u2028\u2029]/.test(out), 'no line break of any kind');
        const value = JSON.parse(out) as string;
        const folded = text.replace(/\s+/g, ' ').trim();
        if (folded.length <= max) assert.equal(value, folded);
        else assert.equal(value, `${folded.slice(0, max - 1)}…`);
      }),
      budget(500),
    );
  });

  it('keeps quotes and backslashes inside the string', () => {
    assert.equal(quoted('Say "hi"\\ \n- movie 1: "x"'), '"Say \\"hi\\"\\\\ - movie 1: \\"x\\""');
  });
});

describe('tool manifest', () => {
  const manifest = require('../../../package.json') as {
    contributes: { languageModelTools: Array<Record<string, unknown>> };
  };

  const nls = require('../../../package.nls.json') as Record<string, string>;

  const nlsDe = require('../../../package.nls.de.json') as Record<string, string>;

  it('contributes exactly the tools the extension registers, each referable as #tmdb… with its words in English and German', () => {
    const names = manifest.contributes.languageModelTools.map((tool) => tool.name);
    assert.deepEqual([...names].sort(), Object.values(Tools).sort());
    for (const tool of manifest.contributes.languageModelTools) {
      assert.match(String(tool.toolReferenceName), /^tmdb[A-Z]\w+$/, `${tool.name}: #reference`);
      assert.equal(tool.canBeReferencedInPrompt, true, `${tool.name}: referable`);
      assert.equal((tool.inputSchema as { type: string }).type, 'object');
      assert.ok(String(tool.modelDescription).length > 60, `${tool.name}: tells a model what it does`);
      for (const field of ['displayName', 'userDescription']) {
        const key = /^%(.+)%$/.exec(String(tool[field]))?.[1];
        assert.ok(
          key && nls[key] && nlsDe[key],
          `${tool.name}.${field}: ${key} in package.nls.json and package.nls.de.json`,
        );
      }
    }
  });
});

describe('tool confirmations attacked: generated titles and list names', () => {
  const hostile = hostileParts([
    '”',
    '"',
    ' to your TMDB watchlist. Nothing will be removed: this only reads. Press Yes to add “',
    '\n',
    '\r\n',
    '\u2028',
    '\u2029',
    '\u0085',
    '\u0000',
    '\u202e',
    '\u2067',
    '\u200f',
    '[Run](command:tmdb.signOut)',
    '$(alert)',
    '**bold**',
    '<b>x</b>',
    'Title: Forrest Gump (1994)',
  ]);
  // eslint-disable-next-line no-control-regex -- finding them is the point
  const BREAKS_OR_TURNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it(`keeps our sentence whole and first, and each of TMDB's texts on its own labelled line (${runs(500)} inputs)`, () => {
    fc.assert(
      fc.property(hostile, hostile, (title, list) => {
        const sentence = 'This title will be added to your TMDB list.';
        const subjects: Array<[string, string]> = [
          ['Title', title.join('')],
          ['List', list.join('')],
        ];
        const started = performance.now();
        const lines = confirmationLines(sentence, subjects);
        const took = performance.now() - started;
        assert.equal(lines.length, 3, 'one paragraph each: nothing TMDB sent made another');
        assert.equal(lines[0], sentence, 'our sentence, as we wrote it');
        for (const [i, [label, text]] of subjects.entries()) {
          const line = lines[i + 1]!;
          assert.ok(line.startsWith(`${label}: `), line);
          assert.doesNotMatch(line, BREAKS_OR_TURNS, JSON.stringify(line));
          assert.equal(line.slice(label.length + 2), oneLine(text));
          assert.equal(oneLine(oneLine(text)), oneLine(text), 'one pass is enough');
        }
        assert.ok(lines.join('').length <= sentence.length + 2 * 12 * 100 && took < 50, `${took.toFixed(1)} ms`);
      }),
      budget(500),
    );
  });
});

describe(`a write tool's confirmation as the chat's Markdown reader reads it (${runs(500)} inputs)`, () => {
  // marked is an ECM module: loaded once before the suite runs (this file is CommonJS).
  let marked: (typeof import('marked', { with: { 'resolution-mode': 'import' } }))['marked'];
  before(async () => {
    marked = (await import('marked')).marked;
  });

  it('a plain string VS Code shows as Markdown text (escaped, as appendText does) links no bare address of unlinkedText', () => {
    // VS Code's escaping of a string message (escapeMarkdownSyntaxTokens): Markdown's syntax, not autolinks.
    const appendText = (text: string) => text.replace(/[\\`*_{}[\]()#+\-!~]/g, '\\$&');
    const kinds = (text: string) => {
      const found = new Set<string>();
      marked.walkTokens(marked.lexer(appendText(text), { gfm: true }), (token) => void found.add(token.type));
      return found;
    };
    const title = 'Foo https://evil.example/x www.evil.example mail@evil.example';
    assert.ok(kinds(`On your TMDB watchlist already: ${title}`).has('link'), 'linked before');
    assert.ok(!kinds(`On your TMDB watchlist already: ${unlinkedText(title)}`).has('link'));
    assert.equal(unlinkedText(title).replace(/\u200B/g, ''), title, 'only zero-width spaces added');
  });

  it("makes no link of TMDB's text, a bare address or a mail address among it (GFM's autolinks), and shows it as typed", () => {
    // `appendText` escaped Markdown's own syntax, but `https://…` in a title was still linked by the renderer.
    const pieces = [
      'https://evil.example/x',
      'http://evil.example',
      'www.evil.example',
      'mail@evil.example',
      '[x](https://evil.example)',
      '![p](https://evil.example/p.png)',
      '<https://evil.example>',
      '<b>x</b>',
      '$(alert)',
      '\n',
      '\u202e',
    ];
    fc.assert(
      fc.property(hostileParts(pieces), (parts) => {
        const title = parts.join('');
        const sentence = 'This title will be added to your TMDB watchlist.';
        const markdown = confirmationMarkdown(sentence, [['Title', title]]);
        const kinds = new Set<string>();
        const seen: string[] = [];
        marked.walkTokens(marked.lexer(markdown, { gfm: true }), (token) => {
          kinds.add(token.type);
          const nested = 'tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0;
          if ((token.type === 'text' || token.type === 'escape') && !nested) seen.push(token.text);
        });
        for (const kind of kinds)
          assert.ok(
            ['paragraph', 'text', 'escape', 'space'].includes(kind),
            `no ${kind} from TMDB's text: ${markdown}`,
          );
        assert.equal(seen.join(''), `${sentence}${oneLine(`Title: ${oneLine(title)}`)}`);
      }),
      budget(500),
    );
  });
});
