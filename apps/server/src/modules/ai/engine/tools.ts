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
  /** the platform clock's now */
  now: Date;
  signal: AbortSignal;
}

/** A question kind that needs live numbers, answered through the owning room's service in the asking user's scope. */
export interface DataTool {
  readonly name: string;
  /** whether the question asks for this tool's figures */
  matches(question: string): boolean;
  run(input: ToolInput): Promise<ToolResult>;
}

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

/** The data tools by name; registering under a name replaces the tool of that name. */
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
  async run(input: Omit<ToolInput, 'period' | 'now'> & { now?: Date }): Promise<ToolResult[]> {
    const now = input.now ?? new Date();
    const period = parsePeriod(input.question, now);
    return Promise.all(
      this.matching(input.question).map((t) =>
        t.run({ ...input, now, period }).catch(() => ({
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

/** The registry the AI module answers with (engine/data-tools.ts); other rooms may register more here. */
export const aiTools = new ToolRegistry();
