// The content language TMDB is asked for.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { contentLanguage, contentRegion } from '../../src/settings/language';
import { budget } from '../support/properties';

describe('content language', () => {
  it('takes the setting, else the display language as xx-YY, else en-US', () => {
    assert.equal(contentLanguage('fr-FR', 'de'), 'fr-FR');
    assert.equal(contentLanguage('', 'de'), 'de-DE');
    assert.equal(contentLanguage('', 'pt-br'), 'pt-BR');
    assert.equal(contentLanguage('', 'en'), 'en-US');
    assert.equal(contentLanguage('', 'ja'), 'ja-JP');
    assert.equal(contentLanguage('nonsense', 'qps-ploc'), 'en-US');
  });

  it("takes a region that is a country code, else the language's country, else US", () => {
    assert.equal(contentRegion('de', 'en-US'), 'DE');
    assert.equal(contentRegion('', 'fr-FR'), 'FR');
    for (const hostile of [
      'constructor',
      '__proto__',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'DEU',
      ' US',
      'U\u0053S',
    ]) {
      assert.equal(contentRegion(hostile, 'de-DE'), 'DE', hostile);
    }
  });

  it('makes a language and a region of the right shape out of anything (fast-check)', () => {
    const words = fc.constantFrom(
      'constructor',
      '__proto__',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'de-DE',
      'pt-br',
      'xx',
      '',
      'en',
    );
    fc.assert(
      fc.property(
        fc.oneof(words, fc.string()),
        fc.oneof(words, fc.string()),
        fc.oneof(words, fc.string()),
        (language, region, display) => {
          const chosen = contentLanguage(language, display);
          assert.match(chosen, /^[a-z]{2}-[A-Z]{2}$/);
          assert.match(contentRegion(region, chosen), /^[A-Z]{2}$/);
        },
      ),
      budget(2000),
    );
  });
});
