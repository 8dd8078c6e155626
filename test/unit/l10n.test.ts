// Localisation: every string the code translates is in the bundle that `npm run l10n` makes, every
// translation has every key (and keeps each key's placeholders and command links), and a page built with
// the German bundle reads German.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as l10n from '@vscode/l10n';
import { getL10nJson } from '@vscode/l10n-dev';
import { renderMovie } from '../../src/features/titles/html/movie';
import { renderSeason, renderTv, seasonName } from '../../src/features/titles/html/series';
import { renderCollection } from '../../src/features/titles/html/collection';
import { collectionDetails, movieDetails, seasonDetails, tvSeries } from '../../src/tmdb/schemas';
import { fightClubAnswer, fixture } from '../tmdb-server/catalogue';
import {
  departmentName,
  episodeTypeName,
  jobName,
  movieStatusName,
  seriesStatusName,
  seriesTypeName,
} from '../../src/model/valueNames';

const ROOT = join(__dirname, '..', '..', '..');
const TRANSLATIONS = ['de'];

const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** `{0}`, `{1}`… and `(command:…)` / `(https://…)` link targets: what a translation must keep. */
function keptParts(message: string): string[] {
  return [...(message.match(/\{\d+\}/g) ?? []), ...(message.match(/\]\([^)]+\)/g) ?? [])].sort();
}

const messageOf = (value: unknown): string =>
  typeof value === 'string' ? value : (value as { message: string }).message;

