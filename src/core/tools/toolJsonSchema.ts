// A tool's input as JSON Schema, generated from its zod schema: what `ebx mcp` lists and what
// package.json's languageModelTools must declare (test/unit/tools/toolDrift.test.ts compares them).
// Plain draft-07 objects without `$schema`: VS Code and MCP clients take them as they are, and
// draft-07 and 2020-12 read our keywords (type, properties, required, items, enum, minimum,
// maximum, minItems, maxItems, additionalProperties, description) the same way.
import * as z from 'zod';

export interface ToolJsonSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties: false;
  [keyword: string]: unknown;
}

export function toolJsonSchema(schema: z.ZodObject<z.ZodRawShape, z.core.$strict>): ToolJsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    override: ({ jsonSchema }) => {
      // z.int() is bounded by the safe integers; a JSON number beyond them is refused anyway, and
      // the bounds would only be noise in the manifest.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      // JSON object keys are strings by definition.
      if (isPlainString(jsonSchema.propertyNames)) delete jsonSchema.propertyNames;
    },
  });
  delete generated.$schema;
  return generated as ToolJsonSchema;
}

function isPlainString(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Object.keys(schema).length === 1 && (schema as { type?: unknown }).type === 'string';
}
