// The unsupported-settings check: scan a file in its dialect for candidate settings, match them to
// the rules of the broker profile, and report each with a position and a fix. Pure and total: any
// text in, findings out, never an exception (the editor runs this on every keystroke in any file).

import type { BrokerProfile } from '../model';
import type { Dialect } from './dialects';
import { ruleAppliesToProfile, type FixRecipe, type WrittenValue } from './rules';
import { removalRange, type OffsetRange } from './removalRange';
import { scanJava } from './javaScanner';
import { scanJavaScript } from './javascriptScanner';
import { scanJson } from './jsonScanner';
import { scanProperties } from './propertiesScanner';
import { scanPython } from './pythonScanner';
import { scanYaml } from './yamlScanner';
import { SourceText } from './sourceText';
import type { ScanResult, SettingOccurrence } from './settingOccurrence';
import type { SettingEdit, SettingFinding, SettingFix } from './settingFinding';

const scanners: Readonly<Record<Dialect, (source: SourceText) => ScanResult>> = {
  properties: scanProperties,
  python: scanPython,
  javascript: scanJavaScript,
  java: scanJava,
  json: scanJson,
  yaml: scanYaml,
};

function edit(source: SourceText, range: OffsetRange, newText: string): SettingEdit {
  const start = source.positionAt(range.start);
  const end = source.positionAt(range.end);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column, newText };
}

function fixFor(recipe: FixRecipe, occurrence: SettingOccurrence, source: SourceText, code: string): SettingFix {
  switch (recipe.kind) {
    case 'replaceValue': {
      const range = recipe.includeQuotes
        ? { start: occurrence.literalStart, end: occurrence.literalEnd }
        : { start: occurrence.valueStart, end: occurrence.valueEnd };
      return { title: recipe.title, edit: edit(source, range, recipe.newText) };
    }
    case 'removeEntry':
      return occurrence.entry === null
        ? { title: recipe.title }
        : { title: recipe.title, edit: edit(source, removalRange(source, code, occurrence.entry), '') };
    case 'advice':
      return { title: recipe.title };
  }
}

function scanAndMatch(text: string, dialect: Dialect, profile: BrokerProfile): SettingFinding[] {
  const source = new SourceText(text);
  const { code, occurrences } = scanners[dialect](source);
  const found: Array<{ offset: number; finding: SettingFinding }> = [];
  const reportedStarts = new Set<number>();

  for (const occurrence of occurrences) {
    const { match } = occurrence;
    if (!ruleAppliesToProfile(match.rule, profile) || reportedStarts.has(occurrence.start)) continue;
    const value: WrittenValue = {
      // Constants read worse than the property they stand for.
      name: match.style === 'javaConstant' ? match.setting : occurrence.name,
      text: occurrence.value,
      quoted: occurrence.valueQuoted,
      style: match.style,
      dialect,
    };
    if (!match.rule.flags(value)) continue;
    reportedStarts.add(occurrence.start);
    const start = source.positionAt(occurrence.start);
    const end = source.positionAt(occurrence.end);
    found.push({
      offset: occurrence.start,
      finding: {
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        setting: match.setting,
        value: occurrence.value,
        severity: match.rule.severity,
        message: match.rule.message(value),
        fix: fixFor(match.rule.fix(value), occurrence, source, code),
        ruleId: match.rule.id,
      },
    });
  }
  return found.sort((a, b) => a.offset - b.offset).map((entry) => entry.finding);
}

/**
 * Settings in `text` that the broker behind `profile` ignores or refuses, in file order. Lines and
 * columns are 1-based (columns in UTF-16 code units, as editors count), end columns exclusive.
 */
export function findUnsupportedSettings(text: string, dialect: Dialect, profile: BrokerProfile): SettingFinding[] {
  try {
    return scanAndMatch(String(text ?? ''), dialect, profile);
  } catch {
    // A scanner bug must cost a missing warning, never a broken editor or lint run.
    return [];
  }
}
