import type { Locale } from '@portal/contracts';

/** The landing page's words; the page follows the visitor's browser language. */
const WORDS = {
  'zh-CN': {
    title: '企业通信服务咨询',
    lead: '短信、语音、WhatsApp 与邮件触达全球客户。留下联系方式，您的专属顾问 {name} 会尽快与您联系。',
    company: '公司名称',
    name: '联系人',
    email: '工作邮箱',
    phone: '电话（选填）',
    message: '您的需求（选填）',
    submit: '提交',
    thanks: '已收到，{name} 会尽快与您联系。',
  },
  en: {
    title: 'Business messaging, voice and e-mail',
    lead: 'Reach customers worldwide by SMS, voice, WhatsApp and e-mail. Leave your details and your account manager {name} will contact you soon.',
    company: 'Company',
    name: 'Your name',
    email: 'Work e-mail',
    phone: 'Phone (optional)',
    message: 'What do you need? (optional)',
    submit: 'Send',
    thanks: 'Thank you. {name} will contact you soon.',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fa;margin:0;color:#1f1f1f}
main{max-width:520px;margin:48px auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 12px}p{line-height:1.6;color:#555}label{display:block;margin:14px 0 4px;font-size:14px}
input,textarea{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;font:inherit}
button{margin-top:20px;background:#1677ff;color:#fff;border:0;border-radius:6px;padding:9px 24px;font-size:15px;cursor:pointer}
.error{background:#fff2f0;border:1px solid #ffccc7;padding:8px 12px;border-radius:6px;color:#a8071a}.ok{color:#389e0d}
@media(max-width:560px){main{margin:0;border-radius:0;min-height:100vh}}`;

export interface LandingState {
  locale: Locale;
  promoter: string;
  /** the form's values to show again after a refused sign-up */
  values?: Record<string, string>;
  error?: string;
  done?: boolean;
}

/** The public sign-up page of one sales' promotion link: a plain form, no script. */
export function landingPage(s: LandingState): string {
  const w = WORDS[s.locale];
  const v = s.values ?? {};
  const field = (key: 'company' | 'name' | 'email' | 'phone', type: string, required: boolean) =>
    `<label for="${key}">${w[key]}</label><input id="${key}" name="${key}" type="${type}"${required ? ' required' : ''} value="${escapeHtml(v[key] ?? '')}">`;
  const body = s.done
    ? `<p class="ok" data-testid="promo-thanks">${escapeHtml(w.thanks.replace('{name}', s.promoter))}</p>`
    : `${s.error ? `<p class="error" role="alert">${escapeHtml(s.error)}</p>` : ''}
<form method="post">
${field('company', 'text', true)}
${field('name', 'text', true)}
${field('email', 'email', true)}
${field('phone', 'tel', false)}
<label for="message">${w.message}</label><textarea id="message" name="message" rows="3">${escapeHtml(v.message ?? '')}</textarea>
<button type="submit">${w.submit}</button>
</form>`;
  return `<!doctype html><html lang="${s.locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${w.title}</title><style>${STYLE}</style></head>
<body><main><h1>${w.title}</h1><p>${escapeHtml(w.lead.replace('{name}', s.promoter))}</p>${body}</main></body></html>`;
}
