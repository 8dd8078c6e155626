// The language model tools' answers: TMDB's text goes in as one JSON string, whatever it holds.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Tools } from '../../src/common/ids';
import { quoted } from '../../src/features/chat/toolText';
import { budget } from '../support/properties';

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
