/** The four personal lists of general approval; each has a /profile detail. */
export const MY_LISTS = ['my-agent', 'my-initiate', 'my-handle', 'my-deliver'] as const;
export type MyList = (typeof MY_LISTS)[number];

/** The detail page of a request under one of the lists (the tab title comes from `title`). */
export function profilePath(list: MyList, instanceId: number, title: string): string {
  return `/general/${list}/profile?${new URLSearchParams({ id: String(instanceId), title })}`;
}
