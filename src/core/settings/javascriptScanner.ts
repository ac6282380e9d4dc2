// JavaScript and TypeScript: kafkajs options as object keys (`idempotent: true`), librdkafka names
// as quoted keys (`'enable.idempotence': true`, node-rdkafka and confluent-kafka-javascript), and
// assignments to such keys (`config['client.rack'] = 'a'`).

import { SETTING_RULES, type NamingStyle } from './rules';
import { maskCStyleComments } from './maskComments';
import { CodeValueReader, codeOccurrence, previousOnLine, subscriptAssignments, type CodeValue } from './codeLiterals';
import { matchRule } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingEntry, SettingOccurrence } from './settingOccurrence';

const kafkajsNames = SETTING_RULES.flatMap((rule) => rule.names.kafkajs);
const kafkajsKey = new RegExp(`(?<![\\w$.])(${kafkajsNames.join('|')})\\s*:(?![:=])`, 'g');
const quotedKey = /(['"`])([\w.-]{1,200})\1\s*:(?!:)/g;
const subscriptAssignment = /\[\s*(['"`])([\w.-]{1,200})\1\s*\]\s*=(?![=>])/g;

/** A quoted key is a librdkafka name (node-rdkafka) or, rarely, a quoted kafkajs option. */
const keyStyles: readonly NamingStyle[] = ['dotted', 'kafkajs'];

/** `transactionalId: string` in an interface or a parameter list is a type, not a setting. */
const typeAnnotation = /^(?:string|number|boolean|any|unknown|never|object|bigint|symbol)\b/;

function objectEntry(start: number, value: CodeValue): SettingEntry {
  return { start, end: value.literalEnd, separator: ',', trailingSeparatorAllowed: true };
}

export function scanJavaScript(source: SourceText): ScanResult {
  const code = maskCStyleComments(source.text);
  const values = new CodeValueReader(code, false);
  const occurrences: SettingOccurrence[] = [];

  for (const match of code.matchAll(kafkajsKey)) {
    const start = match.index;
    // `const compression: X`, `readonly rackId: string`, `a ? rackId : b` are not object entries.
    const before = previousOnLine(code, start);
    if (before >= 0 && /[\w$.?]/.test(code[before])) continue;
    const ruleMatch = matchRule(match[1], ['kafkajs']);
    if (ruleMatch === undefined) continue;
    const value = values.read(start + match[0].length);
    if (value === undefined || (!value.quoted && typeAnnotation.test(value.text))) continue;
    occurrences.push(codeOccurrence(match[1], ruleMatch, start, value, objectEntry(start, value)));
  }

  for (const match of code.matchAll(quotedKey)) {
    const start = match.index;
    const ruleMatch = matchRule(match[2], keyStyles);
    if (ruleMatch === undefined) continue;
    const value = values.read(start + match[0].length);
    if (value === undefined) continue;
    occurrences.push(codeOccurrence(match[2], ruleMatch, start, value, objectEntry(start, value)));
  }

  occurrences.push(...subscriptAssignments(code, subscriptAssignment, values, (key) => matchRule(key, keyStyles)));

  return { code, occurrences };
}
