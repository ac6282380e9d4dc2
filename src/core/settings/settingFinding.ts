// What the unsupported-settings check reports. Plain data: the CLI prints it as JSON and the
// extension turns it into diagnostics and quick fixes without reinterpreting anything.

export type SettingSeverity = 'error' | 'warning';

/** A replacement of the text between two positions. Lines and columns are 1-based, end exclusive. */
export interface SettingEdit {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  newText: string;
}

export interface SettingFix {
  title: string;
  /** Absent when no textual change is safe on its own (the code around the setting must change too). */
  edit?: SettingEdit;
}

export interface SettingFinding {
  /** Start of the key (its opening quote, if quoted). 1-based. */
  line: number;
  column: number;
  /** Just past the value (its closing quote, if quoted). 1-based, exclusive. */
  endLine: number;
  endColumn: number;
  /** Canonical dotted name, e.g. `enable.idempotence`, whatever naming style the file used. */
  setting: string;
  /** The value as written, without surrounding quotes. */
  value: string;
  severity: SettingSeverity;
  /** One sentence on what happens on the broker. */
  message: string;
  fix: SettingFix | null;
  ruleId: string;
}
