import type { FileInfo } from '@portal/contracts';
import type {
  ApprovalEventData,
  CommentView,
  FollowUpData,
  RecordEvent,
  RecordEventKind,
} from '@portal/contracts/history';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Space, Tabs, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../dict/use-dict';
import { formatTime } from '../format-time';
import { useLiveRefresh } from '../live/use-live-refresh';
import { historyApi, historyKeys, type RecordRef } from './api';
import { CommentComposer } from './CommentComposer';
import { FollowUpComposer, type FollowUpOptions } from './FollowUpComposer';
import { changeLine, mentionSegments, plainValue } from './text';

/** One line of a timeline, whoever keeps the history (record events, a room's own log such as approval's). */
export interface TimelineEntry {
  key: string | number;
  at: string;
  actor: string | null;
  /** the event's kind or action: its colour and its test hook */
  tag: string;
  color?: string;
  /** what happened, after the actor's name */
  what: ReactNode;
  /** secondary words after it (a node, a target) */
  extra?: ReactNode;
  /** the comment, opinion or content */
  body?: ReactNode;
  /** further lines: field changes, files, next contact */
  detail?: ReactNode;
}

const KIND_COLORS: Record<RecordEventKind, string> = {
  created: 'blue',
  updated: 'blue',
  state: 'purple',
  command: 'purple',
  comment: 'gray',
  follow_up: 'green',
  approval: 'orange',
  mail: 'cyan',
  file: 'gray',
};

export type EventRenderer = (e: RecordEvent) => Partial<TimelineEntry>;

interface RecordOptions {
  /** labels of tracked fields for `updated` / `state` changes */
  fieldLabels?: Readonly<Record<string, string>>;
  /** how a field's stored value reads (dictionary labels, money…); default: the value as text */
  formatValue?: (field: string, value: unknown, names?: Readonly<Record<string, string>>) => ReactNode;
  /** a caller's own rendering of some kinds */
  renderers?: Partial<Record<RecordEventKind, EventRenderer>>;
  /** follow-ups: the dictionary of their types, and the record's contacts to pick from */
  followUp?: FollowUpOptions;
}

type Props =
  | { entries: TimelineEntry[]; footer?: ReactNode; record?: never }
  | ({
      record: RecordRef;
      entries?: never;
      comments?: boolean;
      /** the card's title; false: no card (inside a drawer or a card of the caller's) */
      title?: ReactNode | false;
      /** the live resource key: the open timeline refetches when a record of it changes */
      live?: string;
    } & RecordOptions);

/**
 * A record's history as an antd Timeline. Either the caller gives the entries (a room keeping its
 * own log, e.g. approval), or a record: its events are read from `<base>/timeline` page by page
 * ("load more"), rendered per kind, with a comment composer (@mentions) and, when configured, a
 * follow-up composer.
 */
export function RecordTimeline(props: Props) {
  if (props.record === undefined) {
    return (
      <>
        <EntryList entries={props.entries} />
        {props.footer}
      </>
    );
  }
  return <RecordHistory {...props} />;
}

