/** Texts of the message center module in zh-CN, the source language (en.ts has the same keys). */
export const zhCN = {
  messages: {
    latest: '最新消息',
    none: '暂无消息',
    viewAll: '查看全部消息',
    open: '查看来源',
    markRead: '标为已读',
    readAll: '全部已读',
    readAllConfirm: '将全部消息标为已读？',
    readAllDone: '已将 {{count}} 条消息标为已读',
  },
};
