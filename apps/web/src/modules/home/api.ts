import { get, post } from '../../platform/http';

export type HomeDataSource = 'traffic' | 'ledger';

/** My volume and revenue of the last 30 days (UTC days, oldest first); revenue per currency, decimal strings. */
export interface HomeTrend {
  days: string[];
  count: number[];
  revenue: { currency: string; values: string[] }[];
}

export interface QuickEntrance {
  path: string;
  sort: number;
}

/** GET /v2/sys/staff/home/summary: a figure is present only when its module reports it. */
export interface HomeSummary {
  /** the bell's flag; the overview shows unreadNum, the count */
  unread?: boolean;
  unreadNum?: number;
  myCustomer?: number;
  todayCustomer?: number;
  task?: number;
  todaySend?: number;
  linkPromotion?: string;
  applyNum?: number;
  ccNum?: number;
  handleNum?: number;
  todoNum?: number;
  followUpDue?: number;
  trend?: HomeTrend;
  /** figures that wait for a room's data (not connected yet), by figure key */
  waiting?: Record<string, HomeDataSource>;
  quickAccess: QuickEntrance[];
  isSimbank: boolean;
  dateSettings: { type: string; remark: string | null; content: Record<string, unknown> } | null;
}

export const MAX_QUICK_ENTRANCES = 12;

export const homeKeys = {
  summary: ['home', 'summary'] as const,
  promotion: (jobNumber: string) => ['home', 'promotion', jobNumber] as const,
};

export const homeApi = {
  summary: () => get<HomeSummary>('/v2/sys/staff/home/summary'),
  saveQuickEntrances: (paths: string[]) =>
    post<QuickEntrance[]>('/v2/sys/staff/quickEntrance/patchSaveQuickEntrance', { paths }),
  /** the user's customer sign-up link; null when there is none (or the caller may not have one) */
  promotionLink: async (jobNumber: string): Promise<string | null> => {
    try {
      const data = await get<{ link: string | null }>(
        '/kunlun/crm/main/get/promotionLink',
        { jobNumber },
        { showMessage: false },
      );
      return data?.link ?? null;
    } catch {
      return null;
    }
  },
};
