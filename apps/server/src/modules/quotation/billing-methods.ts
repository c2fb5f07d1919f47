import { billingMethodResource } from '@portal/contracts/quotation';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { bindResource } from '../../platform/resource/index.js';
import { qmBillingMethods } from './schema.js';

const t = qmBillingMethods;

/** `billing-method` on the resource kernel: list, form, export and history; a code is unique and kept. */
export const billingMethods = bindResource(billingMethodResource, {
  table: t,
  columns: {
    code: t.code,
    name: t.name,
    nameEn: t.nameEn,
    product: t.product,
    basis: t.basis,
    firstIncrement: t.firstIncrement,
    nextIncrement: t.nextIncrement,
    enabled: t.enabled,
    remark: t.remark,
    updatedAt: t.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const code = String(input.code);
      const [taken] = await ctx.tx.select({ id: t.id }).from(t).where(eq(t.code, code));
      if (taken) throw new AppError('QM_BILLING_CODE_TAKEN', { vars: { value: code } });
      return { updatedAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, before) {
      const [dup] = await ctx.tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.code, String(before.code)), ne(t.id, before.id as number)));
      if (dup) throw new AppError('QM_BILLING_CODE_TAKEN', { vars: { value: String(before.code) } });
      return { updatedAt: ctx.p.clock.now() };
    },
  },
});

/** The demo's billing methods (idempotent by code). */
export async function seedBillingMethods(db: Db) {
  const rows = [
    { code: 'SMS-SUBMIT', name: '短信按提交计费', nameEn: 'SMS billed on submit', product: 'sms', basis: 'submit' },
    { code: 'SMS-DLR', name: '短信按成功计费', nameEn: 'SMS billed on delivery', product: 'sms', basis: 'delivery' },
    {
      code: 'VOICE-60-60',
      name: '语音 60/60 计费',
      nameEn: 'Voice 60/60',
      product: 'voice',
      basis: 'delivery',
      firstIncrement: 60,
      nextIncrement: 60,
    },
    { code: 'VOICE-1-1', name: '语音按秒计费', nameEn: 'Voice per second', product: 'voice', basis: 'delivery' },
    {
      code: 'WA-CONV',
      name: 'WhatsApp 按会话计费',
      nameEn: 'WhatsApp per conversation',
      product: 'whatsapp',
      basis: 'submit',
    },
  ] as const;
  await db
    .insert(t)
    .values(rows.map((r) => ({ firstIncrement: 1, nextIncrement: 1, ...r })))
    .onConflictDoNothing({ target: t.code });
}
