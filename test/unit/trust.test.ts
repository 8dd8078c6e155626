// Issue 10's findings, one by one, where they can be checked without VS Code.
import * as fc from 'fast-check';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_TIMER_MS, PendingApproval } from '../../src/auth/pendingApproval';
import { oneLine, pickText, plainText } from '../../src/common/plainText';
import { redact } from '../../src/common/redact';
import { titleOf } from '../../src/model/titles';
import { hostToApprove } from '../../src/tmdb/constants';
import { TmdbError, userMessage } from '../../src/tmdb/errors';
import * as s from '../../src/tmdb/schemas';
import { budget } from '../support/properties';
import { firstFound } from '../../src/features/titles/firstFound';
import type { TmdbClient } from '../../src/tmdb/client';

const HOSTILE = '[Run](command:tmdb.signOut)';

describe('trust: server text never becomes a command', () => {
  it('keeps the words of a markdown link and breaks command:, $(icon) and the like', () => {
    assert.equal(plainText(HOSTILE), 'Run');
    assert.ok(!plainText('see command:tmdb.signOut').includes('command:'));
    assert.ok(!plainText('$(alert) Fight Club').includes('$('));
    assert.equal(plainText('Fight Club (1999): a film'), 'Fight Club (1999): a film', 'ordinary text is left alone');
    // One line: a list's name cannot add lines of its own to a notification or a dialog, nor turn it around.
    assert.equal(plainText('Movies"?\n\nNothing will be deleted.\u2028x'), 'Movies"? Nothing will be deleted. x');
    assert.equal(plainText('abc\u202Efdp.exe\u2066'), 'abc fdp.exe');
  });

  it('takes apart a link built around another, and is idempotent on any text (fast-check)', () => {
    const nested = plainText(
      '[[x](y)](https://evil.example/phish) and [[[a](b)](c)](command:workbench.action.terminal.sendSequence?%7B%7D)',
    );
    assert.ok(!nested.includes(']('), nested);
    // VS Code's own reading of a link in a notification (vs/base/common/linkedText.ts).
    const vscodeLink = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
    const pieces = fc.constantFrom(
      '[',
      ']',
      '(',
      ')',
      '](',
      '$(',
      'alert',
      'command:',
      'https://evil.example',
      'x',
      ' ',
      '\u200B',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 40 }), (parts) => {
        const once = plainText(parts.join(''));
        assert.equal(plainText(once), once, 'applied again, nothing changes');
        assert.ok(!vscodeLink.test(once) && !once.includes('$('), once);
      }),
      budget(2000),
    );
  });

  it("takes a year only from a date's four first digits: a date is free text (a quick pick drew `$(a)` as an icon)", () => {
    assert.deepEqual(titleOf('movie', { id: 1, title: 'x', release_date: '$(a)-01-01' }), { name: 'x', year: '' });
    assert.equal(titleOf('tv', { id: 1, name: 'x', first_air_date: '1;=1' }).year, '');
    assert.equal(titleOf('movie', { id: 1, title: 'x', release_date: '1999-10-15' }).year, '1999');
    assert.equal(titleOf('movie', { id: 1, title: 'x', release_date: null }).year, '');
  });

  it('a quick pick shows a name as typed on one line, only its icons made inert (it draws $(icon), no link) (fast-check)', () => {
    // A line break or a direction override in a name added a row's line of its own, or turned its words around.
    assert.equal(pickText('Movies"?\n\nNothing will be deleted.'), 'Movies"? Nothing will be deleted.');
    assert.equal(pickText('abc\u202Efdp.exe'), 'abc fdp.exe');
    const name = '$(alert) [Click me](command:tmdb.signOut) list';
    assert.equal(pickText(name), '$\u200B(alert) [Click me](command:tmdb.signOut) list');
    assert.equal(pickText(name).replace(/\u200B/g, ''), name, 'only a zero-width space added');
    // VS Code's reading of an icon in a label (vs/base/common/iconLabels.ts): `$(` then a name.
    const vscodeIcon = /\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('$(', 'alert', ')', '$', '(', '\u200B', 'x'), fc.string()), {
          maxLength: 30,
        }),
        (parts) => {
          const text = parts.join('');
          const shown = pickText(text);
          assert.ok(!vscodeIcon.test(shown), shown);
          assert.equal(
            shown.replace(/\u200B/g, ''),
            oneLine(text).replace(/\u200B/g, ''),
            'the words as typed, one line',
          );
          assert.equal(pickText(shown), shown, 'applied again, nothing changes');
        },
      ),
      budget(2000),
    );
  });

  it("Open Movie…'s box names the first title found as text: no link, no icon, one line, the words kept (fast-check)", async () => {
    const pieces = fc.constantFrom(
      '[now](command:tmdb.signOut)',
      '[[x](y)](https://evil.example)',
      '$(zap~spin)',
      '\n',
      '\u202E',
      'Fight',
      ' ',
      'Club',
    );
    const name = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 8 })), { maxLength: 8 })
      .map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(
        name,
        fc.constantFrom('movie', 'tv', 'person') as fc.Arbitrary<'movie' | 'tv' | 'person'>,
        async (text, kind) => {
          const hit = {
            id: 7,
            media_type: kind,
            title: text,
            name: text,
            release_date: '1999-10-15',
            first_air_date: '1999-10-15',
          };
          const client = { searchKind: async () => ({ results: [hit] }) } as unknown as Pick<TmdbClient, 'searchKind'>;
          const found = await firstFound(client)(kind, 'words');
          assert.ok(found);
          assert.deepEqual(found.ref, { kind, id: 7 });
          assert.ok(!/\]\(|\$\(|command:|[\n\u202E]/.test(found.label), found.label);
          assert.equal(
            found.label,
            kind === 'person' ? plainText(text) || '7' : plainText(`${titleOf(kind, hit).name} (1999)`),
          );
        },
      ),
      budget(300),
    );
  });

  it('shows every notification through one path, which makes its text and buttons inert', () => {
    const root = join(__dirname, '..', '..', '..', 'src');
    const direct = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'notify.ts')
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => /\.show(Information|Warning|Error)Message\b/.test(readFileSync(file, 'utf8')));
    assert.deepEqual(direct, [], 'every notification goes through src/kit/notify.ts');
  });

  it("shows TMDB's status_message as plain text in every error message", () => {
    const error = new TmdbError({
      kind: 'badRequest',
      endpoint: 'GET /3/movie/1',
      status: 400,
      statusCode: 47,
      tmdbMessage: `${HOSTILE} $(alert) command:x`,
    });
    for (const text of [error.message, userMessage(error), error.tmdbMessage ?? '']) {
      assert.ok(!/\]\(|command:|\$\(/.test(text), text);
    }
  });
});

