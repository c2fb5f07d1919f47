import { z } from 'zod';
import { EmbeddedProvider } from './embedded-provider.js';
import { OpenAiProvider } from './openai-provider.js';
import type { AnswerProvider } from './provider.js';

const schema = z.object({
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  /** pause between streamed pieces of the embedded provider */
  AI_EMBEDDED_PAUSE_MS: z.coerce.number().int().min(0).max(1000).default(20),
});

/**
 * The answering provider from the environment: an OpenAI-compatible model when AI_BASE_URL is
 * set, else the embedded retrieval answerer.
 */
export function providerFromEnv(env: Record<string, string | undefined> = process.env): AnswerProvider {
  const set = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('AI_') && v));
  const c = schema.parse(set);
  if (c.AI_BASE_URL) return new OpenAiProvider({ baseUrl: c.AI_BASE_URL, apiKey: c.AI_API_KEY, model: c.AI_MODEL });
  return new EmbeddedProvider(c.AI_EMBEDDED_PAUSE_MS);
}
