// A TmdbClient wired to a stand-in server, for the plain-Node suites.
import '../../src/deferredEntry';
import * as assert from 'node:assert/strict';
import { isTmdbError, type TmdbErrorKind } from '../../src/tmdb/errors';
import { TmdbClient, type TmdbClientOptions } from '../../src/tmdb/client';
import type { TmdbSettings, UserSession } from '../../src/tmdb/call';
import { TmdbStandIn, type StandInOptions } from '../tmdb-server/server';
import { API_KEY, READ_TOKEN, V4_USER_TOKEN } from './fixtures';

export interface Rig {
  server: TmdbStandIn;
  client: TmdbClient;
  settings: TmdbSettings;
  credentials: { token: string | undefined; session: UserSession | undefined };
  logLines: string[];
}

export async function startRig(
  overrides: Partial<TmdbClientOptions> = {},
  serverOptions: Partial<StandInOptions> = {},
): Promise<Rig> {
  const server = new TmdbStandIn({
    readToken: READ_TOKEN,
    apiKey: API_KEY,
    v4UserTokens: [V4_USER_TOKEN],
    rateLimit: 0,
    ...serverOptions,
  });
  const url = await server.start(0);
  const settings: TmdbSettings = { apiBaseUrl: url, language: 'en-US', region: 'US', includeAdult: false };
  const credentials: Rig['credentials'] = { token: READ_TOKEN, session: undefined };
  const logLines: string[] = [];
  const client = new TmdbClient({
    settings: () => settings,
    apiToken: async () => credentials.token,
    session: async () => credentials.session,
    log: (line) => logLines.push(line),
    retryBaseDelayMs: 5,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20))),
    ...overrides,
  });
  return { server, client, settings, credentials, logLines };
}

/** Signs the rig's client in with a session issued by the stand-in. */
export function signIn(rig: Rig): string {
  const sessionId = rig.server.createSessionFor();
  rig.credentials.session = { sessionId, accountId: rig.server.catalogue.account.id };
  return sessionId;
}

/** Rejects with a TmdbError of this kind (and TMDB's status_code, when given). */
export async function expectTmdbError(
  promise: Promise<unknown>,
  kind: TmdbErrorKind,
  statusCode?: number,
): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isTmdbError(error), `not a TmdbError: ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    if (statusCode !== undefined) assert.equal(error.statusCode, statusCode, error.message);
    return true;
  });
}
