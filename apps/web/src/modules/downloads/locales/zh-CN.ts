/** Texts of the download center module in zh-CN, the source language (en.ts has the same keys). */
export const zhCN = {
  downloads: {
    title: '我的导出任务',
    name: '文件名',
    createdAt: '创建时间',
    rows: '行数',
    size: '大小',
    stateTitle: '状态',
    expiresAt: '过期时间',
    state: {
      queued: '排队中',
      running: '导出中',
      done: '已完成',
      failed: '失败',
      expired: '已过期',
      stalled: '已中断',
    },
    download: '下载',
    preview: '预览',
    retry: '重试',
    retried: '已重新开始导出',
    deleteConfirm: '确定删除该导出任务及其文件？',
    deleted: '已删除',
  },
};
