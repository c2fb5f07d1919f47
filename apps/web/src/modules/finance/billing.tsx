import { MailOutlined, PlayCircleOutlined } from '@ant-design/icons';
import {
  AUTO_MAIL_RUN_PATH,
  type AutoMailRunResult,
  type BillMailResult,
  billCycleResource,
  billMailPath,
  billResource,
  billStatementPath,
  creditRuleResource,
  creditWhitelistResource,
  FinPerm,
  financeNotifyResource,
  prepaidStatementMailPath,
  prepaidStatementPath,
  type RunResult,
  statementResource,
} from '@portal/contracts/finance';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { Can } from '../../platform/access';
import { download } from '../../platform/download';
import { toast } from '../../platform/feedback';
import { post } from '../../platform/http';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { AutoMailModal } from './AutoMailModal';
import { financeApi } from './api';
import { ReasonApplyModal } from './ReasonApplyModal';
import { T } from './texts';

/** A toolbar button running a daily job now (at the app clock), then refreshing the list. */
function RunButton({
  path,
  text,
  testId,
  done,
}: {
  path: string;
  text: { zh: string; en: string };
  testId: string;
  /** the toast after the run (a bill or ladder run's count by default) */
  done?: (r: unknown) => string;
}) {
  const label = useLabel();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await post<unknown>(path, {}, { checkRepeat: true });
      const res = r as RunResult;
      toast().success(done ? done(r) : `${label(T.ran)} ${res.day}: ${res.bills + res.actions + res.statements}`);
      await Promise.all(
        [billResource.key, statementResource.key].map((key) =>
          qc.invalidateQueries({ queryKey: resourceKeys.all(key) }),
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<PlayCircleOutlined />} loading={busy} onClick={run} data-testid={testId}>
      {label(text)}
    </Button>
  );
}

/**
 * A row's "Mail to customer" (decision 0135): the XLSX sent from the caller's mailbox to the account's
 * billing e-mail, after a confirm; the list refreshes to show when and to whom.
 */
function useMailAction(path: (id: number) => string, resourceKey: string) {
  const label = useLabel();
  const qc = useQueryClient();
  return (row: { id: unknown }) => ({
    key: 'mail',
    label: label(T.mailToCustomer),
    perm: FinPerm.BILLS,
    testId: 'mail-to-customer',
    confirm: label(T.mailToCustomerAsk),
    onClick: async () => {
      const r = await post<BillMailResult>(path(row.id as number), {}, { checkRepeat: true });
      toast().success(`${label(T.mailedTo)} ${r.to}`);
      await qc.invalidateQueries({ queryKey: resourceKeys.all(resourceKey) });
    },
  });
}

/**
 * `account/consumer/bill`: postpaid bills; each row's statement as XLSX; an overdue bill's write-off
 * application (decision 0080); mailed to the customer (decision 0135); the bill run and the ladder on demand. A second tab lists the prepaid
 * accounts' monthly statements, each with its XLSX (decision 0111).
 */
export function BillsScreen() {
  const label = useLabel();
  const mail = useMailAction(prepaidStatementMailPath, statementResource.key);
  return (
    <Tabs
      items={[
        { key: 'bills', label: label(T.billsTab), children: <PostpaidBills /> },
        {
          key: 'statements',
          label: <span data-testid="statements-tab">{label(T.statementsTab)}</span>,
          children: (
            <div data-testid="statements">
              <ResourceList
                def={statementResource}
                overrides={{
                  rowActions: (row) => [
                    {
                      key: 'statement',
                      label: label(T.statement),
                      onClick: () => void download(prepaidStatementPath(row.id as number), { kind: 'download' }),
                    },
                    mail(row),
                  ],
                }}
              />
            </div>
          ),
        },
      ]}
    />
  );
}

function PostpaidBills() {
  const label = useLabel();
  const mail = useMailAction(billMailPath, billResource.key);
  const [writingOff, setWritingOff] = useState<{ id: number; code: string } | null>(null);
  const [autoMail, setAutoMail] = useState(false);
  return (
    <>
      <ResourceList
        def={billResource}
        overrides={{
          toolbar: (
            <>
              <Can perm={FinPerm.BILLS}>
                <RunButton path="/v2/fc/bill/run" text={T.runBills} testId="bill-run" />
              </Can>
              <Can perm={FinPerm.CREDIT_CONTROL}>
                <RunButton path="/v2/fc/overdue/run" text={T.runOverdue} testId="overdue-run" />
              </Can>
              <Can perm={FinPerm.BILLS}>
                <RunButton
                  path={AUTO_MAIL_RUN_PATH}
                  text={T.autoMailRun}
                  testId="auto-mail-run"
                  done={(r) => {
                    const m = r as AutoMailRunResult;
                    return `${label(T.autoMailDone)}: ${m.mailed} / ${m.failed}`;
                  }}
                />
              </Can>
              <Can perm={FinPerm.ALL_ACCOUNTS}>
                <Button icon={<MailOutlined />} onClick={() => setAutoMail(true)} data-testid="auto-mail">
                  {label(T.autoMail)}
                </Button>
              </Can>
            </>
          ),
          rowActions: (row) => [
            {
              key: 'statement',
              label: label(T.statement),
              onClick: () => void download(billStatementPath(row.id as number), { kind: 'download' }),
            },
            ...(row.state === 'draft' ? [] : [mail(row)]),
            ...(row.state === 'overdue'
              ? [
                  {
                    key: 'write-off',
                    label: label(T.writeOff),
                    danger: true,
                    perm: FinPerm.WRITE_OFF,
                    testId: 'bill-write-off',
                    onClick: () => setWritingOff({ id: row.id as number, code: String(row.code) }),
                  },
                ]
              : []),
          ],
        }}
      />
      <ReasonApplyModal
        target={writingOff}
        title={T.writeOff}
        hint={T.writeOffHint}
        testId="write-off-reason"
        apply={(billId, reason) => financeApi.applyWriteOff({ billId, reason })}
        onClose={() => setWritingOff(null)}
      />
      <AutoMailModal open={autoMail} onClose={() => setAutoMail(false)} />
    </>
  );
}

export const CreditRuleScreen = () => <ResourceList def={creditRuleResource} />;
export const CreditWhitelistScreen = () => <ResourceList def={creditWhitelistResource} />;
export const FinanceNotifyScreen = () => <ResourceList def={financeNotifyResource} />;
export const BillCycleScreen = () => <ResourceList def={billCycleResource} />;
