// Removes credentials from text bound for a log: by shape (Bearer tokens, JWTs, api_key / session_id /
// request_token parameters) and by value (the secrets currently held). No vscode import.

const PATTERNS: Array<[RegExp, string]> = [
  [/(Bearer\s+)[\w.~+/=-]+/gi, '$1[redacted]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted-jwt]'],
  [/((?:api_key|session_id|request_token|access_token|guest_session_id)["']?\s*[=:]\s*["']?)[^&\s"',}]+/gi, '$1[redacted]'],
];

export function redact(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join('[redacted]');
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
