/** The parts of the API document the document-walking tests read (limits.test.ts, names.test.ts). */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  allOf?: Schema[];
  oneOf?: Schema[];
};
export type Doc = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
