// What the record-format options (formatOptions.ts declares them) parse to, and the schema registry
// they name. A module of its own: formatOptions.ts and the record formats it loads lazily
// (recordFormats.ts) both read them, and neither imports the other back.

export interface FormatFlags {
  keyFormat?: string;
  valueFormat?: string;
  keySchema?: string;
  valueSchema?: string;
  keyMessage?: string;
  valueMessage?: string;
  schemaRegistry?: string;
  schemaRegistryUsername?: string;
  schemaRegistryPasswordEnv?: string;
  /** produce only: how the registry subject is named (topic, record, topic-record). */
  subjectStrategy?: string;
}

export function registryUrlOf(flags: FormatFlags, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = flags.schemaRegistry ?? env.EBX_SCHEMA_REGISTRY;
  return url === undefined || url.trim() === '' ? undefined : url.trim();
}
