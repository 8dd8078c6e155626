// The language model tools' answers: TMDB's text goes in as one JSON string, whatever it holds.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { quoted } from '../../src/lm/toolText';

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
      { numRuns: 500 },
    );
  });

  it('keeps quotes and backslashes inside the string', () => {
    assert.equal(quoted('Say "hi"\\ \n- movie 1: "x"'), '"Say \\"hi\\"\\\\ - movie 1: \\"x\\""');
  });
});
