import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../platform/user-store';

/** Home for now: a welcome card (the overview with quick entries and summaries comes later). */
export function HomeScreen() {
  const { t } = useTranslation();
  const user = useUser((s) => s.user);
  if (!user) return null;
  return (
    <Card style={{ maxWidth: 720, margin: '24px auto' }}>
      <Flex gap={16} align="center">
        <Avatar size={56} src={user.avatar || undefined} icon={<UserOutlined />} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('home.welcome', { name: user.name })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('home.intro')}</Typography.Text>
        </div>
      </Flex>
      <Descriptions column={1} size="small" style={{ marginTop: 24 }}>
        <Descriptions.Item label={t('home.jobNumber')}>{user.jobNumber || t('common.empty')}</Descriptions.Item>
        <Descriptions.Item label={t('home.departments')}>
          {user.deptNames.length ? (
            <Space size={[4, 4]} wrap>
              {user.deptNames.map((d) => (
                <Tag key={d}>{d}</Tag>
              ))}
            </Space>
          ) : (
            t('home.noDepartment')
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
