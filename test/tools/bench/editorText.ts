// npm run bench, "Links in a 10 MB file": what the link provider (src/features/editor/links.ts) costs the
// extension host on a 10 MB document, in plain Node: the scan of each form of file, the first time (this
// process has not run the expression before) and then as the median of 10, each round paired with the
// floor of any scan (one plain expression over the same text, counting IMDb ids), interleaved A B A B;
// and the longest slice, the longest the extension host is kept from answering anything else (a key's
// completion, a hover). Requests made: none, by construction (the finder has no client); the real
// workbench's count is `npm run bench:editor`.
import { performance } from 'node:perf_hooks';
import { findRefs, MAX_REFS, refSlices } from '../../../src/features/editor/textRefs';
import { loadAverage, row } from './http';
import { median, spread } from './stats';

const SIZE = 10 * 1024 * 1024;
const ROUNDS = 10;

/** 10 MB of `line`s, with `fill(i)` in each (a reference or nothing). */
function file(line: (i: number) => string): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < SIZE; i++) {
    const text = line(i);
    parts.push(text);
    length += text.length;
  }
  return parts.join('');
}

const PROSE = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ';

export const EDITOR_FILES: Array<[string, () => string]> = [
  // About 1,000 references in 10 MB of prose: every one is found (a full scan).
  [
    'prose, a reference every 10 KB (all forms)',
    () =>
      file((i) => {
        const forms = [
          `tt${1_000_000 + i}`,
          `tmdb:movie/${i + 1}`,
          `https://www.themoviedb.org/tv/${i + 1}`,
          `nm${1_000_000 + i}`,
        ];
        return `${PROSE.repeat(100)}see ${forms[i % forms.length]}.\n`;
      }),
  ],
  // Nothing but ids: the scan stops at MAX_REFS.
  ['IMDb ids, one a line (stops at the bound)', () => file((i) => `tt${String(1_000_000 + i)}\n`)],
  ['prose with no reference (the scan alone)', () => file(() => `${PROSE}\n`)],
];

/** The floor: one plain expression over the whole text. */
function floor(text: string): number {
  let count = 0;
  const pattern = /tt\d{7}/g;
  while (pattern.exec(text)) count++;
  return count;
}

export function editorTextCost(): void {
  console.log(
    `\nLinks in a 10 MB file (the link provider's scan, plain Node; at most ${MAX_REFS} links; first time, then medians of ${ROUNDS} paired with one plain expression's scan; ${loadAverage()})`,
  );
  for (const [name, make] of EDITOR_FILES) {
    const text = make();
    let started = performance.now();
    const first = findRefs(text).length;
    const firstMs = performance.now() - started;
    const ours: number[] = [];
    const floors: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['ours', 'floor'] : ['floor', 'ours'];
      const took: Record<string, number> = {};
      for (const which of order) {
        started = performance.now();
        if (which === 'ours') findRefs(text);
        else floor(text);
        took[which] = performance.now() - started;
      }
      ours.push(took.ours!);
      floors.push(took.floor!);
      ratios.push(took.ours! / took.floor!);
    }
    // The provider's slices: the longest is how long the extension host answers nothing else.
    let longest = 0;
    started = performance.now();
    for (const _slice of refSlices(text)) {
      longest = Math.max(longest, performance.now() - started);
      started = performance.now();
    }
    row(`  ${name}`, `${median(ours).toFixed(1)} ms`, `first ${firstMs.toFixed(1)} ms; ${first} links; target < 50 ms`);
    row(
      '    against one plain expression',
      `${median(ratios).toFixed(2)}x`,
      `(${spread(ratios, 2)}); the plain one ${median(floors).toFixed(1)} ms; longest slice ${longest.toFixed(1)} ms`,
    );
  }
}
