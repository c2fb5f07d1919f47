import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DingNotices } from './DingNotices';
import { VersionRecords } from './VersionRecords';

/** /setModule/publicnotice/noticeconfig: version records and ding notices. */
export function NoticeConfigScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'versions', label: t('notices.versionsTab'), children: <VersionRecords /> },
        { key: 'ding', label: t('notices.dingTab'), children: <DingNotices /> },
      ]}
    />
  );
}
