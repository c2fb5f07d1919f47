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
    none: '暂无记录',
  },
  crmData: crmDataZh,
  crmPool: {
    neverReturns: '不退回',
    dueNow: '即将退回',
    daysLeft: '剩 {{count}} 天',
    daysSince: '{{count}} 天前',
    retentionHelp:
      '私海客户超过「未跟进天数」未跟进，或领取后超过「未成交天数」仍未成交，将由系统退回公海；提前「提醒天数」通知负责人。天数为 0 表示不按该条件退回；锁定或已成交的客户不会退回。没有单独规则的等级使用「全部等级」的规则。',
    levelHelp:
      '领取公海客户时的限制：个人规则优先，其次是所在部门的规则，最后是全公司规则。留空表示不限制。公海管理员领取不受限制，分配与转移也不受限制。',
    churnHelp:
      '每天凌晨按流量日统计评估一次：已成交的私海客户近 N 天付费流量较前 N 天下降达到比例时标记为流失（客户历史中可见）并通知负责人，勾选「同时退回公海」则退回公海。同一客户一个对比周期内只标记一次；没有单独规则的等级使用「全部等级」的规则。',
    bukaHelp:
      'Buka（补卡）准入名单：名单内的销售可以立即领回自己被退回公海的客户，不受「原负责人再领取间隔天数」限制；其他领取规则（上限、每日领取数、禁止领取期）仍然适用。',
  },
  crmFlows: {
    customer: '客户',
    customerCode: '客户编号',
    owner: '负责人',
    member: '成员',
    grantedBy: '共享人',
    grantedAt: '共享时间',
    pickCustomers: '选择客户',
    transferLog: '转移记录',
    shareList: '共享列表',
    newAlias: '新简称',
    newSource: '新客户来源',
    newTeamName: '新团队名称',
    reason: '申请理由',
    classAHint: '审批通过后，客户等级将设为 A。',
    submit: '提交申请',
    submitted: '申请已提交，等待审批',
    sentAs: '申请 {{code}} 已提交，等待审批',
    removeFromBlacklist: '移出黑名单',
  },
};
