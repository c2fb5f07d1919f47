/** Topics the platform itself publishes. Modules define their own next to their code. */
export const Topics = {
  SESSION_REVOKED: 'session.revoked',
  ACCESS_CHANGED: 'access.changed',
} as const;
