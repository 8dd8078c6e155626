// Credentials never reach the log.
import * as assert from 'node:assert/strict';
import { redact } from '../../src/common/redact';

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
});
