import type { Locale } from '@portal/contracts';

/** Server-rendered pages of the embedded identity provider: plain HTML, every value escaped. */

const TEXT = {
  'zh-CN': {
    title: '工作台登录',
    subtitle: '使用工作台账号登录「{client}」',
    login: '工作台账号',
    password: '密码',
    submit: '登录',
    cancel: '取消',
    missing: '请输入账号和密码',
    noIdentity: '该门户账号未绑定工作台身份',
    captcha: '验证码',
    captchaAlt: '验证码图片',
    note: '本地演示身份提供方（开发与演示用）',
    errorTitle: '无法继续登录',
    expired: '登录请求已过期或无效，请返回门户重新发起单点登录。',
    back: '返回门户',
  },
  en: {
    title: 'Workplace sign-in',
    subtitle: 'Sign in to “{client}” with your workplace account',
    login: 'Workplace account',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    missing: 'Enter your account and password',
    noIdentity: 'This portal account has no workplace identity',
    captcha: 'Verification code',
    captchaAlt: 'Verification code image',
    note: 'Local demo identity provider (development and demos)',
    errorTitle: 'Sign-in cannot continue',
    expired: 'This sign-in request has expired or is invalid. Go back to the portal and start single sign-on again.',
    back: 'Back to the portal',
  },
} as const;

export type PageText = keyof (typeof TEXT)['en'];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export const textOf = (locale: Locale, key: PageText) => TEXT[locale][key];

/** Content-Security-Policy of every page: no scripts, no outside resources, not frameable. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;
  background:linear-gradient(135deg,#e8f1ff 0%,#f5f7fa 60%);color:#1f2329}
main{width:360px;max-width:calc(100vw - 32px);background:#fff;border-radius:12px;
  box-shadow:0 8px 28px rgba(31,35,41,.12);padding:32px 32px 24px}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:20px}
.logo{width:36px;height:36px;border-radius:9px;background:#1677ff;color:#fff;display:flex;
  align-items:center;justify-content:center;font-weight:700;font-size:18px}
h1{font-size:20px;margin:0}
p.sub{margin:0 0 20px;color:#646a73;font-size:14px}
label{display:block;font-size:13px;color:#646a73;margin:14px 0 6px}
input{width:100%;height:40px;border:1px solid #d0d3d6;border-radius:8px;padding:0 12px;font-size:15px}
input:focus{outline:none;border-color:#1677ff;box-shadow:0 0 0 2px rgba(22,119,255,.15)}
.error{background:#fff1f0;border:1px solid #ffccc7;color:#cf1322;border-radius:8px;padding:8px 12px;
  font-size:14px;margin-bottom:8px}
.actions{display:flex;gap:8px;margin-top:22px}
button{flex:1;height:40px;border-radius:8px;border:1px solid #d0d3d6;background:#fff;font-size:15px;cursor:pointer}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff;flex:2}
img.captcha{display:block;height:40px;margin-top:8px;border-radius:8px}
.note{margin-top:18px;font-size:12px;color:#8f959e;text-align:center}
a{color:#1677ff}`;

function layout(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale === 'zh-CN' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand"><div class="logo">W</div><h1>${escapeHtml(title)}</h1></div>
${body}
</main>
</body>
</html>`;
}

export interface LoginPage {
  locale: Locale;
  uid: string;
  clientName: string;
  login?: string;
  error?: 'missing' | 'noIdentity';
  /** a message of the error catalogue (wrong password, captcha, lock-out), already in `locale` */
  failure?: string;
  /** shown (and then required) once the login has failed CAPTCHA_AFTER_FAILURES times */
  captcha?: { uuid: string; img: string };
}

/** The sign-in form; the interaction uid in the form's action binds it to this one authorisation. */
export function loginPage(page: LoginPage): string {
  const t = (k: PageText) => textOf(page.locale, k);
  const base = `/sso-idp/interaction/${encodeURIComponent(page.uid)}`;
  const alert = page.failure ?? (page.error ? t(page.error) : undefined);
  const captcha = page.captcha
    ? `
<label for="code">${escapeHtml(t('captcha'))}</label>
<input id="code" name="code" required maxlength="16" autocomplete="off">
<img class="captcha" src="${escapeHtml(page.captcha.img)}" alt="${escapeHtml(t('captchaAlt'))}">
<input type="hidden" name="uuid" value="${escapeHtml(page.captcha.uuid)}">`
    : '';
  const body = `
<p class="sub">${escapeHtml(t('subtitle').replace('{client}', page.clientName))}</p>
${alert ? `<div class="error" role="alert">${escapeHtml(alert)}</div>` : ''}
<form method="post" action="${escapeHtml(`${base}/login`)}" autocomplete="on">
<label for="login">${escapeHtml(t('login'))}</label>
<input id="login" name="login" autocomplete="username" required maxlength="64" value="${escapeHtml(page.login ?? '')}"${page.login ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128"${page.login ? ' autofocus' : ''}>${captcha}
<div class="actions">
<button type="submit" class="primary">${escapeHtml(t('submit'))}</button>
<button type="submit" formaction="${escapeHtml(`${base}/abort`)}" formnovalidate>${escapeHtml(t('cancel'))}</button>
</div>
</form>
<div class="note">${escapeHtml(t('note'))}</div>`;
  return layout(page.locale, t('title'), body);
}

export function errorPage(locale: Locale, portalUrl: string, detail?: string): string {
  const t = (k: PageText) => textOf(locale, k);
  const body = `
<div class="error" role="alert">${escapeHtml(t('errorTitle'))}</div>
<p class="sub">${escapeHtml(detail ?? t('expired'))}</p>
<p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t('back'))}</a></p>
<div class="note">${escapeHtml(t('note'))}</div>`;
  return layout(locale, t('title'), body);
}
