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

export function generateOpenApiDocument(registry: OpenAPIRegistry, info: { title: string; version: string; server: string }) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
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
}
