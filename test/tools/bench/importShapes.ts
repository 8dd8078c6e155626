// The import file reader on files at its 5 MB cap shaped to cost a CSV parser most (blank lines, quotes,
// commas, lone CRs, a header of repeated names), and on an honest export of 10,000 titles: the reader as the
// command runs it (the shape counted, then parsed only within its limits) beside papaparse parsing the same
// text, which is what the reader did first before (4.9 MB of blank lines: 1.4 s and +282 MB of heap).
// Interleaved A B A B, the median of the paired ratios with min and max, and each variant's added heap.
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { MAX_IMPORT_BYTES, readImportFile } from '../../../src/features/transfer/csvFiles';
import { loadAverage, row } from './http';
import { median, spread } from './stats';

const ROUNDS = 5;

const filled = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** The heap a run adds, after a collection before and after (`node --expose-gc`, as `npm run bench` runs). */
function heapAdded(run: () => unknown): { ms: number; mb: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const start = performance.now();
  const kept = run();
  const ms = performance.now() - start;
  const mb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  void kept;
  gc?.();
  return { ms, mb };
}

export function importShapes(): void {
  const size = MAX_IMPORT_BYTES - 64;
  const honest = Array.from(
    { length: 10_000 },
    (_, i) =>
      `tt${1_000_000 + i},8,2024-05-01,"Title, ${i}",Title ${i},https://www.imdb.com/title/tt${1_000_000 + i}/,Movie,7.9,120,1999,"Drama, Thriller",100000,1999-10-15,"A, B"`,
  );
  const files: Record<string, string> = {
    'an IMDb export of 10,000 titles': `Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n${honest.join('\n')}\n`,
    'blank lines': `Const,Title\n${filled('\n', size)}`,
    quotes: `Const,Title\n${filled('"', size)}`,
    commas: `Const,Title\n${filled(',', size)}`,
    'lone CRs': `Const,Title\r${filled(`${'\r'.repeat(59_999)}\n`, size)}`,
    'a header of repeated names': `const,${filled(',', 64_000)}\n${filled('tt0137523\n', size - 64_000)}`,
  };
  console.log(
    `\nImport file reader at the 5 MB cap: the reader beside papaparse alone on the same text (what it did first before), ${ROUNDS} interleaved rounds (${loadAverage()})`,
  );
  for (const [shape, text] of Object.entries(files)) {
    const bytes = new TextEncoder().encode(text);
    const reader = { ms: [] as number[], mb: [] as number[] };
    const parser = { ms: [] as number[], mb: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const a = heapAdded(() => {
        try {
          return readImportFile(bytes);
        } catch (error) {
          return error;
        }
      });
      reader.ms.push(a.ms);
      reader.mb.push(a.mb);
      const b = heapAdded(() =>
        Papa.parse(new TextDecoder().decode(bytes), { header: true, skipEmptyLines: 'greedy' }),
      );
      parser.ms.push(b.ms);
      parser.mb.push(b.mb);
    }
    const ratios = reader.ms.map((ms, i) => ms / parser.ms[i]!);
    row(
      `${shape} (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB): reader`,
      `${median(reader.ms).toFixed(0)} ms`,
      `+${median(reader.mb).toFixed(0)} MB heap; papaparse alone ${median(parser.ms).toFixed(0)} ms, +${median(parser.mb).toFixed(0)} MB`,
    );
    row('  reader / papaparse alone', `${median(ratios).toFixed(2)}x`, spread(ratios, 2));
  }
}
