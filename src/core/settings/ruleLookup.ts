// From a name as written in a file to the rule it belongs to, and the canonical setting it means.

import { SETTING_RULES, type NamingStyle, type SettingRule } from './rules';

export interface RuleMatch {
  rule: SettingRule;
  style: NamingStyle;
  /** Canonical dotted name. */
  setting: string;
}

function indexNames(style: NamingStyle, key: (name: string) => string): ReadonlyMap<string, SettingRule> {
  const index = new Map<string, SettingRule>();
  for (const rule of SETTING_RULES) for (const name of rule.names[style]) index.set(key(name), rule);
  return index;
}

const lowerCase = (name: string) => name.toLowerCase();
/** `ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG` -> `ENABLE_IDEMPOTENCE_CONFIG`: the class may be static-imported away. */
const constantPart = (name: string) => name.slice(name.lastIndexOf('.') + 1);

const rulesByStyle: Readonly<Record<NamingStyle, ReadonlyMap<string, SettingRule>>> = {
  dotted: indexNames('dotted', lowerCase),
  javaConstant: indexNames('javaConstant', constantPart),
  pythonKeyword: indexNames('pythonKeyword', (name) => name),
  kafkajs: indexNames('kafkajs', (name) => name),
};

/**
 * Client settings are often nested under a prefix: Spring's `spring.kafka.producer.properties.`,
 * Kafka Connect's `producer.override.`, SmallRye's `mp.messaging.outgoing.<channel>.`. Such a prefix
 * counts only when it looks like client configuration, so that broker settings such as
 * `replica.fetch.min.bytes` or an unrelated `app.compression.type` are left alone.
 */
const clientConfigSegments = new Set(['properties', 'producer', 'consumer', 'override', 'overrides', 'messaging', 'streams', 'admin']);

function isClientConfigPrefix(prefix: string): boolean {
  return prefix.split('.').some((segment) => {
    const lower = segment.toLowerCase();
    return lower.includes('kafka') || clientConfigSegments.has(lower);
  });
}

/** Long keys are not settings; the cap keeps suffix matching linear on junk input. */
const MAX_KEY_LENGTH = 512;

function matchDotted(name: string, parents: readonly string[]): SettingRule | undefined {
  const exact = rulesByStyle.dotted.get(name.toLowerCase());
  if (exact !== undefined) return exact;
  const path = parents.length === 0 ? name : [...parents, name].join('.');
  if (path.length > MAX_KEY_LENGTH) return undefined;
  const lowerPath = path.toLowerCase();
  // Longest suffix first, at every dot: `a.b.fetch.min.bytes` tries `b.fetch.min.bytes`, `fetch.min.bytes`, ...
  for (let dot = lowerPath.indexOf('.'); dot >= 0; dot = lowerPath.indexOf('.', dot + 1)) {
    const rule = rulesByStyle.dotted.get(lowerPath.slice(dot + 1));
    if (rule !== undefined) return isClientConfigPrefix(lowerPath.slice(0, dot)) ? rule : undefined;
  }
  return undefined;
}

/** Every dot-separated tail of every dotted name: `enable.idempotence`, `idempotence`, ... */
const dottedNameTails: ReadonlySet<string> = new Set(
  [...rulesByStyle.dotted.keys()].flatMap((name) => name.split('.').map((_, index, parts) => parts.slice(index).join('.'))),
);

/**
 * Whether a YAML or JSON key could name a setting under some enclosing keys: it is a setting, the tail
 * of one (`idempotence` under `enable:`), or a setting behind a flat prefix. A cheap test that lets
 * scanners skip the work of collecting enclosing keys for everything else.
 */
export function mayNameDottedSetting(key: string): boolean {
  const lower = key.toLowerCase();
  if (dottedNameTails.has(lower)) return true;
  if (lower.length > MAX_KEY_LENGTH) return false;
  for (let dot = lower.indexOf('.'); dot >= 0; dot = lower.indexOf('.', dot + 1)) {
    if (rulesByStyle.dotted.has(lower.slice(dot + 1))) return true;
  }
  return false;
}

function matchJavaConstant(name: string): SettingRule | undefined {
  const parts = name.split('.');
  // Qualified constants must come from a *Config / *Configs class (ProducerConfig, CommonClientConfigs).
  if (parts.length > 1 && !/Configs?$/.test(parts[parts.length - 2])) return undefined;
  return rulesByStyle.javaConstant.get(parts[parts.length - 1]);
}

function canonicalSetting(rule: SettingRule, name: string, style: NamingStyle): string {
  let dotted: string;
  if (style === 'dotted') dotted = name.toLowerCase().replace(/-/g, '.');
  else if (style === 'javaConstant') dotted = constantPart(name).replace(/_CONFIG$/, '').toLowerCase().replace(/_/g, '.');
  else if (style === 'pythonKeyword') dotted = name.replace(/_/g, '.');
  else return rule.settings[0];
  const suffixMatch = rule.settings.find((setting) => dotted === setting || dotted.endsWith(`.${setting}`));
  return suffixMatch ?? rule.settings[0];
}

/**
 * The rule a written name belongs to. `styles` are the spellings the file's syntax allows at that
 * spot, most likely first (a quoted Python dict key may be `enable.idempotence` or `enable_idempotence`).
 * `parents` are the enclosing keys in YAML and JSON.
 */
export function matchRule(name: string, styles: readonly NamingStyle[], parents: readonly string[] = []): RuleMatch | undefined {
  for (const style of styles) {
    let rule: SettingRule | undefined;
    if (style === 'dotted') rule = matchDotted(name, parents);
    else if (style === 'javaConstant') rule = matchJavaConstant(name);
    else rule = rulesByStyle[style].get(name);
    if (rule !== undefined) return { rule, style, setting: canonicalSetting(rule, name, style) };
  }
  return undefined;
}
