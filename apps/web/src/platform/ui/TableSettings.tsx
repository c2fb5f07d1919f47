import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import type { TableColumnsPref, TableDensity } from '@portal/contracts/prefs';
import { Button, Checkbox, Dropdown, Flex, Popover, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, toggleColumn } from './column-state';

export interface ChooserItem {
  key: string;
  title: ReactNode;
  visible: boolean;
}

/** The column chooser: show or hide each column and move it up or down; reset drops the saved arrangement. */
export function ColumnChooser(props: {
  items: ChooserItem[];
  onChange: (pref: TableColumnsPref) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const { items } = props;
  const content = (
    <Flex vertical gap={2} style={{ minWidth: 220, maxHeight: 360, overflowY: 'auto' }} data-testid="column-chooser">
      {items.map((item, i) => (
        <Flex key={item.key} align="center" justify="space-between" gap={8}>
          <Checkbox
            checked={item.visible}
            onChange={(e) => props.onChange(toggleColumn(items, item.key, e.target.checked))}
            data-column={item.key}
          >
            {item.title}
          </Checkbox>
          <span>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('table.moveUp')}
              disabled={i === 0}
              onClick={() => props.onChange(moveColumn(items, item.key, -1))}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('table.moveDown')}
              disabled={i === items.length - 1}
              onClick={() => props.onChange(moveColumn(items, item.key, 1))}
            />
          </span>
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={
        <Flex justify="space-between" align="center">
          {t('table.columns')}
          <Button type="link" size="small" onClick={props.onReset}>
            {t('table.columnsReset')}
          </Button>
        </Flex>
      }
      content={content}
    >
      <Tooltip title={t('table.columns')}>
        <Button aria-label={t('table.columns')} icon={<SettingOutlined />} data-testid="column-settings" />
      </Tooltip>
    </Popover>
  );
}

/** Row height: default or compact. */
export function DensitySwitch(props: { value: TableDensity; onChange: (d: TableDensity) => void }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [props.value],
        items: [
          { key: 'middle', label: t('table.densityMiddle') },
          { key: 'small', label: t('table.densitySmall') },
        ],
        onClick: ({ key }) => props.onChange(key as TableDensity),
      }}
    >
      <Tooltip title={t('table.density')}>
        <Button aria-label={t('table.density')} icon={<ColumnHeightOutlined />} data-testid="table-density" />
      </Tooltip>
    </Dropdown>
  );
}
