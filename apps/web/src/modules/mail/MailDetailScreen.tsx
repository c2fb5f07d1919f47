import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { formatAddress } from '@portal/contracts';
import { DETAILS_TYPES, type DetailsType, type MailAddress } from '@portal/contracts/mail';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { download } from '../../platform/download';
import { mailApi, mailKeys } from './api';
import { MailFollowUpButton } from './MailFollowUpButton';
import { mailDocument } from './mail-html';
import { PushBillButton } from './PushBillButton';
import { useMailRefresh } from './use-mail';

const list = (l: MailAddress[]) => (l.length ? l.map(formatAddress).join(', ') : '-');

/** /message/email/details?id&type (and the CRM e-mail detail pages, their type fixed): a mail with its sanitised body, attachments and actions by details type. */
export function MailDetailScreen({ detailsType }: { detailsType?: DetailsType }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const type =
    detailsType ??
    ((DETAILS_TYPES as readonly string[]).includes(params.get('type') ?? '')
      ? (params.get('type') as DetailsType)
      : 'inbox');
  const refresh = useMailRefresh();
  const [allowImages, setAllowImages] = useState(false);
  const qc = useQueryClient();
  // opening marks the mail read: the lists and the three counters follow
  const q = useQuery({
    queryKey: mailKeys.detail(id),
    queryFn: async () => {
      const d = await mailApi.detail(id);
      void qc.invalidateQueries({ queryKey: [...mailKeys.root, 'counters'] });
      void qc.invalidateQueries({ queryKey: [...mailKeys.root, 'list'] });
      return d;
    },
    enabled: id > 0,
  });
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(200);

  if (!(id > 0)) return <Empty />;
  if (q.isLoading || !q.data) return <Spin />;
  const m = q.data;
  const act = async (p: Promise<unknown>, back = false) => {
    await p;
    message.success(t('mail.done'));
    await refresh();
    if (back) navigate(type === 'spam' ? '/message/email/spam' : '/message/email/inbox');
  };
  const compose = (mode: 'reply' | 'all' | 'forward' | 'again') =>
    navigate(`/message/email/write?from=${m.id}&mode=${mode}`);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        {type !== 'sent' && type !== 'editAgain' && (
          <>
            <Button type="primary" onClick={() => compose('reply')}>
              {t('mail.reply')}
            </Button>
            <Button onClick={() => compose('all')}>{t('mail.replyAll')}</Button>
          </>
        )}
        {(type === 'sent' || type === 'editAgain') && (
          <Button onClick={() => compose('again')}>{t('mail.editAgain')}</Button>
        )}
        <Button onClick={() => compose('forward')}>{t('mail.forward')}</Button>
        <Button
          data-testid="detail-eml"
          icon={<DownloadOutlined />}
          onClick={() => download(mailApi.emlUrl(m.accountId, m.id), { method: 'GET', kind: 'download' })}
        >
          {t('mail.eml')}
        </Button>
        {(type === 'inbox' || type === 'spam') && <PushBillButton id={m.id} />}
        <Button
          data-testid="detail-star"
          onClick={() => act(mailApi.mark([m.id], m.star ? 'unstar' : 'star', type === 'spam'))}
        >
          {t(m.star ? 'mail.unstar' : 'mail.star')}
        </Button>
        {type !== 'sent' && type !== 'editAgain' && (
          <>
            <Button onClick={() => act(mailApi.mark([m.id], 'unread', type === 'spam'), true)}>
              {t('mail.markUnread')}
            </Button>
            <Button data-testid="detail-junk" onClick={() => act(mailApi.junk([m.id], type !== 'spam'), true)}>
              {t(type === 'spam' ? 'mail.notSpam' : 'mail.toSpam')}
            </Button>
          </>
        )}
      </Space>
      <Card size="small" title={m.subject || t('mail.noSubject')}>
        <Descriptions size="small" column={1} colon>
          <Descriptions.Item label={t('mail.sender')}>
            {m.senderEmail ? formatAddress({ email: m.senderEmail, name: m.senderName }) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('mail.receivers')}>{list(m.receiverEmailList)}</Descriptions.Item>
          <Descriptions.Item label={t('mail.cc')}>{list(m.ccEmailList)}</Descriptions.Item>
          {m.bccEmailList.length > 0 && (
            <Descriptions.Item label={t('mail.bcc')}>{list(m.bccEmailList)}</Descriptions.Item>
          )}
          {m.counterpartName && (
            <Descriptions.Item label={t(`mail.counterpart.${m.counterpartKind ?? 'customer'}`)}>
              <Tag color="blue" data-testid="detail-counterpart">
                {m.counterpartName}
              </Tag>
              {m.counterpartId !== null && (
                <MailFollowUpButton
                  kind={m.counterpartKind ?? 'customer'}
                  counterpartId={m.counterpartId}
                  subject={m.subject || t('mail.noSubject')}
                />
              )}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('mail.time')}>
            {m.receiveTime ? dayjs(m.receiveTime).format('YYYY-MM-DD HH:mm:ss') : '-'}
          </Descriptions.Item>
          {m.attachments.length > 0 && (
            <Descriptions.Item label={t('mail.attachments')}>
              <Space wrap>
                {m.attachments.map((a) =>
                  a.url ? (
                    <a key={`${a.name}-${a.fileId}`} href={a.url} target="_blank" rel="noopener noreferrer">
                      <PaperClipOutlined /> {a.name}
                    </a>
                  ) : (
                    <span key={a.name}>
                      <PaperClipOutlined /> {a.name}
                    </span>
                  ),
                )}
              </Space>
            </Descriptions.Item>
          )}
        </Descriptions>
        {m.hasRemoteImages && !allowImages && (
          <Alert
            type="info"
            showIcon
            style={{ margin: '8px 0' }}
            message={t('mail.remoteBlocked')}
            action={
              <Button size="small" onClick={() => setAllowImages(true)}>
                {t('mail.showImages')}
              </Button>
            }
          />
        )}
        <iframe
          ref={frame}
          title={t('mail.content')}
          data-testid="mail-body"
          sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          srcDoc={m.content ? mailDocument(m.content, allowImages) : '<p>-</p>'}
          style={{ width: '100%', border: 0, height, marginTop: 8 }}
          onLoad={() => {
            const doc = frame.current?.contentDocument;
            if (doc) setHeight(Math.max(120, doc.documentElement.scrollHeight + 16));
          }}
        />
      </Card>
    </Space>
  );
}
