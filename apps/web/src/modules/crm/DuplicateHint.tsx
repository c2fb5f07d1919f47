import type { DuplicateResult } from '@portal/contracts/crm';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, type InputProps, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDuplicates } from './api';

const WAIT_MS = 400;

/** The form's identifying values once they stopped changing for a moment. */
function useSettledIdentity() {
  const form = Form.useFormInstance();
  const name = Form.useWatch('name', form) as string | undefined;
  const alias = Form.useWatch('alias', form) as string | undefined;
  const emailDomains = Form.useWatch('emailDomains', form) as string[] | undefined;
  const phone = Form.useWatch('phone', form) as string | undefined;
  const id = Form.useWatch('id', { form, preserve: true }) as number | undefined;
  const now = JSON.stringify({ name, alias, emailDomains, phone, id });
  const [settled, setSettled] = useState(now);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(now), WAIT_MS);
    return () => clearTimeout(timer);
  }, [now]);
  return JSON.parse(settled) as { name?: string; alias?: string; emailDomains?: string[]; phone?: string; id?: number };
}

/** Matches shown under the company name while the form is filled in, before anything is saved. */
function DuplicateList() {
  const { t } = useTranslation();
  const v = useSettledIdentity();
  const query = {
    ...(v.name && v.name.trim().length >= 2 ? { name: v.name.trim() } : {}),
    ...(v.alias && v.alias.trim().length >= 2 ? { alias: v.alias.trim() } : {}),
    emailDomains: (v.emailDomains ?? []).filter((d) => /\.[a-z]{2,}$/i.test(d)).map((d) => d.toLowerCase()),
    phones: v.phone && /^\+\d{7,15}$/.test(v.phone) ? [v.phone] : [],
    ...(v.id ? { excludeId: v.id } : {}),
  };
  const asked = !!(query.name || query.alias || query.emailDomains.length || query.phones.length);
  const q = useQuery<DuplicateResult>({
    queryKey: ['crm', 'duplicates', query],
    queryFn: ({ signal }) => checkDuplicates(query, signal),
    enabled: asked,
    retry: false,
  });
  if (!asked || !q.data?.matches.length) return null;
  return (
    <Alert
      style={{ marginTop: 8 }}
      type={q.data.blocked ? 'error' : 'warning'}
      showIcon
      data-testid="crm-duplicates"
      title={q.data.blocked ? t('crmCustomer.blocked') : t('crmCustomer.duplicates')}
      description={
        <Space orientation="vertical" size={2}>
          {q.data.matches.map((m) => (
            <span key={`${m.id}-${m.reason}`}>
              <Tag color={m.state === 'blacklist' ? 'red' : 'orange'}>{t(`crmCustomer.reason.${m.reason}`)}</Tag>
              {m.code} · {m.name} ({m.alias}) ·{' '}
              {m.ownerName ? t('crmCustomer.owner', { name: m.ownerName }) : t('crmCustomer.noOwner')}
            </span>
          ))}
        </Space>
      }
    />
  );
}

/** The company-name input with the duplicate check under it (the form item passes value and onChange). */
export function NameWithDuplicates(props: InputProps) {
  return (
    <>
      <Input {...props} maxLength={128} data-testid="crm-name" />
      <DuplicateList />
    </>
  );
}
