import type { TreeMoveBody } from '@portal/contracts/system-settings';
import { Empty, Input, Spin, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BrowsableNode {
  id: number;
  children: BrowsableNode[];
}

interface Props<N extends BrowsableNode> {
  nodes: N[] | undefined;
  loading: boolean;
  selectedId: number | undefined;
  onSelect: (node: N | undefined) => void;
  title: (node: N) => ReactNode;
  /** text the search box matches */
  searchText: (node: N) => string;
  /** drag and drop moves a node (when given): under a node, or before / after it */
  onMove?: (move: TreeMoveBody) => void;
  /** a node may take dropped children */
  acceptsChildren?: (node: N) => boolean;
  height?: number;
  /** open every node at first (a small tree); else the top level only */
  expandAll?: boolean;
}

/** Ids of every node that has children (all of a tree opened). */
const parentIds = (nodes: BrowsableNode[]): number[] =>
  nodes.flatMap((n) => (n.children.length ? [n.id, ...parentIds(n.children)] : []));

/** Where a node sits: its parent and its siblings' ids in order. */
function placesOf(nodes: BrowsableNode[]) {
  const places = new Map<number, { parentId: number | null; siblings: number[] }>();
  const walk = (list: BrowsableNode[], parentId: number | null) => {
    const siblings = list.map((n) => n.id);
    for (const n of list) {
      places.set(n.id, { parentId, siblings });
      walk(n.children, n.id);
    }
  };
  walk(nodes, null);
  return places;
}

/**
 * The tree of a settings screen (menus, departments): a search box over a dense antd Tree; a match
 * shows its ancestors. Dropping a node reports the move as the server takes it (parent, index).
 */
export function TreeBrowser<N extends BrowsableNode>(props: Props<N>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<React.Key[] | undefined>();
  const opened = expanded ?? (props.expandAll ? parentIds(props.nodes ?? []) : (props.nodes ?? []).map((n) => n.id));
  const byId = useMemo(() => {
    const m = new Map<number, N>();
    const walk = (list: N[]) => {
      for (const n of list) {
        m.set(n.id, n);
        walk(n.children as N[]);
      }
    };
    walk(props.nodes ?? []);
    return m;
  }, [props.nodes]);
  const places = useMemo(() => placesOf(props.nodes ?? []), [props.nodes]);

  const { treeData, matchedParents } = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const parents = new Set<number>();
    const build = (list: N[], trail: number[]): TreeDataNode[] =>
      list.flatMap((n) => {
        const children = build(n.children as N[], [...trail, n.id]);
        const hit = !needle || props.searchText(n).toLowerCase().includes(needle);
        if (needle && hit) for (const p of trail) parents.add(p);
        if (!hit && !children.length) return [];
        return [{ key: n.id, title: props.title(n), children }];
      });
    return { treeData: build(props.nodes ?? [], []), matchedParents: [...parents] };
  }, [props.nodes, search, props.title, props.searchText]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const target = byId.get(dropId);
    if (!target || !props.onMove) return;
    if (!info.dropToGap) {
      if (props.acceptsChildren && !props.acceptsChildren(target)) return;
      props.onMove({ id: dragId, parentId: dropId, index: 0 });
      return;
    }
    const place = places.get(dropId)!;
    const siblings = place.siblings.filter((id) => id !== dragId);
    const at = siblings.indexOf(dropId);
    const pos = info.node.pos.split('-');
    const before = info.dropPosition - Number(pos[pos.length - 1]) === -1;
    props.onMove({ id: dragId, parentId: place.parentId, index: before ? at : at + 1 });
  };

  return (
    <div>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('systemSettings.searchTree')}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {props.loading && !props.nodes ? (
        <Spin />
      ) : treeData.length ? (
        <Tree
          blockNode
          showLine
          draggable={props.onMove ? { icon: false } : false}
          treeData={treeData}
          height={props.height ?? 560}
          expandedKeys={search ? matchedParents : opened}
          onExpand={(keys) => setExpanded(keys)}
          selectedKeys={props.selectedId ? [props.selectedId] : []}
          // a second click on the chosen node keeps it chosen (antd would clear the selection)
          onSelect={(keys) => keys.length && props.onSelect(byId.get(Number(keys[0])))}
          onDrop={onDrop}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </div>
  );
}
