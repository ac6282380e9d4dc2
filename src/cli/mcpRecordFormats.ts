// The record formats `ebx mcp` gives its tools (issue 23): one schema registry from the environment,
// EBX_SCHEMA_REGISTRY (basic auth with EBX_SCHEMA_REGISTRY_USERNAME and EBX_SCHEMA_REGISTRY_PASSWORD,
// the names the extension's environment connection reads), for every topic, every format `auto`: a
// value in the Confluent wire format whose id the registry has is shown decoded, anything else as
// before. There are no per-topic schema files here: ebx's --value-schema names one topic's schema,
// and a server answers for all of them. One registry client for the server's life: each schema id is
// fetched once. Problems (a registry down) are told once each on stderr, never on stdout.
import type { ToolRecordFormats } from '../core/tools/toolDefinition';
import type { SchemaRegistryClient } from '../core/schemaRegistry/registryClient';
import { escapeForTerminal } from '../core/rendering/terminalText';
import { registryUrlOf, type FormatFlags } from './formatFlags';

export function mcpRecordFormats(env: NodeJS.ProcessEnv = process.env): ToolRecordFormats | undefined {
  if (registryUrlOf({}, env) === undefined) return undefined;
  const username = env.EBX_SCHEMA_REGISTRY_USERNAME?.trim() || undefined;
  const flags: FormatFlags = username ? { schemaRegistryUsername: username, schemaRegistryPasswordEnv: 'EBX_SCHEMA_REGISTRY_PASSWORD' } : {};
  let client: Promise<SchemaRegistryClient> | undefined;
  const registry = () => (client ??= import('./recordFormats').then(({ registryFromFlags }) => registryFromFlags(flags, env)!));
  const told = new Set<string>();
  return {
    async decoderFor(_connection, topic) {
      const [{ RecordDecoder }, { registrySchemaSource }, open] = await Promise.all([import('../core/formats/recordDecoder'), import('../core/formats/registryCodecs'), registry()]);
      return new RecordDecoder({
        registry: registrySchemaSource(open),
        onProblem: (sentence) => {
          if (told.has(sentence)) return;
          told.add(sentence);
          process.stderr.write(`ebx mcp: ${escapeForTerminal(`${topic}: ${sentence}`)}\n`);
        },
      });
    },
    // Every format is `auto`: the text goes as it is (a topic's schema is chosen per topic, which a server cannot).
    encodersFor: () => Promise.resolve({}),
  };
}
