import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { POPUP_Z_INDEX } from '../../platform/feedback';
import { searchEntries, searchPaths } from '../../platform/path-search';
import { useSession } from '../../platform/session';
import { useUser } from '../../platform/user-store';
import { useShell } from '../shell-store';

/**
 * Path search dialog: the user's accessible pages by title (zh or en) or path; arrows move,
 * Enter opens. It opens by itself where the side menu is hidden, and from the header (Ctrl/⌘+K).
 * Loaded lazily when first opened (see ShellLayout).
 */
export default function PathSearchDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSession((s) => s.locale);
  const menus = useUser((s) => s.menus);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const entries = useMemo(() => searchEntries(menus, locale), [menus, locale]);
  const found = useMemo(() => searchPaths(entries, query), [entries, query]);
  const close = () => useShell.getState().setSearchOpen(false);

  const go = (path: string | undefined) => {
    if (!path) return;
    close();
    void navigate(path);
  };

  return (
    <Modal
      open
      onCancel={close}
      footer={null}
      closable={false}
      zIndex={POPUP_Z_INDEX}
      width={560}
      style={{ top: 80 }}
      styles={{ body: { padding: 0 } }}
    >
      <div data-testid="path-search">
        <Input
          autoFocus
          size="large"
          variant="borderless"
          prefix={<SearchOutlined style={{ color: '#8c8c8c' }} />}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setCursor(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setCursor((c) => Math.min(c + 1, found.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setCursor((c) => Math.max(c - 1, 0));
            } else if (e.key === 'Enter') {
              go(found[cursor]?.path);
            }
          }}
          data-testid="path-search-input"
          style={{ padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}
        />
        <div style={{ maxHeight: 380, overflow: 'auto', padding: 6 }} role="listbox">
          {found.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
          ) : (
            found.map((e, i) => (
              <div
                key={e.path}
                role="option"
                tabIndex={-1}
                aria-selected={i === cursor}
                className={`portal-search-item${i === cursor ? ' is-active' : ''}`}
                onMouseEnter={() => setCursor(i)}
                onClick={() => go(e.path)}
                onKeyDown={() => undefined}
                data-testid={`path-search-item-${e.path}`}
              >
                <div>
                  <div className="portal-search-title">{e.title}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {e.path}
                  </Typography.Text>
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {e.module}
                </Typography.Text>
              </div>
            ))
          )}
        </div>
      </div>
    </Modal>
  );
}
