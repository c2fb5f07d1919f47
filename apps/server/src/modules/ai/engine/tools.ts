import type { AuthContext } from '../../../platform/auth/context.js';
import { type Period, parsePeriod } from './period.js';
import type { AnswerLocale } from './provider.js';

/** A data tool's answer: live figures, or a plain statement that the data is not available. */
export interface ToolResult {
  tool: string;
  available: boolean;
  /** what the answer says, in the question's language; never invented figures */
  text: string;
  data?: unknown;
}

export interface ToolInput {
  question: string;
  locale: AnswerLocale;
  period: Period;
  /** the asking user: figures go through their data scope */
  auth: AuthContext;
  signal: AbortSignal;
}

/**
 * A question kind that needs live numbers. The owning module registers the real tool (its
 * service, the asking user's data scope) under the same name, replacing the placeholder.
 */
export interface DataTool {
  readonly name: string;
  /** whether the question asks for this tool's figures */
  matches(question: string): boolean;
  run(input: ToolInput): Promise<ToolResult>;
}

const MY_PERFORMANCE =
  /(我|本人|个人).{0,6}(业绩|销售额|销量|提成)|业绩.{0,4}(查询|多少|怎么样)|\bmy\b.{0,30}\b(performance|sales|revenue|figures|commission)\b|\b(performance|sales figures)\b.{0,20}\b(me|mine)\b/i;
const CUSTOMER_PROFIT =
  /(客户|customer|client).{0,30}(利润|毛利|盈利|收入|成本|profit|margin|revenue|cost)|(利润|毛利|profit|margin).{0,30}(客户|customer|client)/i;

/** The customer a question names: quoted, or following 客户 / customer. */
export function customerNameOf(question: string): string | null {
  const quoted = /[「“"《']([^」”"》']{1,60})[」”"》']/.exec(question);
  if (quoted) return quoted[1]!.trim();
  const zh = /客户\s*([A-Za-z0-9\u4e00-\u9fff_.&-]{1,40}?)\s*(?:的|在|上|本|这|今|去|近|利润|毛利|收入|成本|$)/.exec(
    question,
  );
  if (zh?.[1] && !/^(利润|毛利|收入|成本)$/.test(zh[1])) return zh[1];
  const en = /(?:customer|client)\s+([A-Z0-9][\w.&-]*(?:\s+[A-Z0-9][\w.&-]*)*)/.exec(question);
  return en?.[1] ?? null;
}

/** Until the CRM, traffic and finance modules exist, the tools say the data is not available. */
export const myPerformanceTool: DataTool = {
  name: 'myPerformance',
  matches: (q) => MY_PERFORMANCE.test(q),
  async run({ locale, period }) {
    return {
      tool: 'myPerformance',
      available: false,
      text:
        locale === 'zh-CN'
          ? `暂时查不到您${period.label.zh}的业绩数据：业绩来自客户、话务和财务模块，这些模块尚未接入 AI 助手。我不会估算或编造数字，请在接入后再问，或到“业务查询 › 业绩查询”中查看。`
          : `Your sales figures for ${period.label.en} are not available yet: they come from the customer, traffic and finance modules, which are not connected to the assistant yet. I will not estimate or invent numbers; ask again once they are connected, or look in Business inquiry › Performance.`,
    };
  },
};

export const customerProfitTool: DataTool = {
  name: 'customerProfit',
  matches: (q) => CUSTOMER_PROFIT.test(q),
  async run({ question, locale, period }) {
    const name = customerNameOf(question);
    const who = name
      ? locale === 'zh-CN'
        ? `客户「${name}」`
        : `customer "${name}"`
      : locale === 'zh-CN'
        ? '该客户'
        : 'that customer';
    return {
      tool: 'customerProfit',
      available: false,
      text:
        locale === 'zh-CN'
          ? `暂时查不到${who}${period.label.zh}的收入、成本和利润：这些数据来自客户、话务和财务模块，尚未接入 AI 助手。我不会估算或编造数字，请在接入后再问，或到“报表分析 › 短信利润分析”中查看。`
          : `Revenue, cost and profit of ${who} for ${period.label.en} are not available yet: they come from the customer, traffic and finance modules, which are not connected to the assistant yet. I will not estimate or invent numbers; ask again once they are connected, or look in Reports › SMS profit analysis.`,
      data: { customer: name, period: { from: period.from, to: period.to } },
    };
  },
};

/** The data tools by name; a module replaces a placeholder by registering under its name. */
export class ToolRegistry {
  private readonly tools = new Map<string, DataTool>();
  constructor(initial: DataTool[] = []) {
    for (const t of initial) this.register(t);
  }
  register(tool: DataTool) {
    this.tools.set(tool.name, tool);
  }
  matching(question: string): DataTool[] {
    return [...this.tools.values()].filter((t) => t.matches(question));
  }

  /** Runs the tools the question asks for; a failing tool says so instead of answering. */
  async run(input: Omit<ToolInput, 'period'>): Promise<ToolResult[]> {
    const period = parsePeriod(input.question, new Date());
    return Promise.all(
      this.matching(input.question).map((t) =>
        t.run({ ...input, period }).catch(() => ({
          tool: t.name,
          available: false,
          text:
            input.locale === 'zh-CN'
              ? '数据查询失败，请稍后再试。'
              : 'The data could not be read; please try again later.',
        })),
      ),
    );
  }
}

/** The registry the AI module answers with; other modules register their real tools here. */
export const aiTools = new ToolRegistry([myPerformanceTool, customerProfitTool]);
