// The content language TMDB is asked for.
import * as assert from 'node:assert/strict';
import { contentLanguage } from '../../src/settings/language';

describe('content language', () => {
  it('takes the setting, else the display language as xx-YY, else en-US', () => {
    assert.equal(contentLanguage('fr-FR', 'de'), 'fr-FR');
    assert.equal(contentLanguage('', 'de'), 'de-DE');
    assert.equal(contentLanguage('', 'pt-br'), 'pt-BR');
    assert.equal(contentLanguage('', 'en'), 'en-US');
    assert.equal(contentLanguage('', 'ja'), 'ja-JP');
    assert.equal(contentLanguage('nonsense', 'qps-ploc'), 'en-US');
  });
});
