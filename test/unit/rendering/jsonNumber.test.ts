// A double's digits written from integer arithmetic (jsonNumber.ts) must be Number's own ToString,
// character for character, whenever it writes them: checked on the doubles records hold (a few
// digits after the point), on random magnitudes and on random bit patterns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeShortFraction } from '../../../src/core/rendering/jsonNumber';

let seed = 99;
const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
const buf = Buffer.alloc(32);

/** Whether it wrote `v` (as ToString does, which is asserted); false when it left it to ToString. */
function wrote(v: number): boolean {
  const n = writeShortFraction(buf, 0, v);
  if (n > 0) assert.equal(buf.toString('latin1', 0, n), String(v), `the digits of ${String(v)}`);
  return n > 0;
}

test('fractions of a few digits, random magnitudes and bit patterns: ToString, or left to it', () => {
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  let written = 0;
  let tried = 0;
  for (let i = 0; i < 200_000; i++) {
    const candidates = [
      Math.round((random() - 0.5) * 10 ** (random() * 14)) / 10 ** (i % 10),
      (random() - 0.5) * 10 ** (random() * 30 - 12),
      Math.fround((random() - 0.5) * 1e4),
      (i * 13.37) / 100,
      0.1 * i,
    ];
    words[0] = random() * 2 ** 32;
    words[1] = random() * 2 ** 32;
    candidates.push(bits[0]);
    for (const v of candidates) {
      tried++;
      if (wrote(v)) written++;
    }
  }
  assert.ok(written > tried / 3, `wrote ${written} of ${tried}`);
});

test('the edges: 10^-6 and below (ToString writes an exponent), 17 digits, beyond 2^49 scaled, whole numbers, NaN and the infinities are left to ToString', () => {
  for (const v of [0.1, 0.2, 1e-6, 1.5e-6, 123.456, 1.005, -0.5, 4.35, 1234567.891, 2 ** 45 + 0.5]) assert.ok(wrote(v), String(v));
  for (const v of [0.1 + 0.2, 2 ** 48 + 0.5, 9.99e-7, 1e-7, 5e-324, 0, -0, 1, -7, 2 ** 60, 1e21, 1.7976931348623157e308, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) assert.equal(wrote(v), false, String(v));
});
