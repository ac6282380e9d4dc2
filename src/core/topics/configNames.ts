// Configuration entry names and the K=V form the CLI and the editor take them in.
import { UsageError } from '../errors';

/** Kafka's entry names are lower-case words joined by "." (retention.ms, cleanup.policy, …). */
const CONFIG_NAME = /^[a-z0-9]+([._-][a-z0-9]+)*$/;

export function checkConfigName(name: string): void {
  if (!CONFIG_NAME.test(name)) throw new UsageError(`"${name}" is not a configuration entry name: entries look like retention.ms or cleanup.policy.`);
}

/** "retention.ms=3600000" -> ["retention.ms", "3600000"]; the value may contain "=", and may be empty. */
export function parseConfigAssignment(text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`"${text}" is not an entry and its value: write it as NAME=VALUE, for example retention.ms=86400000.`);
  const name = text.slice(0, at).trim();
  checkConfigName(name);
  return [name, text.slice(at + 1)];
}

/** Several K=V into one object; the same name twice is refused rather than silently overwritten. */
export function configAssignments(texts: string[]): Record<string, string> {
  const configs: Record<string, string> = {};
  for (const text of texts) {
    const [name, value] = parseConfigAssignment(text);
    if (name in configs && configs[name] !== value) throw new UsageError(`${name} is given twice (${configs[name]} and ${value}): give it once.`);
    configs[name] = value;
  }
  return configs;
}
