import { CloudDownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDownloadFlag } from '../../platform/download-flag';
import { pathOfName } from '../../platform/registry';
import { useShell } from '../shell-store';

/** Download center entry: a dot after an async export was created (markDownloadCreated()). */
export function DownloadEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const created = useDownloadFlag((s) => s.created);
  return (
    <Tooltip title={t('header.downloads')}>
      <Button
        type="text"
        aria-label={t('header.downloads')}
        data-testid="header-download"
        onClick={() => {
          useDownloadFlag.getState().clear();
          void navigate(pathOfName('GeneralDownload'));
        }}
        icon={
          <Badge dot={created} offset={[-2, 2]} data-testid={created ? 'header-download-dot' : undefined}>
            <CloudDownloadOutlined style={{ fontSize: 17 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}

/** Opens the path search dialog (also Ctrl/⌘+K). */
export function SearchButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={`${t('search.title')} (Ctrl+K)`}>
      <Button
        type="text"
        aria-label={t('search.title')}
        data-testid="header-search"
        onClick={() => useShell.getState().setSearchOpen(true)}
        icon={<SearchOutlined style={{ fontSize: 16 }} />}
      />
    </Tooltip>
  );
}
