/** Texts of the system settings module in zh-CN, the source language (en.ts has the same keys). */
export const zhCN = {
  systemUser: {
    keyword: '关键字',
    keywordPlaceholder: '用户名 / 姓名 / 工号',
    status: '状态',
    username: '用户名',
    name: '姓名',
    jobNumber: '工号',
    email: '邮箱',
    departments: '部门',
    roles: '角色',
    createdAt: '创建时间',
    statusActive: '启用',
    statusDisabled: '停用',
    enable: '启用',
    disable: '停用',
    confirmEnable: '确定启用用户 {{name}}？',
    confirmDisable: '确定停用用户 {{name}}？停用后该用户将无法登录。',
    statusChanged: '操作成功',
  },
};
