// npm run tmdb-server -- --port <n> --read-token <t> [--api-key <k>] [--v4-token <t>] [--rate-limit <n>]
import { parseArgs } from 'node:util';
import { TmdbStandIn } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'read-token': { type: 'string' },
    'api-key': { type: 'string' },
    'v4-token': { type: 'string', multiple: true },
    'rate-limit': { type: 'string', default: '40' },
  },
});

const readToken = values['read-token'];
if (!readToken) {
  console.error('usage: npm run tmdb-server -- --port <n> --read-token <token> [--api-key <key>] [--v4-token <token>] [--rate-limit <n>]');
  process.exit(2);
}

const server = new TmdbStandIn({
  readToken,
  apiKey: values['api-key'],
  v4UserTokens: values['v4-token'] ?? [],
  rateLimit: Number(values['rate-limit']),
});
server.start(Number(values.port)).then((url) => {
  console.log(`TMDB stand-in listening on ${url}`);
});
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
