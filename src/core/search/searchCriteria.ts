/**
 * What a record must have to be found by a search. Every criterion given must hold; none given
 * finds every record. Texts are compared as UTF-8 bytes, case-sensitively.
 */
export interface SearchCriteria {
  /** The key is exactly this. */
  key?: string;
  /** The key contains this. */
  keyContains?: string;
  /** The value contains this. */
  valueContains?: string;
  /** A header with this name (any value), or with this name and exactly this value. */
  header?: { name: string; value?: string };
  /**
   * A CEL expression over the record that must be true, e.g.
   * `value.order >= 30 && value.status == "failed"`. Names: `value` (the value parsed as JSON),
   * `key` (text or null), `headers` (name → text, a list when repeated), `partition`, `offset`,
   * `timestamp` (epoch ms). A value that is not JSON never matches.
   */
  where?: string;
}
