/**
 * Topics other rooms publish for the CRM (payload: the customer id). `CUSTOMER_DEALT`: one of the
 * customer's accounts had paid traffic posted to the ledger; the customer becomes dealt.
 */
export const CrmTopics = {
  CUSTOMER_DEALT: 'crm.customer.dealt',
} as const;
