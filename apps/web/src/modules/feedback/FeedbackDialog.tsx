import { PlusOutlined } from '@ant-design/icons';
import { type FileInfo, MAX_FEEDBACK_IMAGES } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Rate,
  Select,
  Tabs,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { POPUP_Z_INDEX } from '../../platform/feedback';
import { feedbackApi, feedbackKeys, refreshFeedback } from './api';
import { useFeedbackDialog } from './feedback-dialog-store';
import { checkImage } from './images';

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ questionId: number; content: string }>();
  const [files, setFiles] = useState<UploadFile<FileInfo>[]>([]);
  const uploading = files.some((f) => f.status === 'uploading');
  const uploadedIds = files.flatMap((f) => (f.status === 'done' && f.response ? [f.response.id] : []));
  const questions = useQuery({ queryKey: feedbackKeys.questions, queryFn: () => feedbackApi.questions() });
  const tips = useQuery({ queryKey: feedbackKeys.tips, queryFn: feedbackApi.tips });
  const submit = useMutation({
    mutationFn: (v: { questionId: number; content: string }) =>
      feedbackApi.commit({ ...v, page: pathname, screenshotIds: uploadedIds }),
    onSuccess: async () => {
      message.success(t('feedback.sent'));
      await refreshFeedback(queryClient);
      onDone();
    },
  });
  return (
    <Form form={form} layout="vertical" onFinish={(v) => submit.mutate(v)} data-testid="feedback-form">
      {tips.data?.tips ? <Alert type="info" showIcon title={tips.data.tips} style={{ marginBottom: 12 }} /> : null}
      <Form.Item
        name="questionId"
        label={t('feedback.question')}
        rules={[{ required: true, message: t('feedback.questionRequired') }]}
      >
        <Select
          options={(questions.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
          data-testid="feedback-question"
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('feedback.content')}
        rules={[{ required: true, whitespace: true, message: t('feedback.contentRequired') }]}
      >
        <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 4, maxRows: 8 }} data-testid="feedback-text" />
      </Form.Item>
      <Form.Item
        label={t('feedback.screenshots')}
        extra={t('feedback.screenshotsHint', { count: MAX_FEEDBACK_IMAGES })}
      >
        <Upload<FileInfo>
          listType="picture-card"
          accept="image/png,image/jpeg,image/gif"
          maxCount={MAX_FEEDBACK_IMAGES}
          fileList={files}
          onChange={({ fileList }) => setFiles(fileList.filter((f) => f.status !== 'error'))}
          beforeUpload={(file) => {
            const check = checkImage(file);
            if (check !== 'ok') {
              message.error(t(check === 'type' ? 'feedback.imageType' : 'feedback.imageSize'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            // through THE http client (token, 600 s upload timeout, error messages)
            feedbackApi
              .uploadScreenshot(file as Blob)
              .then((info) => onSuccess?.(info))
              .catch((e: Error) => onError?.(e));
          }}
        >
          {files.length < MAX_FEEDBACK_IMAGES && (
            <Flex vertical align="center">
              <PlusOutlined />
              <span>{t('feedback.addScreenshot')}</span>
            </Flex>
          )}
        </Upload>
      </Form.Item>
      <Flex justify="end">
        <Button
          type="primary"
          htmlType="submit"
          loading={submit.isPending}
          disabled={uploading}
          data-testid="feedback-submit"
        >
          {t('feedback.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

function RatingForm({ resourceId, onDone }: { resourceId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [score, setScore] = useState(0);
  const [content, setContent] = useState('');
  const submit = useMutation({
    mutationFn: () =>
      feedbackApi.commitScore({ resourceId, score, ...(content.trim() ? { content: content.trim() } : {}) }),
    onSuccess: () => {
      message.success(t('rating.thanks'));
      onDone();
    },
  });
  return (
    <Flex vertical gap={12}>
      <Typography.Text>{t('rating.question')}</Typography.Text>
      <Rate value={score} onChange={setScore} />
      <Input.TextArea
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={500}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder={t('rating.commentPlaceholder')}
      />
      <Flex justify="end">
        <Button type="primary" disabled={score < 1} loading={submit.isPending} onClick={() => submit.mutate()}>
          {t('rating.submit')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** "Rating and feedback" (user menu): send feedback with screenshots, or rate the current page. */
export function FeedbackDialog() {
  const { t } = useTranslation();
  const { open, resourceId, hide } = useFeedbackDialog();
  if (!open) return null;
  const items = [{ key: 'feedback', label: t('feedback.tab'), children: <FeedbackForm onDone={hide} /> }];
  if (resourceId !== null)
    items.push({
      key: 'rating',
      label: t('rating.title'),
      children: <RatingForm resourceId={resourceId} onDone={hide} />,
    });
  return (
    <Modal
      open
      title={t('user.rating')}
      footer={null}
      onCancel={hide}
      zIndex={POPUP_Z_INDEX}
      destroyOnHidden
      width={560}
      data-testid="feedback-dialog"
    >
      <Tabs items={items} />
    </Modal>
  );
}
