/**
 * Query keys of resource data. Everything of one resource starts with `['resource', key]`, so a
 * live change of that resource invalidates its lists, records and timelines at once.
 */
export const resourceKeys = {
  all: (key: string) => ['resource', key] as const,
  list: (key: string) => ['resource', key, 'list'] as const,
  record: (key: string, id: number) => ['resource', key, 'record', id] as const,
  fields: (key: string) => ['resource', key, 'fields'] as const,
};
