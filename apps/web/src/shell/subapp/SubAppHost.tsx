import { AppstoreOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { metaForPath, titleText } from '../../platform/registry';
import { nodeForPath } from '../../platform/resources';
import { useSession } from '../../platform/session';
import { useUser } from '../../platform/user-store';
import { buildEnv, runtimeConfig, subAppSrc } from '../portal-config';
import { usePane } from '../tabs/KeepAlive';
import { useTabs } from '../tabs/tabs-store';

/**
 * The section's embedded sub-application host (`/section/*` and every registered route without
 * a screen of its own). With an address configured for the sub-app (or the menu node's
 * iframeName) the page is an iframe in the persistent IframeLayer; with nothing configured it
 * says plainly which screen this is and that it is not available in this installation yet.
 */
export function SubAppHost() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // from the pane's own location (a hidden tab must not read the shown tab's route)
  const meta = metaForPath(pathname);
  const locale = useSession((s) => s.locale);
  const menus = useUser((s) => s.menus);
  const { tabKey } = usePane();
  const setFrame = useTabs((s) => s.setFrame);

  const src = useMemo(() => {
    if (!meta) return null;
    const node = nodeForPath(menus, pathname);
    return subAppSrc(
      { app: meta.app, frameName: node?.iframeName ?? meta.iframe ?? null, pathname, search },
      runtimeConfig(),
      buildEnv,
    );
  }, [meta, menus, pathname, search]);

  // registering the frame is idempotent: Activity re-running this effect on show changes nothing
  useEffect(() => {
    if (tabKey) setFrame(tabKey, src);
  }, [tabKey, src, setFrame]);

  if (src && tabKey) return <div className="portal-subapp-slot" />;
  if (src) return <iframe className="portal-subapp-inline" src={src} title={pathname} />;

  const title = meta ? titleText(meta.title, locale) : pathname;
  const other = meta ? titleText(meta.title, locale === 'zh-CN' ? 'en' : 'zh-CN') : null;
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      className="portal-subapp-missing"
      data-testid="subapp-missing"
    >
      <AppstoreOutlined style={{ fontSize: 40, color: '#b8c2d3' }} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {other && other !== title && <Typography.Text type="secondary">{other}</Typography.Text>}
      <Typography.Text code copyable>
        {pathname}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 460, textAlign: 'center', margin: 0 }}>
        {t('subApp.notAvailable')}
      </Typography.Paragraph>
    </Flex>
  );
}
