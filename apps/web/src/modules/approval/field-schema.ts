import type { FormField } from '@portal/contracts';
import { z } from 'zod';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function safePattern(pattern: string | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/**
 * The zod schema of one form field's value, the same checks the server makes when a request
 * starts (type, required, min/max, max length, pattern, choices), so the form says it first.
 */
export function fieldSchema(f: Pick<FormField, 'type' | 'required' | 'rules' | 'options'>): z.ZodType {
  let s: z.ZodType;
  switch (f.type) {
    case 'number':
    case 'money': {
      let n = f.type === 'money' ? z.number().int() : z.number();
      if (f.rules.min !== undefined) n = n.min(f.rules.min);
      if (f.rules.max !== undefined) n = n.max(f.rules.max);
      s = n;
      break;
    }
    case 'date':
      s = z.string().regex(DATE);
      break;
    case 'attachment':
      s = f.required ? z.array(z.string()).min(1) : z.array(z.string());
      break;
    case 'user':
    case 'department':
    case 'customer':
    case 'supplier':
      s = z.union([z.number().int().positive(), z.string().trim().min(1).max(64)]);
      break;
    case 'select':
      s = f.options.length > 0 ? z.enum(f.options.map((o) => o.value) as [string, ...string[]]) : z.string().min(1);
      break;
    default: {
      let text = z.string().trim().min(1);
      if (f.rules.maxLength !== undefined) text = text.max(f.rules.maxLength);
      const re = safePattern(f.rules.pattern);
      s = re ? text.regex(re) : text;
    }
  }
  return f.required ? s : s.optional();
}
