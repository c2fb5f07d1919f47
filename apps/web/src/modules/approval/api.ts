import type {
  FieldSaveBody,
  FormField,
  FormRow,
  FormSaveBody,
  FormValues,
  InstanceDetail,
  InstanceRow,
  MyPageQuery,
  MySummary,
  Option,
  PageQuery,
  PageResult,
  ProcessDetail,
  ProcessNotify,
  ProcessRow,
  ProcessSaveBody,
  RouteStep,
  SponsorProcess,
  VersionRow,
  WfRoleRow,
  WfRoleSaveBody,
} from '@portal/contracts';
import { get, post } from '../../platform/http';

/** Every call of the workflow API (spec 7 "Workflow /v2/workflow") the approval screens make. */
const W = '/v2/workflow';
const once = { checkRepeat: true } as const;

export const approvalKeys = {
  root: ['approval'] as const,
  sponsor: (keyword: string) => ['approval', 'sponsor', keyword] as const,
  fields: (processId: number) => ['approval', 'fields', processId] as const,
  preview: ['approval', 'preview'] as const,
  lists: ['approval', 'list'] as const,
  list: (kind: MyListKind) => ['approval', 'list', kind] as const,
  detail: (id: number) => ['approval', 'detail', id] as const,
  rejectNodes: (taskId: number) => ['approval', 'rejectNodes', taskId] as const,
  summary: ['approval', 'summary'] as const,
  processes: ['approval', 'processes'] as const,
  process: (id: number) => ['approval', 'process', id] as const,
  versions: (id: number) => ['approval', 'versions', id] as const,
  version: (id: number) => ['approval', 'version', id] as const,
  roles: ['approval', 'roles'] as const,
  forms: ['approval', 'forms'] as const,
  formFields: (formId: number) => ['approval', 'formFields', formId] as const,
  auditFields: (formId: number) => ['approval', 'auditFields', formId] as const,
  notify: (processId: number) => ['approval', 'notify', processId] as const,
  options: (kind: string) => ['approval', 'options', kind] as const,
};

export type MyListKind = 'toDoPage' | 'applyPage' | 'handlePage' | 'ccMePage';
export type RejectTarget = 'end' | 'initiator' | 'node';

export const approvalApi = {
  // ── start a request
  sponsor: (keyword?: string) => get<SponsorProcess[]>(`${W}/process/sponsor`, keyword ? { keyword } : undefined),
  processFields: (processId: number) => get<FormField[]>(`${W}/process/formField/${processId}`),
  previewRoute: (processId: number, formData: FormValues) =>
    post<RouteStep[]>(`${W}/route/preview`, { processId, formData }, { showMessage: false }),
  start: (body: { processId: number; instanceId?: number; title: string; formData: FormValues }) =>
    post<{ instanceId: number }>(`${W}/start`, body, once),

  // ── my lists
  summary: () => post<MySummary>(`${W}/my/summary`),
  myPage: (kind: MyListKind, q: Partial<MyPageQuery>, signal?: AbortSignal) =>
    post<PageResult<InstanceRow>>(`${W}/my/${kind}`, q, { signal }),

  // ── one request
  detail: (instanceId: number) => post<InstanceDetail>(`${W}/instanceDetail`, { instanceId }),
  agree: (taskId: number, opinion: string) => post<null>(`${W}/agree`, { taskId, opinion }, once),
  reject: (body: { taskId: number; target: RejectTarget; nodeKey?: string; opinion: string }) =>
    post<null>(`${W}/reject`, body, once),
  transmit: (taskId: number, toUserId: number, opinion: string) =>
    post<null>(`${W}/transmit`, { taskId, toUserId, opinion }, once),
  comment: (instanceId: number, content: string) => post<null>(`${W}/comment`, { instanceId, content }, once),
  withdraw: (instanceId: number, opinion: string) => post<null>(`${W}/withdraw`, { instanceId, opinion }, once),
  rejectNodes: (taskId: number) => get<Option[]>(`${W}/select/canRejectProcessNode`, { taskId }),

  // ── selects
  processOptions: () => get<Option[]>(`${W}/select/process`),
  serviceNames: () => get<Option[]>(`${W}/select/serviceName`),
  roleOptions: () => get<Option[]>(`${W}/select/role`),
  formOptions: () => get<Option[]>(`${W}/select/form`),

  // ── settings: processes
  processPage: (q: PageQuery & { keyword?: string; serviceName?: string; enabled?: boolean }, signal?: AbortSignal) =>
    post<PageResult<ProcessRow>>(`${W}/process/queryPage`, q, { signal }),
  process: (id: number) => get<ProcessDetail>(`${W}/process/update/${id}`),
  saveProcess: (body: ProcessSaveBody) => post<ProcessDetail>(`${W}/process/save`, body, once),
  processState: (id: number, enabled: boolean) => post<null>(`${W}/process/stateUpdate`, { id, enabled }),
  versions: (processId: number) => get<VersionRow[]>(`${W}/historyVersion/${processId}`),
  version: (versionId: number) =>
    get<VersionRow & { definition: ProcessDetail['definition'] }>(`${W}/historyVersion/view/${versionId}`),
  auditFields: (formId: number) => get<FormField[]>(`${W}/process/formAuditField/${formId}`),
  notify: (processId: number) => get<ProcessNotify>(`${W}/process/notify/${processId}`),
  saveNotify: (body: ProcessNotify) => post<ProcessNotify>(`${W}/process/notify/save`, body, once),

  // ── settings: roles
  rolePage: (q: PageQuery & { keyword?: string; enabled?: boolean }, signal?: AbortSignal) =>
    post<PageResult<WfRoleRow>>(`${W}/role/page`, q, { signal }),
  saveRole: (body: WfRoleSaveBody, id?: number) =>
    post<{ id: number }>(id ? `${W}/role/update/${id}` : `${W}/role/save`, body, once),
  roleState: (id: number, enabled: boolean) => post<null>(`${W}/role/stateUpdate`, { id, enabled }),
  deleteRole: (id: number) => get<null>(`${W}/role/deleted/${id}`),

  // ── settings: forms
  formPage: (q: PageQuery & { keyword?: string }, signal?: AbortSignal) =>
    post<PageResult<FormRow>>(`${W}/form/queryPage`, q, { signal }),
  saveForm: (body: FormSaveBody) => post<{ id: number }>(`${W}/form/save`, body, once),
  deleteForm: (id: number) => get<null>(`${W}/form/delete/${id}`),
  fieldPage: (q: PageQuery & { formId: number }, signal?: AbortSignal) =>
    post<PageResult<FormField>>(`${W}/form/field/queryPage`, q, { signal }),
  saveField: (body: FieldSaveBody) => post<{ id: number }>(`${W}/form/field/save`, body, once),
  deleteField: (id: number) => get<null>(`${W}/form/field/delete/${id}`),
};

/** The form field import (the platform import service's routes, at spec 7's paths). */
export const fieldImportPaths = (formId: number) => ({
  template: `${W}/form/field/import/template`,
  preview: `${W}/form/field/import/view`,
  commit: `${W}/form/field/import/${formId}`,
});