describe('trust: sign-in with a clock that is off', () => {
  it('never lets a long expiry overflow the timer (it would fire at once)', async () => {
    const approval = new PendingApproval({
      requestToken: 'a'.repeat(40),
      approvalUrl: 'https://x',
      expiresInMs: 2 ** 40,
      exchange: () => new Promise(() => undefined),
      pollIntervalMs: 60_000,
    });
    const settled = await Promise.race([
      approval.outcome.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 100)),
    ]);
    assert.equal(settled, false, 'still waiting for the user');
    assert.equal(MAX_TIMER_MS, 2 ** 31 - 1);
    approval.cancel();
    assert.deepEqual(await approval.outcome, { kind: 'cancelled' });
  });
});

describe('sign-in: a v4 request token not approved yet', () => {
  it('is refused with 33 ("invalid request token") and the wait goes on until its own 15 minutes end', async () => {
    let asked = 0;
    const approval = new PendingApproval({
      requestToken: 'eyJ.eyJ.x',
      approvalUrl: 'https://x',
      expiresInMs: 300,
      exchange: async () => {
        asked++;
        throw new TmdbError({
          kind: 'unauthorized',
          endpoint: 'POST /4/auth/access_token',
          status: 401,
          statusCode: 33,
        });
      },
      pollIntervalMs: 20,
    });
    const started = Date.now();
    assert.deepEqual(await approval.outcome, { kind: 'expired' });
    assert.ok(asked >= 2, `asked ${asked} times, still waiting after each refusal`);
    assert.ok(Date.now() - started >= 290, 'ended by its own timer');
  });
});

describe('trust: redaction by shape, for secrets not held by value', () => {
  const key = '0123456789abcdef0123456789abcdef';
  const token = 'ff5c7eebff5c7eebff5c7eebff5c7eebff5c7eeb';
  const cases = {
    'URL-encoded api_key': `api_key%3D${key}`,
    'camelCase sessionId': `{"sessionId":"${token}"}`,
    'bare 32-hex key': `key ${key} here`,
    'bare 40-hex token': `token ${token} here`,
    'request token in /authenticate/': `GET /authenticate/${token}?redirect_to=x`,
    'a query inside another URL': `https://a/?next=${encodeURIComponent(`https://api.themoviedb.org/3/account?api_key=${key}&session_id=${token}`)}`,
    'twice encoded': encodeURIComponent(encodeURIComponent(`session_id=${token}`)),
  };
  for (const [name, line] of Object.entries(cases)) {
    it(`removes ${name}`, () => {
      const out = redact(line);
      assert.ok(!out.includes(key) && !out.includes(token), out);
    });
  }

  it('leaves a credit id (24 hex) and ordinary numbers alone', () => {
    assert.equal(
      redact('GET /3/credit/52542282760ee313280017f9 → 200 in 12 ms'),
      'GET /3/credit/52542282760ee313280017f9 → 200 in 12 ms',
    );
  });
});

describe('trust: size limits', () => {
  it('reads at most 100 cast members and 500 crew (a director may come late in it), in bounded time', () => {
    const member = (i: number) => ({ id: i, name: `P${i}`, character: 'x', credit_id: 'a'.repeat(24), order: i });
    const credits = s.movieCredits().parse({
      cast: Array.from({ length: 10_000 }, (_, i) => member(i)),
      crew: Array.from({ length: 10_000 }, (_, i) => member(i)),
    });
    assert.equal(credits.cast.length, 100);
    assert.equal(credits.crew.length, 500);
    assert.equal(credits.cast[0]?.name, 'P0', 'the top of the billing is kept');
  });
});

describe('trust: where the token may go without asking', () => {
  it("asks about every API host but TMDB's own and this computer's, naming it with its port", () => {
    for (const quiet of [
      'https://api.themoviedb.org',
      'https://api.themoviedb.org/',
      'http://127.0.0.1:4711',
      'http://localhost:8080',
      'http://[::1]:9',
      'not an address',
    ])
      assert.equal(hostToApprove(quiet), undefined, quiet);
    assert.equal(hostToApprove('https://tmdb-proxy.example'), 'tmdb-proxy.example');
    assert.equal(hostToApprove('https://api.themoviedb.org:8443'), 'api.themoviedb.org:8443');
    assert.equal(hostToApprove('https://api.themoviedb.org.evil.example'), 'api.themoviedb.org.evil.example');
    assert.equal(hostToApprove('https://127.0.0.2'), '127.0.0.2');
  });
});
