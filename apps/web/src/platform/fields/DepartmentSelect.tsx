import type { DeptOption } from '@portal/contracts/system-settings';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartmentOptions } from './names';

interface Node {
  value: number;
  title: string;
  children: Node[];
}

/** The flat department list as a tree (parents first or not: children find their parent by id). */
export function deptTree(rows: DeptOption[], en: boolean): Node[] {
  const byId = new Map<number, Node>(
    rows.map((d) => [d.id, { value: d.id, title: (en ? d.nameEn : d.name) || d.name, children: [] }]),
  );
  const roots: Node[] = [];
  for (const d of rows) {
    const node = byId.get(d.id)!;
    const parent = d.parentId === null ? undefined : byId.get(d.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * A department picker over the organization tree (`GET /v2/sys/staff/dept/options`, any signed-in
 * user), in the reader's language, searched by name; several when `multiple`.
 */
export function DepartmentSelect({ multiple, ...props }: { multiple?: boolean } & TreeSelectProps<number | number[]>) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const { data, isPending } = useDepartmentOptions();
  const treeData = useMemo(() => deptTree(data ?? [], en), [data, en]);
  return (
    <TreeSelect<number | number[]>
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      multiple={multiple}
      loading={isPending}
      placeholder={t('fields.refPlaceholder.department')}
      treeData={treeData}
      popupMatchSelectWidth={false}
      {...props}
    />
  );
}
