/** Texts of the home overview module in zh-CN, the source language (en.ts has the same keys). */
export const zhCN = {
  home: {
    greeting: {
      morning: '早上好，{{name}}',
      afternoon: '下午好，{{name}}',
      evening: '晚上好，{{name}}',
    },
    jobNumber: '工号',
    noDepartment: '暂无部门',
    promotionLink: '我的推广链接',
    copy: '复制',
    copied: '已复制',
    figures: {
      unread: '未读消息',
      todoNum: '我的待办',
      applyNum: '我发起的（进行中）',
      handleNum: '我已处理',
      ccNum: '抄送我的',
      myCustomer: '我的客户',
      todayCustomer: '今日新增客户',
      task: '任务',
      todaySend: '今日发送量',
      linkPromotion: '链接推广',
    },
    quick: {
      title: '快捷入口',
      add: '添加快捷入口',
      empty: '还没有快捷入口，把常用页面放在这里',
      editTitle: '编辑快捷入口（最多 {{max}} 个）',
      available: '可选页面',
      chosen: '已选',
      saved: '快捷入口已保存',
      tooMany: '快捷入口最多 {{max}} 个',
    },
    modules: {
      title: '我的模块',
      empty: '暂无可用模块，请联系管理员分配权限',
      pages: '{{count}} 个页面',
      external: '外部系统',
    },
  },
};
