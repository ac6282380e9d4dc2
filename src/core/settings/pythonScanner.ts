// Python: confluent-kafka dicts (`{'enable.idempotence': True}`, `conf['client.rack'] = 'a'`) and
// kafka-python / aiokafka keyword arguments (`KafkaProducer(enable_idempotence=True)`).

import { SETTING_RULES, type NamingStyle } from './rules';
import { maskPythonComments } from './maskComments';
import { CodeValueReader, codeOccurrence, previousSignificant, subscriptAssignments } from './codeLiterals';
import { matchRule } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingEntry, SettingOccurrence } from './settingOccurrence';

const keywordNames = SETTING_RULES.flatMap((rule) => rule.names.pythonKeyword);
const keywordArgument = new RegExp(`(?<![\\w.])(${keywordNames.join('|')})\\s*=(?!=)`, 'g');
/** A quoted key is a librdkafka name (confluent-kafka) or a kafka-python name in a `**config` dict. */
const keyStyles: readonly NamingStyle[] = ['dotted', 'pythonKeyword'];
const dictKey = /(['"])([\w.-]{1,200})\1\s*:/g;
const subscriptAssignment = /\[\s*(['"])([\w.-]{1,200})\1\s*\]\s*=(?!=)/g;

export function scanPython(source: SourceText): ScanResult {
  const code = maskPythonComments(source.text);
  const values = new CodeValueReader(code, true);
  const occurrences: SettingOccurrence[] = [];

  for (const match of code.matchAll(keywordArgument)) {
    const start = match.index;
    // Only keyword arguments: a module-level `client_rack = 'a'` is a variable.
    const before = previousSignificant(code, start);
    if (before < 0 || (code[before] !== '(' && code[before] !== ',')) continue;
    const ruleMatch = matchRule(match[1], ['pythonKeyword']);
    if (ruleMatch === undefined) continue;
    const value = values.read(start + match[0].length);
    if (value === undefined) continue;
    const entry: SettingEntry = { start, end: value.literalEnd, separator: ',', trailingSeparatorAllowed: true };
    occurrences.push(codeOccurrence(match[1], ruleMatch, start, value, entry));
  }

  for (const match of code.matchAll(dictKey)) {
    const start = match.index;
    const ruleMatch = matchRule(match[2], keyStyles);
    if (ruleMatch === undefined) continue;
    const value = values.read(start + match[0].length);
    if (value === undefined) continue;
    const entry: SettingEntry = { start, end: value.literalEnd, separator: ',', trailingSeparatorAllowed: true };
    occurrences.push(codeOccurrence(match[2], ruleMatch, start, value, entry));
  }

  occurrences.push(...subscriptAssignments(code, subscriptAssignment, values, (key) => matchRule(key, keyStyles)));

  return { code, occurrences };
}
