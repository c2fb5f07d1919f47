/** Texts of the channel screens in Chinese (labels of records come from their definitions). */
export const zhCN = {
  srmChannel: {
    waitsTraffic: '质量指标（送达率、平均送达时长；语音 ASR、ACD、PDD）来自话务汇总，话务模块上线后在此显示。',
    waitsQuotation: '当前成本来自报价模块（供应商成本），报价模块上线后在此显示。',
    qualityCost: '质量与成本：话务、报价模块上线后显示，目前不提供数字。',
    onlineWaits: '网关在线状态与负载来自实时话务，话务模块上线后在此显示；下方为已配置的网关。',
    lookup: {
      placeholder: '输入号码（带国家码，如 +65 9123 4567）或 MCC/MNC（如 52501）',
      search: '查询',
      country: '国家/地区',
      numberType: '号码类型',
      e164: '标准号码',
      networks: '网络',
      channels: '覆盖的通道',
      none: '暂无覆盖该目的地的通道',
      covered: '覆盖网络',
      numberNote: '仅凭号码无法确定所属网络（需携号转网查询），以下列出该国全部网络。',
    },
    resolve: {
      title: '路由查询',
      customerId: '客户 ID',
      network: '网络',
      at: '时间',
      ask: '查询生效路由',
      level: { network: '按网络绑定', country: '按国家绑定', none: '无生效路由' },
      share: '流量占比',
      priority: '优先级',
      channel: '通道',
      window: '时段',
      effective: '生效区间',
    },
  },
};
