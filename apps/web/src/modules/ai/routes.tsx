import type { ScreenMap } from '../../platform/screens';

/** The AI assistant's screens in system settings: the knowledge base and one document's view. */
export const aiScreens: ScreenMap = {
  '/setModule/ai/knowledge': async () => ({ Component: (await import('./KnowledgeScreen')).KnowledgeScreen }),
  '/setModule/ai/knowledge/doc': async () => ({ Component: (await import('./KnowledgeDocScreen')).KnowledgeDocScreen }),
};
