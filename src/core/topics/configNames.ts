// Configuration entry names and the K=V form the CLI and the editor take them in.
import { UsageError } from '../errors';

/** Kafka's entry names are lower-case words joined by "." (retention.ms, cleanup.policy, …). */
const CONFIG_NAME = /^[a-z0-9]+([._-][a-z0-9]+)*$/;
/** Kafka's longest entry names are about 60 characters; a longer "name" is a mistake (and past what a request can carry). */
const MAX_CONFIG_NAME_LENGTH = 255;
/** CreateTopics and AlterConfigs carry a value as a string with a 16-bit length: 32,767 bytes of UTF-8 at most. */
export const MAX_CONFIG_VALUE_BYTES = 32_767;

export function checkConfigName(name: string): void {
  if (name.length > MAX_CONFIG_NAME_LENGTH || !CONFIG_NAME.test(name)) {
    const shown = name.length > 60 ? `${name.slice(0, 57)}…` : name;
    throw new UsageError(`"${shown}" is not a configuration entry name: entries look like retention.ms or cleanup.policy.`);
  }
}

/** A value the broker's protocol can carry (Node's RangeError otherwise, from deep in the encoder). */
export function checkConfigValue(name: string, value: string): void {
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > MAX_CONFIG_VALUE_BYTES) {
    throw new UsageError(`The value of ${name} is ${bytes.toLocaleString('en-US')} bytes: a configuration value can be at most ${MAX_CONFIG_VALUE_BYTES.toLocaleString('en-US')} bytes (UTF-8).`);
  }
}

/** "retention.ms=3600000" -> ["retention.ms", "3600000"]; the value may contain "=", and may be empty. */
export function parseConfigAssignment(text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`"${text}" is not an entry and its value: write it as NAME=VALUE, for example retention.ms=86400000.`);
  const name = text.slice(0, at).trim();
  checkConfigName(name);
  const value = text.slice(at + 1);
  checkConfigValue(name, value);
  return [name, value];
}

/** Several K=V into one object; the same name twice is refused rather than silently overwritten. */
export function configAssignments(texts: string[]): Record<string, string> {
  const configs: Record<string, string> = {};
  for (const text of texts) {
    const [name, value] = parseConfigAssignment(text);
    // Own entries only: `name in configs` is true for "constructor" (Object's prototype) as well.
    if (Object.hasOwn(configs, name) && configs[name] !== value) throw new UsageError(`${name} is given twice (${configs[name]} and ${value}): give it once.`);
    configs[name] = value;
  }
  return configs;
}
