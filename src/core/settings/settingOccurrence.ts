// What a dialect scanner hands to the check: a setting some rule knows, its value and where they
// are. Scanners look names up before reading values, which keeps them fast on large files; whether
// the value is a problem, and what to do about it, is left to the rule. Positions are offsets.

import type { RuleMatch } from './ruleLookup';

/** The text that "remove the setting" deletes, and what separates it from its neighbours. */
export interface SettingEntry {
  start: number;
  end: number;
  /** `,` between dict/object/argument entries, `;` after a statement, null for line-based files. */
  separator: ',' | ';' | null;
  /** Whether a `,` may be left before a closing bracket (JS, Python: yes; JSON, Java arguments: no). */
  trailingSeparatorAllowed: boolean;
}

export interface SettingOccurrence {
  /** The key as written, without quotes. For nested YAML/JSON, the innermost key. */
  name: string;
  match: RuleMatch;
  /** Start of the key token (its opening quote) and end of the value token (past its closing quote). */
  start: number;
  end: number;
  value: string;
  valueQuoted: boolean;
  /** The value without quotes. */
  valueStart: number;
  valueEnd: number;
  /** The value with its quotes (equal to valueStart/valueEnd when unquoted). */
  literalStart: number;
  literalEnd: number;
  /** Null when deleting the entry cannot be done safely (e.g. a call in the middle of a chain). */
  entry: SettingEntry | null;
}

export interface ScanResult {
  /** The text with comments blanked, same length; used to find separators around an entry. */
  code: string;
  occurrences: SettingOccurrence[];
}
