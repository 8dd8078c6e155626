// Credentials never reach the log.
import * as assert from 'node:assert/strict';
import { redact, singleLine } from '../../src/common/redact';

describe('log redaction', () => {
  it('removes tokens, keys and session ids by shape and by value', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const line = redact(
      `GET /3/account?session_id=abc123def456&api_key=0123456789abcdef0123456789abcdef Authorization: Bearer ${jwt} {"request_token":"ff5c7eeb"} mysecretvalue`,
      ['mysecretvalue'],
    );
    for (const secret of ['abc123def456', '0123456789abcdef0123456789abcdef', jwt, 'ff5c7eeb', 'mysecretvalue']) {
      assert.ok(!line.includes(secret), secret);
    }
    assert.match(line, /GET \/3\/account\?session_id=\[redacted\]/);
  });

  it('writes control characters as escapes, so a decoded %0A cannot forge a log line', () => {
    const forged = decodeURIComponent('/elsewhere%0A2026-11-23 12:00:00.000 [error] [auth] signed out%0D%E2%80%A8x');
    const line = singleLine(`[auth] ignored a link to ${forged}`);
    assert.ok(!/[\r\n\u2028]/.test(line), line);
    assert.ok(line.includes('\\u000a2026-11-23'), 'the text stays readable');
    assert.equal(singleLine('plain words'), 'plain words');
  });
});
