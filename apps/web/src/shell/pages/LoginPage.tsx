import { LockOutlined, LoginOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Divider, Flex, Form, Input, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../platform/api-error';
import { authApi, type CaptchaData, type LoginInput } from '../../platform/auth-api';
import { lazyZodRule } from '../../platform/form';
import { safeRedirect } from '../../platform/navigation';
import { useSession } from '../../platform/session';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { captchaNeededAfter } from './login-captcha';
import { LOGIN_FIELDS } from './login-fields';

interface Values {
  username: string;
  password: string;
  code?: string;
}

const fieldRule = (name: keyof typeof LOGIN_FIELDS, label: string) =>
  lazyZodRule(LOGIN_FIELDS[name].schema, LOGIN_FIELDS[name].required, label);

/**
 * Sign-in: account and password (captcha after failures) or workplace-chat SSO. The fields are
 * validated with the contracts schema, which loads on the first validation (the page carries no zod).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const target = safeRedirect(params.get('redirect_url'));

  const loadCaptcha = async () => {
    const username = String(form.getFieldValue('username') ?? '').trim();
    form.setFieldValue('code', undefined);
    setCaptcha(await authApi.captcha(username));
  };

  const login = useMutation({
    mutationFn: (values: Values) => {
      const input: LoginInput = { username: values.username.trim(), password: values.password };
      if (captcha) Object.assign(input, { code: values.code?.trim(), uuid: captcha.uuid });
      return authApi.login(input);
    },
    onSuccess: (token) => {
      useSession.getState().setToken(token);
      void navigate(target, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && (captchaNeededAfter(error) || captcha)) void loadCaptcha().catch(() => undefined);
    },
  });

  const sso = useMutation({
    mutationFn: () => authApi.ssoUrl(target),
    onSuccess: ({ url }) => window.location.assign(url),
  });

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(160deg, #eef3fb 0%, #f7f8fa 60%)' }}
    >
      <div style={{ position: 'fixed', top: 12, right: 16 }}>
        <LanguageSwitch />
      </div>
      <div className="portal-login-card">
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
            {t('app.name')}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {t('login.subtitle')}
          </Typography.Text>
        </Flex>
        <Form<Values> form={form} size="large" onFinish={(v) => login.mutate(v)} autoComplete="on">
          <Form.Item name="username" rules={[fieldRule('username', t('login.username'))]}>
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              autoComplete="username"
              autoFocus
              data-testid="login-username"
            />
          </Form.Item>
          <Form.Item name="password" rules={[fieldRule('password', t('login.password'))]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          {captcha && (
            <Form.Item>
              <Flex gap={8}>
                <Form.Item
                  name="code"
                  noStyle
                  rules={[
                    { required: true, message: t('form.required', { label: t('login.captcha') }) },
                    fieldRule('code', t('login.captcha')),
                  ]}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder={t('login.captcha')}
                    autoComplete="off"
                    data-testid="login-captcha"
                  />
                </Form.Item>
                <Tooltip title={t('login.captchaRefresh')}>
                  <button
                    type="button"
                    onClick={() => void loadCaptcha()}
                    style={{
                      padding: 0,
                      border: '1px solid #d9d9d9',
                      borderRadius: 8,
                      background: '#fff',
                      cursor: 'pointer',
                    }}
                  >
                    <img
                      src={captcha.img}
                      alt={t('login.captchaAlt')}
                      height={38}
                      style={{ display: 'block', borderRadius: 8 }}
                    />
                  </button>
                </Tooltip>
              </Flex>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <Divider plain style={{ margin: '20px 0 16px' }}>
          <Typography.Text type="secondary">{t('login.or')}</Typography.Text>
        </Divider>
        <Button
          block
          size="large"
          icon={<LoginOutlined />}
          loading={sso.isPending}
          onClick={() => sso.mutate()}
          data-testid="login-sso"
        >
          {t('login.sso')}
        </Button>
      </div>
    </Flex>
  );
}
