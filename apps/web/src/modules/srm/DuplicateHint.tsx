import type { SupplierDuplicateResult } from '@portal/contracts/srm';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, type InputProps, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { srmApi } from './api';

const WAIT_MS = 400;

/** The form's identifying values once they stopped changing for a moment. */
function useSettledIdentity() {
  const form = Form.useFormInstance();
  const name = Form.useWatch('name', form) as string | undefined;
  const domains = Form.useWatch('domains', form) as string[] | undefined;
  const phone = Form.useWatch('phone', form) as string | undefined;
  const id = Form.useWatch('id', { form, preserve: true }) as number | undefined;
  const now = JSON.stringify({ name, domains, phone, id });
  const [settled, setSettled] = useState(now);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(now), WAIT_MS);
    return () => clearTimeout(timer);
  }, [now]);
  return JSON.parse(settled) as { name?: string; domains?: string[]; phone?: string; id?: number };
}

/** Suppliers the new one would repeat, shown under its name while the form is filled in. */
function DuplicateList() {
  const { t } = useTranslation();
  const v = useSettledIdentity();
  const query = {
    ...(v.name && v.name.trim().length >= 2 ? { name: v.name.trim() } : {}),
    domains: (v.domains ?? []).filter((d) => /\.[a-z]{2,}$/i.test(d)).map((d) => d.toLowerCase()),
    phones: v.phone && /^\+\d{7,15}$/.test(v.phone) ? [v.phone] : [],
    ...(v.id ? { excludeId: v.id } : {}),
  };
  const asked = !!(query.name || query.domains.length || query.phones.length);
  const q = useQuery<SupplierDuplicateResult>({
    queryKey: ['srm', 'duplicates', query],
    queryFn: ({ signal }) => srmApi.duplicates(query, signal),
    enabled: asked,
    retry: false,
  });
  if (!asked || !q.data?.matches.length) return null;
  return (
    <Alert
      style={{ marginTop: 8 }}
      type={q.data.blocked ? 'error' : 'warning'}
      showIcon
      data-testid="srm-duplicates"
      title={q.data.blocked ? t('srm.dup.blocked') : t('srm.dup.found')}
      description={
        <Space orientation="vertical" size={2}>
          {q.data.matches.map((m) => (
            <span key={`${m.id}-${m.reason}`}>
              <Tag color={m.blocks ? 'red' : 'orange'}>{t(`srm.dup.reason.${m.reason}`)}</Tag>
              {m.code} · {m.name} · {m.ownerName ? t('srm.dup.owner', { name: m.ownerName }) : t('srm.dup.inSea')}
            </span>
          ))}
        </Space>
      }
    />
  );
}

/** The supplier-name input with the duplicate check under it (the form item passes value and onChange). */
export function NameWithDuplicates(props: InputProps) {
  return (
    <>
      <Input {...props} maxLength={128} data-testid="srm-name" />
      <DuplicateList />
    </>
  );
}
