import { type AiQuoteMapping, aiQuoteMapping } from '@portal/contracts/quotation/ai-quote';

/** The AI engine's model settings (the same environment as `providerFromEnv`): null when none is set. */
export function modelSettings(env: Record<string, string | undefined> = process.env) {
  if (!env.AI_BASE_URL) return null;
  return { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL || 'gpt-4o-mini' };
}

/**
 * Asks the configured model (OpenAI-compatible chat completions) which column holds which field,
 * given the header and a few rows. Answers the mapping, or why it could not be used (the rules'
 * guess stands then).
 */
export async function modelMapping(
  header: string[],
  sample: string[][],
  product: 'sms' | 'voice',
  fields: readonly string[],
): Promise<{ mapping: AiQuoteMapping } | { note: string }> {
  const s = modelSettings();
  if (!s) return { note: 'no model configured' };
  const table = [header, ...sample.slice(0, 5)].map(
    (r, i) => `${i === 0 ? 'header' : `row ${i}`}: ${JSON.stringify(r)}`,
  );
  const prompt = [
    `A telecom carrier's ${product === 'sms' ? 'SMS (MCC/MNC)' : 'voice A-Z'} price list. Columns are numbered from 0.`,
    ...table,
    `Answer only a JSON object mapping each of ${fields.join(', ')} to the number of the column holding it, or null.`,
  ].join('\n');
  try {
    const res = await fetch(`${s.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      signal: AbortSignal.timeout(20_000),
      headers: {
        'content-type': 'application/json',
        ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: s.model, temperature: 0, messages: [{ role: 'user', content: prompt }] }),
    });
    if (!res.ok) return { note: `model answered HTTP ${res.status}` };
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const text = body.choices?.[0]?.message?.content ?? '';
    const json = /\{[\s\S]*\}/.exec(text)?.[0];
    const parsed = aiQuoteMapping.safeParse(json ? JSON.parse(json) : null);
    if (!parsed.success) return { note: 'the model answered no usable mapping' };
    const mapping = parsed.data as AiQuoteMapping;
    if (Object.values(mapping).some((c) => c !== null && c !== undefined && c >= header.length))
      return { note: 'the model named a column the sheet does not have' };
    return { mapping };
  } catch (err) {
    return { note: `the model could not be asked: ${String(err)}` };
  }
}
