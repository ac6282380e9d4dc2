// The search bar's fields as plain types, with no imports: the webview page type-checks against
// them without pulling in the parsers (searchForm.ts).

/** What the search bar holds, as typed. Empty strings mean "not given". */
export interface SearchForm {
  key: string;
  /** 'is': the key is exactly `key`; 'contains': the key contains it. */
  keyMatch: 'is' | 'contains';
  value: string;
  /** NAME, or NAME=VALUE for an exact value. */
  header: string;
  where: string;
  /** Empty: the beginning of each partition. */
  from: string;
  /** Empty: no end. */
  until: string;
  /** Empty or "all": every partition; otherwise "0, 2, 5". */
  partitions: string;
  /** Empty: DEFAULT_MAX_MATCHES. */
  maxMatches: string;
}

export type SearchField = keyof SearchForm;
