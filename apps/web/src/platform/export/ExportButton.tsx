import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@portal/contracts';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListExport } from './useListExport';

/** Export (XLSX; CSV from the menu) of a list with the filters and sort it shows now. */
export function ExportButton({
  path,
  filters,
  size,
}: {
  path: string;
  filters: () => object;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const { run, running } = useListExport(path);
  const go = (format: ExportFormat) => void run(filters(), format);
  return (
    <Space.Compact>
      <Button
        size={size}
        icon={<ExportOutlined />}
        loading={running}
        onClick={() => go('xlsx')}
        data-testid="list-export"
      >
        {t('export.button')}
      </Button>
      <Dropdown
        disabled={running}
        menu={{
          items: [
            { key: 'xlsx', label: t('export.asXlsx') },
            { key: 'csv', label: t('export.asCsv') },
          ],
          onClick: ({ key }) => go(key as ExportFormat),
        }}
      >
        <Button size={size} icon={<DownOutlined />} aria-label={t('export.formats')} />
      </Dropdown>
    </Space.Compact>
  );
}
