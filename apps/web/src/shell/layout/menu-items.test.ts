import type { ResourceNode } from '@portal/contracts';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { toMenuItems } from './menu-items';

const node = (id: number, name: string, nameEn: string, router: string | null, children: ResourceNode[] = []) =>
  ({
    id,
    name,
    nameEn,
    router,
    international: `m${id}`,
    icon: null,
    webShowFlag: true,
    parentId: null,
    iframeName: null,
    children,
  }) as ResourceNode;

type Labelled = { label: ReactElement<{ title?: string }>; children?: Labelled[] };

describe('side menu items', () => {
  it('carry their full label as a tooltip, so a label cut off by the menu width can still be read', () => {
    const nodes = [
      node(1, '客户合作伙伴', 'Customer and partner management', null, [
        node(2, '我的客户列表', 'My customer list (partners)', '/crm/my'),
        node(3, '我的客户列表导出', 'My customer list (partners) exports', '/crm/my-export'),
      ]),
    ];
    const [group] = toMenuItems(nodes, 'en') as unknown as Labelled[];
    expect(group!.label.props.title).toBe('Customer and partner management');
    expect(group!.children!.map((c) => c.label.props.title)).toEqual([
      'My customer list (partners)',
      'My customer list (partners) exports',
    ]);
    const [zh] = toMenuItems(nodes, 'zh-CN') as unknown as Labelled[];
    expect(zh!.label.props.title).toBe('客户合作伙伴');
  });
});