describe('localisation', () => {
  const bundle = readJson('l10n/bundle.l10n.json');
  const nls = readJson('package.nls.json');

  it('the bundle holds exactly the strings the code translates (run `npm run l10n` after changing one)', async function () {
    this.timeout(60_000); // the extractor loads a TypeScript parser (WebAssembly) first
    const files = sourceFiles('src').map((path) => ({
      extension: '.ts',
      contents: readFileSync(join(ROOT, path), 'utf8'),
    }));
    const extracted = await getL10nJson(files);
    assert.deepEqual(Object.keys(bundle).sort(), Object.keys(extracted).sort());
    assert.ok(Object.keys(bundle).length > 150, 'the extension has more than 150 strings to translate');
  });

  it('no notification, tree message or page heading is written as a bare English literal', () => {
    const bare = [
      // A literal that starts with words; "TMDB: ${message}" (the name before a translated sentence) is fine.
      /show(Information|Warning|Error)Message\(\s*['"`](?!TMDB: \$\{)[A-Za-z]/,
      /new MessageNode\(\s*['"`][A-Za-z]/,
      /\b(section|facts)\(\s*\[?\s*['"`][A-Z]/,
      /\[\s*'[A-Z][a-z]+( [a-z]+)*',\s*escapeHtml/,
    ];
    const offenders = sourceFiles('src').flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${path}:${index + 1}` }))
        .filter(({ line }) => bare.some((pattern) => pattern.test(line))),
    );
    assert.deepEqual(offenders, []);
  });

  it('every command title, view name, welcome text, setting and walkthrough step in package.json has a key', () => {
    const manifest = readFileSync(join(ROOT, 'package.json'), 'utf8');
    const used = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]);
    assert.ok(used.length >= 50);
    assert.deepEqual(
      used.filter((key) => !(key in nls)),
      [],
    );
    assert.deepEqual(
      Object.keys(nls).filter((key) => !used.includes(key)),
      [],
      'package.nls.json has no unused key',
    );
    const pkg = JSON.parse(manifest) as { contributes: { commands: Array<{ title: string }> } };
    assert.deepEqual(
      pkg.contributes.commands.filter((command) => !command.title.startsWith('%')),
      [],
    );
  });

  for (const language of TRANSLATIONS) {
    describe(`the ${language} translation`, () => {
      const translated = readJson(`l10n/bundle.l10n.${language}.json`);
      const translatedNls = readJson(`package.nls.${language}.json`);

      it('has every key of the bundle and of package.nls.json, and nothing else', () => {
        assert.deepEqual(Object.keys(translated).sort(), Object.keys(bundle).sort());
        assert.deepEqual(Object.keys(translatedNls).sort(), Object.keys(nls).sort());
      });

      it('has every walkthrough page', () => {
        const pages = readdirSync(join(ROOT, 'media', 'walkthrough')).filter(
          (name) => name.endsWith('.md') && !name.includes('.nls.'),
        );
        assert.equal(pages.length, 5);
        const missing = pages.filter(
          (name) =>
            !readdirSync(join(ROOT, 'media', 'walkthrough')).includes(name.replace(/\.md$/, `.nls.${language}.md`)),
        );
        assert.deepEqual(missing, []);
      });

      it('keeps every placeholder and link target, and translates', () => {
        const pairs = [
          ...Object.entries(bundle).map(([key, value]) => [key, messageOf(value), messageOf(translated[key])] as const),
          ...Object.entries(nls).map(([key, value]) => [key, String(value), String(translatedNls[key])] as const),
        ];
        const broken = pairs
          .filter(([, english, other]) => keptParts(english).join() !== keptParts(other).join())
          .map(([key]) => key);
        assert.deepEqual(broken, []);
        const same = pairs
          .filter(([, english, other]) => english === other && /[a-z]{4}/.test(english))
          .map(([key]) => key);
        // Words German borrows as they are (Status, Budget, Premiere, Digital…) may stay; a whole sentence may not.
        assert.deepEqual(
          same.filter((key) => key.includes(' ')),
          [],
          'untranslated sentences',
        );
      });
    });
  }

  describe('pages in German', () => {
    const ctx = {
      imageBaseUrl: 'https://image.tmdb.org/t/p',
      webBaseUrl: 'https://www.themoviedb.org',
      region: 'DE',
      locale: 'de',
    };
    before(() => l10n.config({ contents: readJson('l10n/bundle.l10n.de.json') as Record<string, string> }));
    after(() => l10n.config({ contents: {} }));

    it('a movie page has German headings and facts, and TMDB text untouched', () => {
      const movie = movieDetails().parse(fightClubAnswer());
      const html = renderMovie(movie, ctx);
      for (const word of [
        'Besetzung',
        'Empfehlungen',
        'Schlagwörter',
        'Veröffentlichungsdaten',
        'Laufzeit',
        'Originalsprache',
        'Nutzerwertung',
        'Produktionsfirmen',
      ]) {
        assert.ok(html.includes(`>${word}<`) || html.includes(word), `${word} is on the page`);
      }
      for (const english of [
        '>Cast<',
        '>Recommendations<',
        '>Keywords<',
        '>Release dates<',
        '>Runtime<',
        'User score',
      ]) {
        assert.ok(!html.includes(english), `${english} is not on the page`);
      }
      assert.ok(html.includes(movie.title), "TMDB's own title is shown as it came");
    });

    it('writes numbers as German does: a score 8,1 (as the rating menu 9,5), a thousand episodes 1.000', () => {
      const season = renderSeason(
        seasonDetails().parse(fixture('openapi-examples/tv-season-details.json')),
        ctx,
        '2026-11-22',
      );
      assert.match(season, /· Wertung \d,\d/);
      assert.doesNotMatch(season, /Wertung \d\.\d/);
      const long = seasonDetails().parse({
        id: 1,
        name: '',
        season_number: 3,
        episodes: Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: '', episode_number: i + 1 })),
      });
      assert.match(renderSeason(long, ctx), /Staffel 3 · 1\.000 Folgen/);
      const parts = renderCollection(collectionDetails().parse(fixture('openapi-examples/collection-details.json')), {
        ...ctx,
        today: '2026-11-24',
      });
      assert.match(parts, /Wertung \d,\d/);
      assert.doesNotMatch(parts, /Wertung \d\.\d/);
    });

    it('names a season as TMDB does in the language asked, and in German only where TMDB gives no name', () => {
      assert.equal(seasonName({ season_number: 0, name: 'Épisodes spéciaux' }), 'Épisodes spéciaux');
      assert.equal(seasonName({ season_number: 1, name: 'Staffel 1' }), 'Staffel 1');
      assert.equal(seasonName({ season_number: 2, name: '' }), 'Staffel 2');
      assert.equal(seasonName({ season_number: 0, name: null }), l10n.t('Specials'));
    });

    it('a series page says Staffeln and Folgen', () => {
      const html = renderTv(tvSeries().parse(fixture('live-captures/tv-details.json')), ctx);
      assert.match(html, />Staffeln</);
      assert.match(html, />Folgen</);
      assert.match(html, /Staffel \d|Specials/);
    });

    it("TMDB's fixed English values read German: status, series type, departments, jobs, episode types; an unknown one stays as sent", () => {
      assert.match(renderMovie(movieDetails().parse(fightClubAnswer()), ctx), /<dd>Veröffentlicht<\/dd>/);
      const series = renderTv(tvSeries().parse(fixture('live-captures/tv-details.json')), ctx);
      assert.match(series, /<dd>Beendet<\/dd>/);
      assert.match(series, /<dd>Fiktional<\/dd>/);
      assert.ok(!/>(Ended|Scripted|Released)</.test(series));
      assert.deepEqual(['Acting', 'Directing', 'Writing', 'Costume & Make-Up'].map(departmentName), [
        'Schauspiel',
        'Regie',
        'Drehbuch',
        'Kostüm & Maske',
      ]);
      assert.deepEqual(['Director', 'Screenplay', 'Original Music Composer'].map(jobName), [
        'Regie',
        'Drehbuch',
        'Filmmusik',
      ]);
      assert.deepEqual(['finale', 'mid_season', 'standard'].map(episodeTypeName), ['Finale', 'Halbstaffelfinale', '']);
      assert.equal(departmentName('Puppetry'), 'Puppetry', 'a department TMDB adds later is shown as it came');
      assert.equal(seriesStatusName('__proto__'), '__proto__', 'no lookup through the prototype');
      assert.equal(movieStatusName('Released'), 'Veröffentlicht');
      assert.equal(seriesTypeName(null), '');
    });
  });
});