function EntryList({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation();
  return (
    <Timeline
      data-testid="history"
      items={entries.map((e) => ({
        key: e.key,
        color: e.color ?? 'gray',
        content: (
          <Flex vertical gap={2} data-testid="history-item" data-action={e.tag} style={{ minWidth: 0 }}>
            <Flex gap={8} wrap align="baseline">
              <Typography.Text strong>{e.actor ?? t('history.system')}</Typography.Text>
              <Typography.Text>{e.what}</Typography.Text>
              {e.extra && <Typography.Text type="secondary">{e.extra}</Typography.Text>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(e.at)}
              </Typography.Text>
            </Flex>
            {e.body && (
              <Typography.Paragraph
                style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="history-body"
              >
                {e.body}
              </Typography.Paragraph>
            )}
            {e.detail}
          </Flex>
        ),
      }))}
    />
  );
}

function RecordHistory({
  record,
  comments = true,
  title,
  live,
  ...options
}: { record: RecordRef; comments?: boolean; title?: ReactNode | false; live?: string } & RecordOptions) {
  const { t } = useTranslation();
  useLiveRefresh(live, historyKeys.timeline(record));
  const pages = useInfiniteQuery({
    queryKey: historyKeys.timeline(record),
    queryFn: ({ pageParam, signal }) => historyApi.timeline(record, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const toEntry = useEventEntry(options);
  const events = pages.data?.pages.flatMap((p) => p.records) ?? [];
  const composers = [
    ...(comments
      ? [{ key: 'comment', label: t('history.tabs.comment'), children: <CommentComposer record={record} /> }]
      : []),
    ...(options.followUp
      ? [
          {
            key: 'follow-up',
            label: t('history.tabs.followUp'),
            children: <FollowUpComposer record={record} options={options.followUp} />,
          },
        ]
      : []),
  ];
  const body = (
    <Flex vertical gap={12} data-testid="record-timeline">
      {composers.length > 1 ? <Tabs size="small" items={composers} /> : composers[0]?.children}
      {pages.isPending ? (
        <Skeleton active />
      ) : events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <EntryList entries={events.map(toEntry)} />
      )}
      {pages.hasNextPage && (
        <Button
          block
          type="link"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
          data-testid="history-more"
        >
          {t('history.loadMore')}
        </Button>
      )}
    </Flex>
  );
  return title === false ? (
    body
  ) : (
    <Card size="small" title={title ?? t('history.title')}>
      {body}
    </Card>
  );
}

function FileLinks({ files }: { files: FileInfo[] }) {
  if (!files.length) return null;
  return (
    <Space wrap size={[12, 0]}>
      {files.map((f) => (
        <Typography.Link key={f.id} href={f.url} target="_blank" rel="noopener noreferrer">
          {f.name}
        </Typography.Link>
      ))}
    </Space>
  );
}

function Mentions({ body, data }: { body: string; data: Partial<CommentView> | null }) {
  const names = Object.values(data?.mentionNames ?? {});
  return (
    <>
      {mentionSegments(body, names).map((s, i) =>
        s.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text never move
          <Typography.Text key={i} style={{ color: 'var(--ant-color-primary)' }}>
            {s.text}
          </Typography.Text>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

/** The default rendering of each kind of record event, overridable per kind by the caller. */
function useEventEntry({ fieldLabels = {}, formatValue, renderers = {}, followUp }: RecordOptions) {
  const { t } = useTranslation();
  const format = formatValue ?? ((_f: string, v: unknown) => plainValue(v));
  const changes = (e: RecordEvent) =>
    e.changes?.length ? (
      <Flex vertical gap={0}>
        {e.changes.map((c) => {
          // record ids (an owner, a customer; one or a list) read by the names the server sent with the event
          const line = changeLine(c, fieldLabels, (f, v) => e.names?.[f]?.[String(v)] ?? format(f, v, e.names?.[f]));
          return (
            <Typography.Text key={c.field} type="secondary" data-testid="history-change">
              {line.label}：{line.from} → {line.to}
            </Typography.Text>
          );
        })}
      </Flex>
    ) : undefined;
  const byKind = (e: RecordEvent): Partial<TimelineEntry> => {
    switch (e.kind) {
      case 'comment':
        return { body: e.body ? <Mentions body={e.body} data={e.data as Partial<CommentView>} /> : undefined };
      case 'follow_up': {
        const d = (e.data ?? {}) as Partial<FollowUpData> & { files?: FileInfo[] };
        return {
          extra: d.type ? followUp ? <DictTag code={followUp.typeDict} value={d.type} /> : d.type : undefined,
          body: e.body,
          detail: (
            <>
              {d.nextAt && (
                <Typography.Text type="secondary">
                  {t('history.followUp.nextAt')}：{formatTime(d.nextAt)}
                </Typography.Text>
              )}
              <FileLinks files={d.files ?? []} />
            </>
          ),
        };
      }
      case 'approval': {
        const d = (e.data ?? {}) as Partial<ApprovalEventData>;
        return {
          what: d.action ? t(`history.approval.${d.action}`) : t('history.kind.approval'),
          extra: d.title,
          body: e.body,
        };
      }
      case 'file': {
        const d = (e.data ?? {}) as { action?: 'added' | 'removed'; files?: FileInfo[] };
        return {
          what: t(`history.file.${d.action ?? 'added'}`),
          detail: <FileLinks files={d.files ?? []} />,
        };
      }
      default:
        return { body: e.body, detail: changes(e) };
    }
  };
  return (e: RecordEvent): TimelineEntry => ({
    key: e.id,
    at: e.at,
    actor: e.actorName,
    tag: e.kind,
    color: KIND_COLORS[e.kind],
    what: t(`history.kind.${e.kind}`),
    ...byKind(e),
    ...renderers[e.kind]?.(e),
  });
}
