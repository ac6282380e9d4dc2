// The plain data the records viewer's page receives (rows, a record's detail, the histogram) and
// sends (the filter). No Node types here: the page, a browser script, imports these types too.

/** What the viewer narrows the loaded records to: text in the key or value, and a time range. */
export interface RecordFilter {
  /** Bytes that must appear in the key or the value (case-sensitive); empty or absent for all. */
  text?: string;
  /** Inclusive epoch-millisecond bounds. */
  fromTime?: number;
  toTime?: number;
}

/** One table row: what the viewer shows of a record without its whole value. */
export interface RecordRow {
  /** The row's place in the current (filtered) list. */
  row: number;
  /** The record's index in the store (what detail, copy and export ask by). */
  id: number;
  partition: number;
  offset: number;
  timestamp: number;
  key: string;
  value: string;
  /** True when key/value previews are hex of binary bytes. */
  keyBinary: boolean;
  valueBinary: boolean;
  /** True for a record without a value (a tombstone): `value` then reads "tombstone". */
  tombstone: boolean;
  headers: number;
  size: number;
  /** How the key / value read with the topic's format (issue 23); absent when read as plain text-or-bytes. */
  keyMark?: CellMark;
  valueMark?: CellMark;
}

/**
 * The mark beside a cell read with a format: the schema's short name (or the format), or "not
 * decoded" with the one sentence saying why (the cell then shows hex of the bytes as written).
 */
export interface CellMark {
  text: string;
  /** The hover: the format, the schema's full name and id; or the sentence. */
  title: string;
  failed: boolean;
}

/** How a key or value read with its topic's format, as the detail pane shows it beside the raw bytes. */
export type DetailReading =
  | {
      ok: true;
      format: string;
      /** The record's / message's full name, or the schema file's; null when the format has none. */
      name: string | null;
      /** The registry's schema id; null for a workspace file. */
      id: number | null;
      /** The decoded value as indented JSON (at most DETAIL_LIMIT_BYTES characters unless shown whole). */
      json: string;
      /** The same value as one line (for the key's line), cut at a few hundred characters. */
      line: string;
      truncated: boolean;
    }
  | { ok: false; error: string };

/** A key, value or header value as the detail pane shows it. */
export interface DetailBytes {
  /** null: the field is absent (a null key, a tombstone). */
  kind: 'null' | 'json' | 'text' | 'binary';
  size: number;
  /** The text as is (UTF-8), or base64 for binary; at most 1 MiB (DETAIL_LIMIT_BYTES) unless shown whole. */
  text: string;
  /** Indented JSON when the text is JSON (and was shown whole). */
  pretty?: string;
  /** Hex of the first bytes (64 KiB at most). */
  hex: string;
  /** True when `text` is cut short (a "show all" is offered). */
  truncated: boolean;
  hexTruncated: boolean;
}

export interface RecordDetail {
  id: number;
  topic: string;
  partition: number;
  offset: number;
  timestamp: number;
  /** The bytes as written (always binary — base64 and hex — when the field was read with a format). */
  key: DetailBytes;
  value: DetailBytes;
  headers: { name: string; value: DetailBytes }[];
  /** How the key / value read with the topic's format; absent when read as plain text-or-bytes. */
  keyRead?: DetailReading;
  valueRead?: DetailReading;
}

export interface TimestampHistogram {
  /** Epoch ms of the first bin's start and the last bin's end (inclusive of the newest record). */
  from: number;
  to: number;
  binWidth: number;
  counts: number[];
}
