// A double's JSON text (Number's own ToString, as JSON.stringify writes it) without making the
// string, for the doubles records mostly hold: a few digits after the point (prices, measures).
// Number-to-string conversion of a fraction was the largest single cost of writing decoded Avro
// records (issue 23's bench); these are digits written from integer arithmetic instead.
//
// ToString writes the fewest significant digits that read back as the same double. For a fraction
// of d digits, m = round(v × 10^d) reads back exactly when m / 10^d === v (both exact, and IEEE
// division rounds correctly, as reading "m × 10^-d" does), so the first d that does is the fewest.
// While v × 10^d < 2^49 the rounding of v × 10^d cannot pick another m than the nearest, nor can
// two m's read back as v; beyond, or below 10^-6 (where ToString writes an exponent), the caller
// takes Number's own text.

const POWERS = Array.from({ length: 16 }, (_, d) => 10 ** d);
const LIMIT = 2 ** 49;

/**
 * Writes |v|'s digits as ToString would when it is a fraction of at most 15 digits after the point
 * that fits the exact range above; returns the bytes written, or 0 (nothing written) when not.
 * `buf` must have room for 24 bytes at `pos`.
 */
export function writeShortFraction(buf: Buffer, pos: number, v: number): number {
  const negative = v < 0;
  const a = negative ? -v : v;
  if (!(a >= 1e-6) || Number.isInteger(a)) return 0;
  for (let d = 1; d < POWERS.length; d++) {
    const scaled = a * POWERS[d];
    if (scaled >= LIMIT) return 0;
    const m = Math.round(scaled);
    if (m / POWERS[d] !== a) continue;
    let at = pos;
    if (negative) buf[at++] = 0x2d;
    let whole = Math.floor(m / POWERS[d]);
    let fraction = m - whole * POWERS[d];
    // The quotient of two exact numbers can round up to the next whole number.
    if (fraction < 0) {
      whole--;
      fraction += POWERS[d];
    }
    at = writeDigits(buf, at, whole, 1);
    buf[at++] = 0x2e;
    return writeDigits(buf, at, fraction, d) - pos;
  }
  return 0;
}

/** A non-negative integer below 2^49 as at least `width` digits (zeros in front); returns the new pos. */
function writeDigits(buf: Buffer, pos: number, n: number, width: number): number {
  let digits = 1;
  for (let p = 10; p <= n; p *= 10) digits++;
  if (digits < width) digits = width;
  let at = pos + digits;
  for (let i = 0; i < digits; i++) {
    const q = Math.floor(n / 10);
    buf[--at] = 0x30 + (n - q * 10);
    n = q;
  }
  return pos + digits;
}
