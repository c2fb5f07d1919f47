import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { aiCommonQuestions, aiFeedbackTags } from './schema.js';

/** Tags offered with a like (LIKE) and a dislike (DISLIKE). */
const TAGS: { likeType: 'LIKE' | 'DISLIKE'; zh: string; en: string }[] = [
  { likeType: 'LIKE', zh: '回答准确', en: 'Accurate' },
  { likeType: 'LIKE', zh: '步骤清晰', en: 'Clear steps' },
  { likeType: 'LIKE', zh: '解决了问题', en: 'Solved my problem' },
  { likeType: 'LIKE', zh: '响应迅速', en: 'Fast' },
  { likeType: 'DISLIKE', zh: '答非所问', en: 'Off topic' },
  { likeType: 'DISLIKE', zh: '内容有误', en: 'Wrong content' },
  { likeType: 'DISLIKE', zh: '信息过时', en: 'Outdated' },
  { likeType: 'DISLIKE', zh: '不够详细', en: 'Not detailed enough' },
];

/**
 * Suggested questions by type: the sub-application the user is in (the panel sends it as
 * currentType), 'general' for everywhere. Each one is answered by a knowledge-base document.
 */
const QUESTIONS: { type: string; zh: string; en: string }[] = [
  {
    type: 'general',
    zh: '短信发送成功但客户没收到怎么办？',
    en: 'What should I do when an SMS was sent but not delivered?',
  },
  {
    type: 'general',
    zh: 'Sender ID 被运营商拒绝怎么处理？',
    en: 'How do I handle a sender ID rejected by the operator?',
  },
  { type: 'general', zh: 'SIM 卡池端口离线如何排查？', en: 'How do I troubleshoot an offline SIM bank port?' },
  {
    type: 'general',
    zh: '语音通话有杂音或单通怎么办？',
    en: 'What can I do about noise or one-way audio on voice calls?',
  },
  { type: 'general', zh: 'AI 助手能回答哪些问题？', en: 'What can the AI assistant answer?' },
  { type: 'general', zh: '查询我本月的业绩', en: 'Show my sales performance this month' },
  { type: 'home', zh: '首页的快捷入口怎么设置？', en: 'How do I set up quick entrances on the home page?' },
  { type: 'crm', zh: '怎么新建客户？', en: 'How do I add a new customer?' },
  { type: 'crm', zh: '客户什么时候会掉入公海？', en: 'When does a customer fall into the open sea?' },
  { type: 'crm', zh: '如何申请修改客户别名？', en: 'How do I request a customer alias change?' },
  { type: 'srm', zh: '如何新增供应商并开通供应商账号？', en: 'How do I add a supplier and open a supplier account?' },
  { type: 'srm', zh: '设备采购计划怎么走流程？', en: 'How does an equipment purchase plan go through approval?' },
  {
    type: 'offerManage',
    zh: '特价申请的审批流程是什么？',
    en: 'What is the approval flow of a special price request?',
  },
  { type: 'offerManage', zh: '怎么给客户发送短信报价？', en: 'How do I send an SMS quotation to a customer?' },
  { type: 'businessInquiry', zh: '怎么查询短信发送记录？', en: 'How do I look up SMS send records?' },
  { type: 'reportAnalysis', zh: '短信利润分析报表怎么看？', en: 'How do I read the SMS profit analysis report?' },
  { type: 'businessOperations', zh: '如何发起短信测试？', en: 'How do I start an SMS test?' },
  { type: 'businessOperations', zh: 'eSIM 配置文件切换失败怎么办？', en: 'What if switching an eSIM profile fails?' },
  {
    type: 'financial',
    zh: '客户充值申请的流程是什么？',
    en: 'What is the process of a customer recharge application?',
  },
  {
    type: 'financial',
    zh: '后付费客户的信用额度怎么申请？',
    en: 'How do I apply for a credit line for a postpaid customer?',
  },
  { type: 'financial', zh: '供应商账单如何对账？', en: 'How do I reconcile a supplier bill?' },
  { type: 'message', zh: '怎么设置定时发送的邮件？', en: 'How do I schedule an e-mail to be sent later?' },
  { type: 'csc', zh: '线索是怎么分配给客服的？', en: 'How are leads distributed to customer service?' },
  { type: 'general', zh: '审批被退回后怎么重新提交？', en: 'How do I resubmit an approval that was sent back?' },
  { type: 'heavenlyWarning', zh: '怎么配置告警规则和告警组？', en: 'How do I configure alarm rules and alarm groups?' },
  { type: 'setModule', zh: '如何给用户分配角色和权限？', en: 'How do I give a user roles and permissions?' },
];

/** Seeds the reference lists once (existing rows are kept, so administrators' changes survive). */
export async function seedReferenceData(db: Db) {
  await db
    .insert(aiFeedbackTags)
    .values(TAGS.map((t, i) => ({ likeType: t.likeType, tagName: t.zh, tagNameEn: t.en, sort: i })))
    .onConflictDoNothing();
  await db
    .insert(aiCommonQuestions)
    .values(
      QUESTIONS.flatMap((q) => [
        { type: q.type, locale: 'zh-CN', question: q.zh },
        { type: q.type, locale: 'en', question: q.en },
      ]),
    )
    .onConflictDoNothing();
}

/** `limit` random suggested questions: of the current type first, then general ones. */
export async function randomQuestions(db: Db, locale: string, limit: number, currentType?: string) {
  const rows = await db
    .select({ question: aiCommonQuestions.question, type: aiCommonQuestions.type })
    .from(aiCommonQuestions)
    .where(
      sql`${aiCommonQuestions.enabled} and ${aiCommonQuestions.locale} = ${locale} and ${aiCommonQuestions.type} in (${currentType ?? 'general'}, 'general')`,
    )
    .orderBy(sql`(${aiCommonQuestions.type} = ${currentType ?? 'general'}) desc, random()`)
    .limit(limit);
  return rows;
}
