/** The URLs sqlmap attacks: every GET operation with query parameters, each given a plausible value. */

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  format?: string;
  anyOf?: Schema[];
}

export interface Target {
  url: string;
  params: string[];
}

interface Document {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema?: Schema }[] }>>;
}

function sample(schema: Schema = {}): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.anyOf?.length) return sample(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return String(Math.max(1, schema.minimum ?? 1));
  if (type === 'boolean') return 'true';
  if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
  return 'a';
}

export function queryTargets(document: unknown): Target[] {
  const targets: Target[] = [];
  for (const [path, methods] of Object.entries((document as Document).paths)) {
    const get = methods.get;
    if (!get || path.includes('{')) continue;
    const query = (get.parameters ?? []).filter((p) => p.in === 'query' && p.name !== 'cursor');
    if (query.length === 0) continue;
    const search = query.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(sample(p.schema))}`);
    targets.push({ url: `${path}?${search.join('&')}`, params: query.map((p) => p.name) });
  }
  return targets;
}
