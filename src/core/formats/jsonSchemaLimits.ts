// What keeps a hostile JSON Schema from costing minutes (issue 39): `pattern` and
// `patternProperties` run on RE2's linear-time engine (re2js), not JavaScript's backtracking
// RegExp — `^(a+)+b$` took 6.8 s on a 28-character value —, and the draft-06/07 meta-schemas
// used to check a schema leave out "enum items must be unique", which ajv checks pair by pair for
// untyped items: a 200,000-entry enum took 32.6 s to compile, 1,000,000 over 400 s. Duplicates in
// an enum change no answer (2019-09 and 2020-12 dropped the rule), so nothing is lost.
import type { RegExpEngine } from 'ajv/dist/types';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { RE2JS } from 're2js';

/** ajv's `code.regExp`: a pattern compiled by RE2 (JavaScript syntax translated); lookarounds and backreferences are refused. */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string) => {
    let re: RE2JS;
    try {
      re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`the pattern ${JSON.stringify(pattern.slice(0, 80))} needs a backtracking engine (${why}); patterns run in linear time here, without lookarounds or backreferences`);
    }
    return { test: (text: string) => re.test(text), toString: () => pattern };
  },
  // For ajv's standalone code, which is not used here.
  { code: 'linearRegExp' },
);

interface MetaSchema {
  properties: { enum: Record<string, unknown> } & Record<string, unknown>;
}

function withoutUniqueEnum<T extends MetaSchema>(meta: T): T {
  const rule = { ...meta.properties.enum };
  delete rule.uniqueItems;
  return { ...meta, properties: { ...meta.properties, enum: rule } };
}

/** Draft-07's meta-schema (ajv's default) without the quadratic enum rule. */
export const DRAFT_07_META = withoutUniqueEnum(draft07 as unknown as MetaSchema);
/** Draft-06's meta-schema without the quadratic enum rule. */
export const DRAFT_06_META = withoutUniqueEnum(draft06 as unknown as MetaSchema);
