import { type ResourceDef, readableFields } from '@portal/contracts/resource/define';
import { Descriptions, Empty, Skeleton, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldView } from '../fields/FieldView';
import { RecordTimeline } from '../history/RecordTimeline';
import type { Row } from './api';
import { useFieldDescs, useLabel } from './labels';
import type { ResourceOverrides } from './overrides';
import { useRecord } from './use-record';
import { useVisibleFields } from './use-visible-fields';

/** Record ids (users, departments, `ref`) whose names a read-only field of the same label carries. */
function namesOfIds(def: ResourceDef, readable: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, f] of Object.entries(def.fields)) {
    if (!readable.has(key) || !(f.ref || f.kind === 'user' || f.kind === 'department')) continue;
    const twin = Object.entries(def.fields).find(
      ([k, g]) => k !== key && g.readOnly && readable.has(k) && g.label.zh === f.label.zh,
    );
    if (twin) out.set(key, twin[0]);
  }
  return out;
}

/**
 * The detail of one record: a header (title field and the definition's header fields), its
 * fields in the form's sections, the custom tabs the screen fills, and the record's history. Ids
 * a read-only twin field names (departmentIds and deptNames) show as those names.
 */
export function ResourceDetail({
  def,
  id,
  overrides = {},
}: {
  def: ResourceDef;
  id: number;
  overrides?: ResourceOverrides;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const descs = useFieldDescs(def);
  const historyLabels: Record<string, string> = Object.fromEntries(
    Object.entries((def.history ? def.history.labels : undefined) ?? {}).map(([k, l]) => [k, label(l)]),
  );
  const visible = useVisibleFields(def);
  const record = useRecord(def, id);
  if (record.isPending) return <Skeleton active />;
  const row = record.data;
  if (!row) return <Empty description={t('resource.notFound')} />;
  const value = (key: string): ReactNode => {
    const cell = overrides.cells?.[key];
    if (cell) return cell(row[key as keyof Row], row);
    const shown = twins.get(key) ?? key;
    return <FieldView field={descs[shown]!} value={row[shown as keyof Row]} names={row.names?.[shown]} />;
  };
  const readable = new Set(readableFields(def).filter(visible));
  const twins = namesOfIds(def, readable);
  for (const twin of twins.values()) readable.delete(twin);
  const header = (def.detail?.header ?? []).filter((k) => readable.has(k));
  // the form's sections, then whatever readable field no section holds (server-set ones)
  const inSections = new Set(def.form.sections.flatMap((s) => s.fields));
  const sections = [
    ...def.form.sections.map((s) => ({ title: s.title && label(s.title), fields: s.fields })),
    { title: undefined, fields: [...readable].filter((k) => !inSections.has(k) && !header.includes(k)) },
  ]
    .map((s) => ({ ...s, fields: s.fields.filter((k) => readable.has(k)) }))
    .filter((s) => s.fields.length > 0);
  const fields = sections.map((s, i) => (
    <Descriptions
      key={s.title ?? i}
      title={s.title}
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 16 }}
    >
      {s.fields.map((k) => (
        <Descriptions.Item key={k} label={descs[k]!.label}>
          <span data-testid={`detail-${k}`}>{value(k)}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  ));
  return (
    <div data-testid="resource-detail">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {String(row[def.titleField as keyof Row] ?? '')}
      </Typography.Title>
      {header.length > 0 && (
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 8 }}>
          {header.map((k) => (
            <Descriptions.Item key={k} label={descs[k]!.label}>
              {value(k)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Tabs
        items={[
          { key: 'fields', label: t('resource.fields'), children: fields },
          ...(def.detail?.tabs ?? []).map((tab) => ({
            key: tab.key,
            label: label(tab.title),
            children: overrides.tabs?.[tab.key]?.(row),
          })),
          ...(def.history
            ? [
                {
                  key: 'history',
                  label: t('resource.history'),
                  children: (
                    <RecordTimeline
                      record={{ base: def.api, id: row.id }}
                      live={def.key}
                      title={false}
                      comments
                      followUp={def.history.followUp ? { typeDict: def.history.followUp.dict } : undefined}
                      fieldLabels={{
                        ...historyLabels,
                        ...Object.fromEntries(Object.entries(descs).map(([k, d]) => [k, d.label])),
                      }}
                      formatValue={(f, v, names) =>
                        descs[f] ? <FieldView field={descs[f]} value={v} names={names} /> : String(v ?? '-')
                      }
                      renderers={{
                        // a command names itself by the definition's label
                        command: (e) => {
                          const name = String(e.data?.command);
                          const cmd = def.commands?.[name];
                          if (cmd) return { what: label(cmd.label) };
                          return historyLabels[name] ? { what: historyLabels[name] } : {};
                        },
                      }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
