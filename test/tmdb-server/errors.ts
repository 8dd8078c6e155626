// TMDB's error answers, as the stand-in gives them: HTTP status, status_code and status_message.

export interface ErrorSpec {
  status: number;
  code: number;
  message: string;
}

export const ERR = {
  invalidKey: { status: 401, code: 7, message: 'Invalid API key: You must be granted a valid key.' },
  authFailed: {
    status: 401,
    code: 3,
    message: 'Authentication failed: You do not have permissions to access the service.',
  },
  sessionDenied: { status: 401, code: 17, message: 'Session denied.' },
  invalidToken: {
    status: 401,
    code: 33,
    message: 'Invalid request token: The request token is either expired or invalid.',
  },
  v4Invalid: { status: 401, code: 35, message: 'Invalid token.' },
  v4NoWrite: { status: 401, code: 36, message: "This token hasn't been granted write permission by the user." },
  notFound: { status: 404, code: 34, message: 'The resource you requested could not be found.' },
  invalidId: { status: 404, code: 6, message: 'Invalid id: The pre-requisite id is invalid or not found.' },
  sessionNotFound: { status: 404, code: 37, message: 'Session not found.' },
  invalidPage: {
    status: 400,
    code: 22,
    message: 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.',
  },
  invalidInput: { status: 400, code: 47, message: 'The input is not valid.' },
  duplicate: { status: 403, code: 8, message: 'Duplicate entry: The data you tried to submit already exists.' },
  valueTooLow: { status: 400, code: 18, message: 'Value too low: Value must be greater than 0.0.' },
  valueTooHigh: { status: 400, code: 19, message: 'Value too high: Value must be less than, or equal to 10.0.' },
  valueInvalid: { status: 400, code: 20, message: 'Value invalid: Values must be a multiple of 0.50.' },
  internal: { status: 500, code: 11, message: 'Internal error: Something went wrong, contact TMDB.' },
} as const satisfies Record<string, ErrorSpec>;

/** Thrown by a route to answer with a TMDB error body. */
export class HttpError extends Error {
  constructor(readonly spec: ErrorSpec) {
    super(spec.message);
  }
}

export function errorJson(code: number, message: string): string {
  return JSON.stringify({ success: false, status_code: code, status_message: message });
}

/** A path's id: digits, or the path is one TMDB does not have. */
export function numberId(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) throw new HttpError(ERR.notFound);
  return Number(value);
}

/** What was looked up, or TMDB's "not found". */
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new HttpError(ERR.notFound);
  return value;
}
