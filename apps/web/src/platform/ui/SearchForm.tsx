import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Space } from 'antd';
import { Children, Fragment, isValidElement, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How many filters the folded form shows (ProTable's first row). */
export const FOLDED_FILTERS = 3;

/** The Form.Items of a filters node, fragments unwrapped. */
function filterItems(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment
      ? filterItems(child.props.children)
      : [child],
  );
}

/** The field name a filter item binds, to unfold the form when a folded filter gets a value. */
const nameOf = (item: ReactNode): string | undefined => {
  const name = isValidElement<{ name?: unknown }>(item) ? item.props.name : undefined;
  return typeof name === 'string' ? name : undefined;
};

/**
 * The search form of a list: the first filters in a row, the others folded behind "More" (kept
 * mounted, so their values stay in the form), then search, reset and any extra buttons.
 */
export function SearchForm<F extends object>(props: {
  form: FormInstance<Partial<F>>;
  filters: ReactNode;
  initialValues?: Partial<F>;
  onSearch: (values: Partial<F>) => void;
  onReset: () => void;
  extra?: ReactNode;
  /** unfold when one of these names holds a value (a saved filter applied) */
  unfoldFor?: readonly string[];
}) {
  const { t } = useTranslation();
  const items = filterItems(props.filters);
  const [open, setOpen] = useState(false);
  const foldable = items.length > FOLDED_FILTERS;
  const folded = items.slice(FOLDED_FILTERS);
  const foldedNames = folded.map(nameOf).filter((n) => n !== undefined);
  const unfold = props.unfoldFor?.some((n) => foldedNames.includes(n)) ?? false;
  useEffect(() => {
    if (unfold) setOpen(true);
  }, [unfold]);
  const shown = open;
  return (
    <Form
      form={props.form}
      layout="inline"
      className="portal-search-form"
      initialValues={props.initialValues}
      onFinish={props.onSearch}
      style={{ rowGap: 12, padding: 16, background: '#fff', borderRadius: 8 }}
    >
      {items.slice(0, FOLDED_FILTERS)}
      {foldable && <div style={{ display: shown ? 'contents' : 'none' }}>{folded}</div>}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button onClick={props.onReset}>{t('common.reset')}</Button>
          {props.extra}
          {foldable && (
            <Button type="link" onClick={() => setOpen(!shown)} data-testid="filters-more" style={{ paddingInline: 4 }}>
              {shown ? t('table.less') : t('table.more')} {shown ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
