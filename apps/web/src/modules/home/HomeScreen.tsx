import { CopyOutlined, EditOutlined, PlusOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import { HOME_FIGURES_RESOURCE, LIVE_RESOURCES } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Empty, Spin, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveRefresh } from '../../platform/live/use-live-refresh';
import { metaForPath, titleOfPath, titleText } from '../../platform/registry';
import { visibleNodes, walk } from '../../platform/resources';
import { useSession } from '../../platform/session';
import { useModuleEntries, useOpenModule } from '../../platform/shell-port';
import { MenuIcon } from '../../platform/ui/MenuIcon';
import { useUser } from '../../platform/user-store';
import { type HomeSummary, homeApi, homeKeys, MAX_QUICK_ENTRANCES } from './api';
import { greetingOf, presentFigures } from './figures';

const QuickEntranceEditor = lazy(() => import('./QuickEntranceEditor'));
const TrendChart = lazy(() => import('./TrendChart'));

function Greeting() {
  const { t } = useTranslation();
  const user = useUser((s) => s.user);
  const locale = useSession((s) => s.locale);
  const { message } = App.useApp();
  const promotion = useQuery({
    queryKey: homeKeys.promotion(user?.jobNumber ?? ''),
    queryFn: () => homeApi.promotionLink(user?.jobNumber ?? ''),
    enabled: Boolean(user?.jobNumber),
    staleTime: 5 * 60_000,
  });
  if (!user) return null;
  const now = dayjs();
  const date = locale === 'zh-CN' ? now.format('YYYY年M月D日 dddd') : now.format('dddd, D MMMM YYYY');
  return (
    <section className="home-panel home-hero" data-testid="home-greeting">
      <Avatar size={52} src={user.avatar || undefined} icon={<UserOutlined />} className="home-avatar" />
      <div className="home-hero-text">
        <h2 className="home-title">{t(`home.greeting.${greetingOf(now.hour())}`, { name: user.name })}</h2>
        <div className="home-muted">
          {date}
          {user.jobNumber ? ` · ${t('home.jobNumber')} ${user.jobNumber}` : ''}
        </div>
        <div className="home-tags">
          {user.deptNames.length ? (
            user.deptNames.map((d) => (
              <span key={d} className="home-tag">
                {d}
              </span>
            ))
          ) : (
            <span className="home-muted">{t('home.noDepartment')}</span>
          )}
        </div>
      </div>
      {promotion.data && (
        <div className="home-promotion" data-testid="home-promotion">
          <span className="home-muted home-small">{t('home.promotionLink')}</span>
          <div className="home-promotion-row">
            <span className="home-promotion-link" title={promotion.data}>
              {promotion.data}
            </span>
            <Tooltip title={t('home.copy')}>
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('home.copy')}
                data-testid="home-promotion-copy"
                onClick={() => {
                  void navigator.clipboard?.writeText(promotion.data ?? '').then(
                    () => message.success(t('home.copied')),
                    () => undefined,
                  );
                }}
              />
            </Tooltip>
          </div>
        </div>
      )}
    </section>
  );
}

