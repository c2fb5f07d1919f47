import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TreeMoveBody } from '@portal/contracts/system-settings';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Popconfirm, Space, TreeSelect } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../platform/access';
import { ExportButton } from '../../platform/export/ExportButton';
import { useLocalName } from '../../platform/local-name';
import { FormModal } from '../../platform/ui/FormModal';
import { SettingsLayout } from './SettingsLayout';
import { type BrowsableNode, TreeBrowser } from './TreeBrowser';

export type TreeNode = BrowsableNode & { name: string; nameEn: string; children: TreeNode[] };
export type TreeEditing<N> = { mode: 'create'; parent: N | null } | { mode: 'edit'; node: N };

const find = <N extends BrowsableNode>(nodes: N[], id: number | undefined): N | undefined => {
  for (const n of nodes) {
    const hit = n.id === id ? n : find(n.children as N[], id);
    if (hit) return hit;
  }
  return undefined;
};

export interface TreeScreenProps<N extends TreeNode> {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<N[]>;
  move: (m: TreeMoveBody) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** the key that allows adding, editing, moving and deleting */
  editPerm: string;
  exportPath: string;
  /** the screen's locale block, holding `tree`, `addRoot`, `addChild` and `pick` */
  texts: 'systemDept' | 'systemMenu';
  nodeTitle: (n: N) => ReactNode;
  searchText: (n: N) => string;
  /** a node may take children (dropped or added under it) */
  acceptsChildren?: (n: N) => boolean;
  /** the caller may change this node (a department outside the caller's scope: no) */
  editable?: (n: N) => boolean;
  expandAll?: boolean;
  /** the chosen node's facts, inside its card */
  details: (n: N) => ReactNode;
  /** further cards under it (members, history) */
  more?: (n: N) => ReactNode;
  /** the create / edit dialog; `saved` chooses the saved node */
  form: (editing: TreeEditing<N>, tree: N[], close: () => void, saved: (id: number) => void) => ReactNode;
}

/**
 * A tree settings screen (menus, departments): the searchable tree on the left (drag to move, add a
 * top-level node, export), the chosen node on the right with its toolbar (add under it, edit,
 * delete) and the screen's own cards, and the screen's create / edit dialog.
 */
export function TreeScreen<N extends TreeNode>(props: TreeScreenProps<N>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const canEdit = useCan(props.editPerm);
  const [selectedId, setSelectedId] = useState<number>();
  const [editing, setEditing] = useState<TreeEditing<N>>();
  const { data, isFetching } = useQuery({ queryKey: props.queryKey, queryFn: ({ signal }) => props.load(signal) });
  const selected = data ? find(data, selectedId) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: props.queryKey });
  const move = useMutation({
    mutationFn: props.move,
    onSuccess: async () => {
      message.success(t('systemSettings.moved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: props.remove,
    onSuccess: async () => {
      message.success(t('systemSettings.deleted'));
      setSelectedId(undefined);
      await refresh();
    },
  });

  const toolbar = (n: N) =>
    canEdit &&
    (props.editable?.(n) ?? true) && (
      <Space size={4} wrap>
        {(props.acceptsChildren?.(n) ?? true) && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parent: n })}>
            {t(`${props.texts}.addChild`)}
          </Button>
        )}
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', node: n })}>
          {t('systemSettings.edit')}
        </Button>
        <Popconfirm
          title={t('systemSettings.confirmDelete', { name: name(n) })}
          onConfirm={() => remove.mutateAsync(n.id).catch(() => undefined)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} loading={remove.isPending}>
            {t('systemSettings.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );

  return (
    <>
      <SettingsLayout
        leftTitle={t(`${props.texts}.tree`)}
        leftExtra={
          <Space size={4}>
            {canEdit && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parent: null })}>
                {t(`${props.texts}.addRoot`)}
              </Button>
            )}
            <ExportButton path={props.exportPath} filters={() => ({})} size="small" />
          </Space>
        }
        left={
          <TreeBrowser<N>
            nodes={data}
            loading={isFetching}
            selectedId={selectedId}
            onSelect={(n) => setSelectedId(n?.id)}
            title={props.nodeTitle}
            searchText={props.searchText}
            onMove={canEdit ? (m) => move.mutate(m) : undefined}
            acceptsChildren={props.acceptsChildren}
            expandAll={props.expandAll}
          />
        }
        right={
          selected ? (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Card size="small" title={name(selected)} extra={toolbar(selected)}>
                {props.details(selected)}
              </Card>
              {props.more?.(selected)}
            </Space>
          ) : (
            <Card size="small">
              <Empty description={t(`${props.texts}.pick`)} />
            </Card>
          )
        }
      />
      {editing && data && props.form(editing, data, () => setEditing(undefined), setSelectedId)}
    </>
  );
}

/** Nodes as parent choices: the edited node and what is under it cannot become its own parent. */
const parentOptions = <N extends TreeNode>(
  nodes: N[],
  name: (n: N) => string,
  without: number | undefined,
  takes: (n: N) => boolean,
): object[] =>
  nodes
    .filter((n) => n.id !== without && takes(n))
    .map((n) => ({ value: n.id, title: name(n), children: parentOptions(n.children as N[], name, without, takes) }));

/**
 * The create / edit dialog of a tree node: its title from the screen's locale block
 * (`editTitle` / `createTitle`), a parent picker over the tree, the screen's own fields, and
 * `save` with the node's id when editing; the saved node is chosen.
 */
export function TreeNodeForm<N extends TreeNode, V extends { parentId?: number | null }>(props: {
  texts: TreeScreenProps<N>['texts'];
  editing: TreeEditing<N>;
  tree: N[];
  queryKey: QueryKey;
  initial: Partial<V>;
  save: (values: V, id: number | undefined) => Promise<{ id: number }>;
  onClose: () => void;
  onSaved: (id: number) => void;
  /** a node may be a parent (menus: not a button) */
  takesChildren?: (n: N) => boolean;
  expandAll?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const { editing } = props;
  const id = editing.mode === 'edit' ? editing.node.id : undefined;
  return (
    <FormModal<V>
      open
      title={t(`${props.texts}.${editing.mode === 'edit' ? 'editTitle' : 'createTitle'}`)}
      onClose={props.onClose}
      successMessage={t('systemSettings.saved')}
      invalidate={props.queryKey}
      initialValues={props.initial}
      size="small"
      onSubmit={async (v) => props.onSaved((await props.save(v, id)).id)}
    >
      <Form.Item name="parentId" label={t('systemSettings.parent')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll={props.expandAll}
          placeholder={t('systemSettings.root')}
          treeData={parentOptions(props.tree, name, id, props.takesChildren ?? (() => true))}
        />
      </Form.Item>
      {props.children}
    </FormModal>
  );
}
