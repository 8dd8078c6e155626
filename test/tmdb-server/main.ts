// npm run tmdb-server -- --port <n> --read-token <t> [--api-key <k>] [--v4-token <t>] [--rate-limit <n>] [--faults-on-stdin]
// --faults-on-stdin: each line of standard input is a fault to inject (JSON, as `TmdbStandIn.inject`
// takes it), `clear`, or `count` (prints `requests <n>`: how many it was asked); how a benchmark drives a stand-in that runs in its own process.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Fault } from './faults';
import { TmdbStandIn } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'read-token': { type: 'string' },
    'api-key': { type: 'string' },
    'v4-token': { type: 'string', multiple: true },
    'rate-limit': { type: 'string', default: '40' },
    'faults-on-stdin': { type: 'boolean', default: false },
    /** The demo account follows this many series of the stand-in's own (the bench's Up Next). */
    'follow-series': { type: 'string' },
    /** The demo account's movie watchlist is this many titles of the stand-in's own (the long-list bench). */
    'fill-watchlist': { type: 'string' },
    /** A session for the demo account, issued at start and printed (benches that are not about sign-in). */
    'print-session': { type: 'boolean', default: false },
  },
});

const readToken = values['read-token'];
if (!readToken) {
  console.error(
    'usage: npm run tmdb-server -- --port <n> --read-token <token> [--api-key <key>] [--v4-token <token>] [--rate-limit <n>]',
  );
  process.exit(2);
}

const server = new TmdbStandIn({
  readToken,
  apiKey: values['api-key'],
  v4UserTokens: values['v4-token'] ?? [],
  rateLimit: Number(values['rate-limit']),
});
if (values['follow-series']) server.followSeries(Number(values['follow-series']));
if (values['fill-watchlist']) server.fillWatchlist(Number(values['fill-watchlist']));
const session = values['print-session'] ? server.createSessionFor() : undefined;
server.start(Number(values.port)).then((url) => {
  if (session) console.log(`session ${session} account ${String(server.catalogue.account.id)}`);
  console.log(`TMDB stand-in listening on ${url}`);
});
if (values['faults-on-stdin']) {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'clear') server.clearFaults();
    else if (line.trim() === 'count') console.log(`requests ${server.requests.length}`);
    else if (line.trim()) server.inject(JSON.parse(line) as Fault);
  });
}
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
