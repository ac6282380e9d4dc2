// A schema registry's schemas as codecs: the bridge between the registry client (which knows the
// Confluent API) and the codecs (which know the formats). One codec per id, made when the first
// record carrying that id is read (RecordDecoder.prepare caches it).
import { RegistryError, type ResolvedSchema, type SchemaRegistryClient } from '../schemaRegistry/registryClient';
import { avroCodec } from './avroCodec';
import type { SchemaCodec } from './formatTypes';
import { jsonSchemaCodec } from './jsonSchemaCodec';
import { protobufCodec } from './protobufCodec';
import type { SchemaSource } from './recordDecoder';

export function codecForRegistered(schema: ResolvedSchema): SchemaCodec {
  switch (schema.schemaType) {
    case 'AVRO':
      return avroCodec(schema.schema, { id: schema.id, references: schema.referenced.map((r) => ({ name: r.name, schema: r.schema })) });
    case 'PROTOBUF':
      return protobufCodec(
        { fileName: `schema-${schema.id}.proto`, text: schema.schema, resolveImport: (path) => schema.referenced.find((r) => r.name === path)?.schema },
        { id: schema.id },
      );
    case 'JSON':
      return jsonSchemaCodec(schema.schema, { id: schema.id });
  }
}

export function registrySchemaSource(client: SchemaRegistryClient): SchemaSource {
  return {
    codecById: async (id) => codecForRegistered(await client.resolvedSchemaById(id)),
    isNotFound: (err) => err instanceof RegistryError && err.kind === 'not-found',
  };
}
