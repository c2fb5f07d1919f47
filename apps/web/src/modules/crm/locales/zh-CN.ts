import { crmDataZh } from './data.zh-CN';
/** Texts of the CRM module in Chinese (labels of records come from their definitions). */
export const zhCN = {
  crmCustomer: {
    duplicates: '可能重复的客户',
    duplicatesNone: '未发现重复客户',
    blocked: '与黑名单客户重复，不能新建',
    reason: { alias: '简称相同', name: '名称相似', domain: '邮箱域名相同', phone: '电话相同' },
    owner: '负责人：{{name}}',
    noOwner: '无负责人',
    waitsFinance: '账户来自财务中心，财务模块上线后在此显示。',
    waitsMail: '往来邮件来自邮件模块，邮件模块上线后在此显示。',
    none: '暂无记录',
  },
  crmData: crmDataZh,
};
