// A bad `where` is refused up front with one sentence saying what and where; a good one is only
// ever interpreted (no eval): what it cannot reach it cannot run.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileWhere, WhereExpressionError } from '../../../src/core/search/whereExpression';
import { UsageError } from '../../../src/core/errors';

function refusal(text: string): WhereExpressionError {
  try {
    compileWhere(text);
  } catch (err) {
    assert.ok(err instanceof WhereExpressionError, `a WhereExpressionError for ${text}`);
    assert.ok(err instanceof UsageError, 'a usage error (exit code 2 in ebx)');
    assert.doesNotMatch(err.message, /\n/, 'one line');
    return err;
  }
  assert.fail(`${text} was accepted`);
}

describe('where expressions', () => {
  test('an expression cut short: the position is just past its end (1-based)', () => {
    const err = refusal('value.order >= 30 &&');
    assert.equal(err.position, 21);
    assert.equal(err.message, 'The where expression is not valid: Unexpected token: EOF at position 21.');
  });

  test('assignment (= for ==) is refused where it stands', () => {
    const err = refusal('value.status = "failed"');
    assert.equal(err.position, 14);
    assert.match(err.reason, /=/);
  });

  test('an unknown name is refused before any record is read', () => {
    const err = refusal('vaule.order > 3');
    assert.equal(err.reason, 'Unknown variable: vaule');
    assert.equal(err.position, 1);
  });

  test('an expression that cannot be true or false is refused', () => {
    assert.equal(refusal('"abc"').reason, 'it gives a string, not true or false');
    assert.equal(refusal('1 + 2').reason, 'it gives a int, not true or false');
  });

  test('empty is refused', () => {
    assert.equal(refusal('   ').reason, 'it is empty');
  });

  test('no way to code: JavaScript calls, constructors and globals are not part of the language', () => {
    for (const text of ['constructor.constructor("return process")()', 'process.exit(1)', 'require("fs")', 'eval("1")', 'this.x == 1']) {
      assert.throws(() => compileWhere(text), WhereExpressionError, text);
    }
  });

  test('names used are collected, so the matcher builds only those parts of a record', () => {
    assert.deepEqual([...compileWhere('value.order > 3 && key == "a"').uses].sort(), ['key', 'value']);
    assert.deepEqual([...compileWhere('offset > 3').uses], ['offset']);
    assert.deepEqual([...compileWhere('value.items.exists(i, i > partition)').uses].sort(), ['partition', 'value']);
  });

  test('a field a value lacks is false for that record, not an error for the search', () => {
    const where = compileWhere('value.a.b == 1');
    assert.equal(where.test({ value: {} }), false);
    assert.equal(where.test({ value: { a: { b: 1 } } }), true);
  });

  test('only true is a match: a dyn result that is not a boolean is not', () => {
    const where = compileWhere('value.flag');
    assert.equal(where.test({ value: { flag: true } }), true);
    assert.equal(where.test({ value: { flag: 'yes' } }), false);
    assert.equal(where.test({ value: { flag: 1 } }), false);
  });
});
