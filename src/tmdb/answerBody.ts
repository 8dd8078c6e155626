// An answer's body as the client reads it: at most so many bytes (the rest is not read), as UTF-8 text,
// as JSON, then with its schema, each failure an `invalidResponse`. Plain TypeScript: no `vscode` import.
import { bytesUnder } from '../common/readCapped';
import * as l10n from '@vscode/l10n';
import type { z } from 'zod';
import { IN_BROWSER } from '../common/host';
import { TmdbError } from './errors';

/** A successful answer read with its schema: the value, or an `invalidResponse` error. Never throws. */
export function readAnswer<T extends z.ZodType>(
  schema: T,
  body: unknown,
  endpoint: string,
  status: number,
): { ok: true; value: z.output<T> } | { ok: false; error: TmdbError } {
  if (body === undefined) {
    return {
      ok: false,
      error: new TmdbError({ kind: 'invalidResponse', endpoint, status, detail: l10n.t('The answer is not JSON.') }),
    };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = issue ? l10n.t('Field "{0}": {1}.', issue.path.join('.') || '(root)', issue.message) : undefined;
    return { ok: false, error: new TmdbError({ kind: 'invalidResponse', endpoint, status, detail }) };
  }
  return { ok: true, value: parsed.data };
}

/**
 * The body as text with its size in bytes, or undefined once it passes `max` bytes (the rest is not read).
 * The chunks are decoded once, together: decoding each as it comes (a streaming TextDecoder) and joining the
 * strings cost more than the JSON parse after it, which then had a joined string to flatten first.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<{ text: string; bytes: number } | undefined> {
  if (!body) return { text: '', bytes: 0 };
  const bytes = await bytesUnder(body, max);
  return bytes && { text: utf8(bytes), bytes: bytes.byteLength };
}

/** Node's Buffer decodes UTF-8 in V8 itself, several times faster than its TextDecoder; a browser has only the latter. */
function utf8(bytes: Uint8Array): string {
  if (IN_BROWSER) return new TextDecoder().decode(bytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

export function parseJson(textBody: string): unknown {
  try {
    return JSON.parse(textBody);
  } catch {
    return undefined;
  }
}
