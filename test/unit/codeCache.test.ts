import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireWithCodeCache } from '../../src/common/codeCache';
import { until } from '../support/until';

describe("the deferred file loaded with V8's code cache", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'tmdb-code-cache-test-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the file as require would, keeps its compiled code, reads it back, and drops the cache of an older build', async () => {
    const file = join(dir, 'deferred.js');
    writeFileSync(file, "exports.answer = require('node:path').basename(__filename) + ':' + (40 + 2);\n");
    const folder = join(dir, 'cache');
    mkdirSync(folder);
    writeFileSync(join(folder, 'deferred.js.1.0.cache'), 'an older build'); // another source size and V8
    writeFileSync(join(folder, 'other.js.1.0.cache'), 'not ours');
    const errors: unknown[] = [];
    const first = requireWithCodeCache(file, folder, require, (error) => errors.push(error), 0) as { answer: string };
    assert.equal(first.answer, 'deferred.js:42');
    await until('the older build’s cache dropped', () => !readdirSync(folder).includes('deferred.js.1.0.cache'), {
      everyMs: 10,
    });
    const kept = readdirSync(folder).sort();
    assert.equal(kept.length, 2, kept.join(', '));
    assert.ok(kept.includes('other.js.1.0.cache'));
    const ours = kept.find((name) => name.startsWith('deferred.js.'))!;
    assert.notEqual(ours, 'deferred.js.1.0.cache');
    // Read back: accepted by V8, so nothing is written again.
    rmSync(join(folder, 'other.js.1.0.cache'));
    const again = requireWithCodeCache(file, folder, require, (error) => errors.push(error), 0) as { answer: string };
    assert.equal(again.answer, 'deferred.js:42');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(readdirSync(folder), [ours]);
    assert.deepEqual(errors, []);
    assert.ok(existsSync(join(folder, ours)));
  });
});
