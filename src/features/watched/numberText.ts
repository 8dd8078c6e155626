// A compact text for a run of whole numbers, for what Settings Sync carries: it sends every extension's
// synced state in one payload with a size limit (past it the person's whole UI State fails to sync,
// microsoft/vscode#202359), so watched marks are kept as few characters as they can be.
//
// Each number is written in 5-bit digits, the most significant first. Every digit but the last is one of
// 32 "more" characters and the last one of 32 "end" characters: numbers need no separator between them. The
// 64 characters are letters, digits, "-" and "_", so the text is the same in JSON (no quote, no backslash).
// Reading stops for good at the first character that is not one of them, or at a number too long to be
// one: what came before is kept, nothing after it is guessed at.

const MORE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef';
const END = 'ghijklmnopqrstuvwxyz0123456789-_';
const DIGIT_BITS = 5;
const DIGIT_BASE = 1 << DIGIT_BITS;

/** The largest number written or read (2³¹ − 1: every TMDB id and count fits, with room to spare). */
export const MAX_NUMBER = 2 ** 31 - 1;
/** Digits of the largest number: a longer one is not ours, and stops the reading. */
const MAX_DIGITS = Math.ceil(31 / DIGIT_BITS);

/** For each character code, its digit: 0-31 for a "more" digit, 32-63 for an "end" digit, -1 for neither. */
const DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGIT_BASE; i++) {
  DIGITS[MORE.charCodeAt(i)] = i;
  DIGITS[END.charCodeAt(i)] = DIGIT_BASE + i;
}

/** Builds the text, number by number. */
export class NumberWriter {
  private readonly parts: string[] = [];

  /** Appends `n`, a whole number from 0 to MAX_NUMBER (anything else is a mistake of the caller's: it throws). */
  write(n: number): this {
    if (!Number.isInteger(n) || n < 0 || n > MAX_NUMBER) throw new RangeError(`not a number to keep: ${n}`);
    let digits = END[n % DIGIT_BASE]!;
    for (let rest = Math.floor(n / DIGIT_BASE); rest > 0; rest = Math.floor(rest / DIGIT_BASE))
      digits = MORE[rest % DIGIT_BASE]! + digits;
    this.parts.push(digits);
    return this;
  }

  text(): string {
    return this.parts.join('');
  }
}

/** Reads the numbers back, one at a time, in one pass over the text. */
export class NumberReader {
  private at = 0;
  private spoiled = false;

  constructor(private readonly source: string) {}

  /** The next number, or undefined at the end of the text or at the first spoiled character (and after it). */
  next(): number | undefined {
    if (this.spoiled || this.at >= this.source.length) return undefined;
    let value = 0;
    for (let digits = 1; digits <= MAX_DIGITS && this.at < this.source.length; digits++) {
      const code = this.source.charCodeAt(this.at++);
      const digit = code < 128 ? DIGITS[code]! : -1;
      if (digit < 0) break;
      value = value * DIGIT_BASE + (digit % DIGIT_BASE);
      if (digit >= DIGIT_BASE) return value <= MAX_NUMBER ? value : this.spoil();
    }
    return this.spoil();
  }

  /** Whether the reading stopped at a character or number that is not ours (rather than at the text's end). */
  get stoppedEarly(): boolean {
    return this.spoiled;
  }

  private spoil(): undefined {
    this.spoiled = true;
    return undefined;
  }
}
