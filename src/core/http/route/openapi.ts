import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'validation_failed' }),
      message: z.string().meta({ description: 'Deutscher Text für die Nutzerin oder den Nutzer' }),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });

export function createOpenApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'session' });
  return registry;
}

/**
 * zod-to-openapi writes a regex that has flags as `source/flags` (of `/source/flags` it strips only the first
 * slash), which no value matches. A JSON Schema pattern has no flags; validators read it as Unicode anyway.
 */
function withoutRegexFlags(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  // A slash of the source itself is escaped (`\/`), so an unescaped one before letters at the end starts the flags.
  if (typeof o.pattern === 'string') o.pattern = o.pattern.replace(/(?<!\\)\/[dgimsuvy]+$/, '');
  for (const value of Object.values(o)) withoutRegexFlags(value);
}

export function generateOpenApiDocument(registry: OpenAPIRegistry, info: { title: string; version: string; server: string }) {
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: `${info.title} API`,
      version: info.version,
      description:
        'JSON-API der Hundehalter-App. Fehler haben immer die Form `{ error: { code, message, fields? } }`; ' +
        'Listen `{ items, next_cursor }`. Zustandsändernde Anfragen brauchen `Content-Type: application/json` ' +
        '(oder multipart beim Hochladen).',
    },
    servers: [{ url: info.server }],
  });
  withoutRegexFlags(document);
  return document;
}
