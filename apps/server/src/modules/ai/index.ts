import type { Module } from '../../platform/module.js';
import { ActiveChats } from './active-chats.js';
import { dataTools } from './engine/data-tools.js';
import { providerFromEnv } from './engine/settings.js';
import { aiTools } from './engine/tools.js';
import { KB_CHANGED, KnowledgeBase } from './knowledge/knowledge-base.js';
import { seedBuiltinDocuments } from './knowledge/store.js';
import { knowledgeRoutes } from './knowledge.routes.js';
import { seedReferenceData } from './reference-data.js';
import { aiRoutes } from './routes.js';

export type { DataTool, ToolResult } from './engine/tools.js';
export { aiTools } from './engine/tools.js';

/**
 * AI assistant: chat sessions answered from the knowledge base and live data tools, by an
 * OpenAI-compatible model (AI_BASE_URL) or the embedded retrieval answerer.
 */
export const aiModule: Module = {
  name: 'ai',
  async register(app, p) {
    // product reference data and the built-in documents, not demo data: loaded on every start
    await seedReferenceData(p.db);
    const seeded = await seedBuiltinDocuments(p.db);
    const kb = new KnowledgeBase(p.db, p.bus, p.log);
    const active = new ActiveChats(p.bus);
    const unsubscribe = [kb.listen(), active.listen()];
    // the index loads in the background (persisted snapshot, then what changed since); answers wait for it
    void kb.ready().catch(() => {});
    // built-in documents this start changed: processes already running re-read them
    for (const uuid of seeded) await p.bus.publish(KB_CHANGED, uuid);
    app.addHook('onClose', async () => {
      active.abortAll();
      for (const u of unsubscribe) u();
      await kb.close();
    });
    const provider = providerFromEnv();
    for (const tool of dataTools(p.db)) aiTools.register(tool);
    await aiRoutes(app, p, {
      db: p.db,
      kb,
      tools: aiTools,
      provider: () => provider,
      active,
      log: p.log,
      now: () => p.clock.now(),
    });
    await knowledgeRoutes(app, p, kb);
  },
};
