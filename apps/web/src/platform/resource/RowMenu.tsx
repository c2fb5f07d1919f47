import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RowAction, RowActions } from '../ui/RowActions';

const INLINE = 2;

/**
 * A row's actions in a narrow column: up to three as link buttons; beyond that two, and the rest
 * behind "More" (a confirmed one asks in a dialog there), so actions never push the data off screen.
 */
export function RowMenu({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  if (actions.length <= INLINE + 1) return <RowActions actions={actions} />;
  const rest = actions.slice(INLINE);
  const run = (a: RowAction) =>
    a.confirm
      ? modal.confirm({ title: a.confirm, okButtonProps: { danger: a.danger }, onOk: () => a.onClick?.() })
      : void a.onClick?.();
  return (
    <>
      <RowActions actions={actions.slice(0, INLINE)} />
      <Dropdown
        trigger={['click']}
        menu={{
          items: rest.map((a) => ({
            key: String(a.key),
            label: <span data-testid={a.testId}>{a.label}</span>,
            danger: a.danger,
            disabled: a.disabled,
          })),
          onClick: ({ key }) => run(rest.find((a) => String(a.key) === key)!),
        }}
      >
        <Button type="link" size="small" data-testid="row-more">
          {t('resource.moreActions')} <DownOutlined />
        </Button>
      </Dropdown>
    </>
  );
}