function Figures({ summary }: { summary: Parameters<typeof presentFigures>[0] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const figures = presentFigures(summary);
  if (!figures.length) return null;
  return (
    <div className="home-figures" data-testid="home-figures">
      {figures.map((f) => (
        <button
          type="button"
          key={f.key}
          className="home-panel home-figure"
          // not `disabled`: a disabled button swallows the mousedown the assistant panel closes on
          aria-disabled={!f.to}
          tabIndex={f.to ? 0 : -1}
          onClick={() => f.to && navigate(f.to)}
          data-testid={`home-figure-${f.key}`}
        >
          <span className="home-muted">{t(`home.figures.${f.key}`)}</span>
          {f.waitsFor ? (
            <span className="home-muted home-small" data-testid={`home-waiting-${f.key}`}>
              {t('home.waiting', { source: t(`home.sources.${f.waitsFor}`) })}
            </span>
          ) : (
            <span className="home-figure-value">{String(f.value)}</span>
          )}
        </button>
      ))}
    </div>
  );
}

function QuickEntrances({ paths, loading }: { paths: string[]; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSession((s) => s.locale);
  const [editing, setEditing] = useState(false);
  return (
    <section className="home-panel home-card" data-testid="home-quick">
      <header className="home-card-head">
        <h3>{t('home.quick.title')}</h3>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing(true)}
          data-testid="quick-edit"
        >
          {t('common.edit')}
        </Button>
      </header>
      {loading ? (
        <div className="home-loading">
          <Spin />
        </div>
      ) : paths.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.quick.empty')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(true)}>
            {t('home.quick.add')}
          </Button>
        </Empty>
      ) : (
        <div className="home-quick-grid">
          {paths.map((path) => {
            const title = titleOfPath(path);
            const meta = metaForPath(path);
            return (
              <button
                type="button"
                key={path}
                className="home-quick-item"
                onClick={() => navigate(path)}
                title={path}
                data-testid={`quick-${path}`}
              >
                <span className="home-quick-icon">
                  <MenuIcon name={meta?.icon ?? meta?.group?.icon ?? 'AppstoreOutlined'} />
                </span>
                <span className="home-quick-label">{title ? titleText(title, locale) : path}</span>
              </button>
            );
          })}
        </div>
      )}
      {editing && (
        <Suspense fallback={null}>
          <QuickEntranceEditor current={paths} max={MAX_QUICK_ENTRANCES} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </section>
  );
}

function Modules() {
  const { t } = useTranslation();
  const entries = useModuleEntries();
  const open = useOpenModule();
  const menus = useUser((s) => s.menus);
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const n of visibleNodes(menus)) {
      let count = 0;
      for (const c of walk(n.children)) if (c.router && !c.children.length) count++;
      m.set(n.international, count);
    }
    return m;
  }, [menus]);
  const modules = entries.filter((e) => e.key !== 'home');
  return (
    <section className="home-panel home-card" data-testid="home-modules">
      <header className="home-card-head">
        <h3>{t('home.modules.title')}</h3>
      </header>
      {modules.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.modules.empty')} />
      ) : (
        <div className="home-module-list">
          {modules.map((m) => (
            <button
              type="button"
              key={m.key}
              className="home-module"
              onClick={() => open(m)}
              data-testid={`home-module-${m.key}`}
            >
              <span className="home-module-icon">
                <MenuIcon name={m.icon ?? 'AppstoreOutlined'} />
              </span>
              <span className="home-module-text">
                <span className="home-module-name">{m.label}</span>
                <span className="home-module-count">
                  {m.href ? t('home.modules.external') : t('home.modules.pages', { count: counts.get(m.key) ?? 0 })}
                </span>
              </span>
              <RightOutlined className="home-module-arrow" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function Trend({ summary }: { summary: HomeSummary | undefined }) {
  const { t } = useTranslation();
  const waitsFor = summary?.waiting?.trend;
  if (!summary || (!summary.trend && !waitsFor)) return null;
  return (
    <section className="home-panel home-card" data-testid="home-trend">
      <header className="home-card-head">
        <h3>{t('home.trend.title')}</h3>
      </header>
      {summary.trend ? (
        <Suspense fallback={<Spin />}>
          <TrendChart trend={summary.trend} />
        </Suspense>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('home.waiting', { source: t(`home.sources.${waitsFor ?? 'traffic'}`) })}
        />
      )}
    </section>
  );
}

/** Changes that move the overview's figures: my approvals, customers, and my traffic (home.figures). */
const FIGURE_SOURCES = [HOME_FIGURES_RESOURCE, LIVE_RESOURCES.approvalInstances, 'crm.customer'] as const;

function useLiveFigures() {
  useLiveRefresh(FIGURE_SOURCES[0], homeKeys.summary);
  useLiveRefresh(FIGURE_SOURCES[1], homeKeys.summary);
  useLiveRefresh(FIGURE_SOURCES[2], homeKeys.summary);
}

/** /home: greeting, figures the server reports, my 30-day trend, quick entrances and the user's modules. */
export function HomeScreen() {
  const summary = useQuery({ queryKey: homeKeys.summary, queryFn: homeApi.summary });
  useLiveFigures();
  const paths = useMemo(
    () => [...(summary.data?.quickAccess ?? [])].sort((a, b) => a.sort - b.sort).map((q) => q.path),
    [summary.data],
  );
  return (
    <div className="home" data-testid="home">
      <Greeting />
      <Figures summary={summary.data} />
      <Trend summary={summary.data} />
      <div className="home-columns">
        <QuickEntrances paths={paths} loading={summary.isPending} />
        <Modules />
      </div>
    </div>
  );
}
