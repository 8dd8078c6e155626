// Removes credentials from text bound for a log: by value (the secrets currently held) and by shape, so a
// secret the extension does not hold (another window's, a pasted one) is caught too. No vscode import.

const KEYS = 'api_key|session_id|request_token|access_token|guest_session_id|apiKey|sessionId|requestToken|accessToken';

const PATTERNS: Array<[RegExp, string]> = [
  // Authorization: Bearer …
  [/(Bearer\s+)[\w.~+/=-]+/gi, '$1[redacted]'],
  // A JWT anywhere (read tokens, v4 tokens).
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted-jwt]'],
  // key=value, "key": "value", key:value, with the key in snake_case or camelCase.
  [new RegExp(`((?:${KEYS})["']?\\s*[=:]\\s*["']?)[^&\\s"',}]+`, 'gi'), '$1[redacted]'],
  // The same inside a URL-encoded address (api_key%3D…, %22sessionId%22%3A%22…), once or twice encoded.
  [new RegExp(`((?:${KEYS})(?:%(?:25)*22)?%(?:25)*(?:3D|3A)(?:%(?:25)*22)?)[^&%\\s"',}]+`, 'gi'), '$1[redacted]'],
  // The approval page's path carries the request token.
  [/(\/authenticate\/)[0-9a-f]{40}/gi, '$1[redacted]'],
  // Bare v3 keys (32 hex) and request tokens or session ids (40 hex).
  [/\b[0-9a-f]{40}\b/gi, '[redacted-token]'],
  [/\b[0-9a-f]{32}\b/gi, '[redacted-key]'],
];

export function redact(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join('[redacted]');
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Line breaks and other control characters, including Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text bound for one log line: control characters (a decoded `%0A` in a link, say) written as escapes, so no text forges a line. */
export function singleLine(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
