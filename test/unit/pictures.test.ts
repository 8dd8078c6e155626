// Sidebar pictures attacked: generated image answers (chunk sizes, a Content-Length told true, false or
// not at all) read under the cap. A picture is taken whole when it is within the cap; past it, the
// reading stops within one chunk of the cap and nothing is returned to keep.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { pictureBytes } from '../../src/common/readCapped';
import { MAX_PICTURE_BYTES } from '../../src/tmdb/imageUrls';
import { budget, runs } from '../support/properties';

const CAP = MAX_PICTURE_BYTES;

/** A Response streaming `chunks` (byte counts), counting what was pulled from it. */
function answer(chunks: number[], contentLength: number | undefined) {
  const pulled = { bytes: 0 };
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === chunks.length) return controller.close();
      const size = chunks[next++]!;
      pulled.bytes += size;
      controller.enqueue(new Uint8Array(size).fill(next % 251));
    },
  });
  const headers: Record<string, string> =
    contentLength === undefined ? {} : { 'content-length': String(contentLength) };
  return { response: new Response(body, { headers }), pulled };
}

describe('sidebar pictures attacked: generated image answers under the 256 KB cap', () => {
  it(`takes a picture within the cap whole, refuses one past it within a chunk, and never more (${runs(400)} inputs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 4096 }), fc.integer({ min: 0, max: 200_000 })), { maxLength: 12 }),
        fc.constantFrom('none', 'true', 'smaller', 'larger', 'huge'),
        async (chunks, told) => {
          const total = chunks.reduce((a, b) => a + b, 0);
          const said = {
            none: undefined,
            true: total,
            smaller: Math.floor(total / 2),
            larger: total + 1,
            huge: 2 ** 40,
          }[told];
          const { response, pulled } = answer(chunks, said);
          const bytes = await pictureBytes(response, CAP);
          const refused = (said ?? 0) > CAP || total > CAP || total === 0;
          if (refused) assert.equal(bytes, undefined);
          else {
            assert.equal(bytes?.byteLength, total);
            assert.deepEqual(
              bytes,
              new Uint8Array(Buffer.concat(chunks.map((n, i) => new Uint8Array(n).fill((i + 1) % 251)))),
            );
          }
          assert.ok(pulled.bytes <= CAP + Math.max(0, ...chunks), `${pulled.bytes} bytes pulled`);
          if ((said ?? 0) > CAP)
            assert.ok(
              pulled.bytes <= (chunks[0] ?? 0),
              'a Content-Length past the cap: nothing read but what the stream had ready',
            );
        },
      ),
      budget(400),
    );
  });
});
