import { z } from 'zod';
import { LIVE_RESOURCES } from './live-constants.js';
import { defineResource, type ResourceRow, SIGNED_IN } from './resource/define.js';
import { resourceSchemas } from './resource/schemas.js';
import { coerceInt32, int32, int53, text } from './validation/scalars.js';

/**
 * Files (spec 7 uploads, spec 5 preview) and export tasks (spec 3, 9). A stored file is reached
 * only through a short-lived signed URL; uploads answer the file's id, name, size and such a URL.
 */
export const fileInfo = z.object({
  id: text(),
  name: text(),
  size: int53(),
  /** signed download URL, valid for a few minutes */
  url: text(),
});
export type FileInfo = z.infer<typeof fileInfo>;

const MB = 1024 * 1024;

/** What an upload is for decides its size limit and the extensions it accepts. */
export const FILE_PURPOSES = {
  /** download-center uploads: office documents, images, text, archives */
  downloadCenter: {
    maxBytes: 100 * MB,
    exts: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt', 'jpg', 'jpeg', 'png', 'gif', 'zip'],
  },
  /** large files in resumable segments */
  segment: {
    maxBytes: 2048 * MB,
    exts: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt', 'jpg', 'jpeg', 'png', 'gif', 'zip'],
  },
  /** e-mail attachments (presigned answer) */
  emailAttachment: {
    maxBytes: 25 * MB,
    exts: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt', 'jpg', 'jpeg', 'png', 'gif', 'zip'],
  },
  /** system file upload: attachments of records (approvals, feedback screenshots, documents) */
  sys: {
    maxBytes: 20 * MB,
    exts: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt', 'md', 'jpg', 'jpeg', 'png', 'gif'],
  },
} as const satisfies Record<string, { maxBytes: number; exts: readonly string[] }>;
export type FilePurpose = keyof typeof FILE_PURPOSES;

/** Resumable upload: the client declares the whole file, then sends numbered segments. */
export const SEGMENT_MAX_BYTES = 8 * MB;

const sha256Hex = text()
  .regex(/^[0-9a-f]{64}$/i, 'a SHA-256 digest in hex')
  .transform((s) => s.toLowerCase());

export const segmentInitBody = z.object({
  name: text().trim().min(1).max(255),
  size: int53().min(1),
  segmentSize: int32()
    .min(64 * 1024)
    .max(SEGMENT_MAX_BYTES),
  /** SHA-256 of the whole file, checked after assembly */
  sha256: sha256Hex,
});
export type SegmentInitBody = z.infer<typeof segmentInitBody>;

export const segmentSession = z.object({
  uploadId: text(),
  segmentSize: int32(),
  totalSegments: int32(),
  /** indexes already received (resume sends only the others) */
  received: z.array(int32()),
});
export type SegmentSession = z.infer<typeof segmentSession>;

export const segmentFields = z.object({
  uploadId: text().uuid(),
  index: coerceInt32().min(0),
  /** SHA-256 of this segment */
  checksum: sha256Hex,
});

export const segmentStatusQuery = z.object({ uploadId: text().uuid() });
export const segmentCompleteBody = z.object({ uploadId: text().uuid() });

/* ---------- export tasks (download center) ---------- */

export const EXPORT_TASK_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportTaskState = (typeof EXPORT_TASK_STATES)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The answer of a list's export call when it went to the download center (spec 3). A small
 * export answers the file itself instead. `syncFlag` true: an async task was created.
 */
export const exportAccepted = z.object({
  syncFlag: z.boolean(),
  taskId: int32(),
  totalNum: int32(),
  fileId: text().nullable(),
  fileUrl: text().nullable(),
});
export type ExportAccepted = z.infer<typeof exportAccepted>;

/** Export options a list's export call accepts next to the list's own filters. */
export const exportOptions = z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') });

const shown = { readOnly: true, required: true } as const;
const at = (zh: string, en: string) => ({ kind: 'datetime', label: { zh, en }, readOnly: true }) as const;

/** `/general/download`: my export tasks (a personal list); delete, retry and the file URL are the room's calls. */
export const exportTaskResource = defineResource({
  key: LIVE_RESOURCES.exportTasks,
  title: { zh: '下载中心', en: 'Downloads' },
  api: '/v2/download/downloadCenter/api/task',
  routes: { list: '/general/download' },
  titleField: 'name',
  fields: {
    userId: { kind: 'user', label: { zh: '导出人', en: 'Exported by' }, ...shown },
    name: { kind: 'text', label: { zh: '文件名', en: 'File' }, ...shown },
    format: {
      kind: 'enum',
      label: { zh: '格式', en: 'Format' },
      ...shown,
      options: EXPORT_FORMATS.map((f) => ({ value: f, label: { zh: f.toUpperCase(), en: f.toUpperCase() } })),
    },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      ...shown,
      options: [
        { value: 'queued', label: { zh: '排队中', en: 'Queued' }, color: 'default' },
        { value: 'running', label: { zh: '导出中', en: 'Running' }, color: 'processing' },
        { value: 'done', label: { zh: '已完成', en: 'Done' }, color: 'success' },
        { value: 'failed', label: { zh: '失败', en: 'Failed' }, color: 'error' },
        { value: 'expired', label: { zh: '已过期', en: 'Expired' }, color: 'warning' },
      ],
    },
    /** 0-100 while running */
    progress: { kind: 'number', label: { zh: '进度', en: 'Progress' }, ...shown },
    totalNum: { kind: 'number', label: { zh: '总行数', en: 'Rows' }, quantity: true, ...shown },
    rowsWritten: { kind: 'number', label: { zh: '已写行数', en: 'Rows written' }, quantity: true, ...shown },
    size: { kind: 'number', label: { zh: '大小', en: 'Size' }, readOnly: true },
    reason: { kind: 'text', label: { zh: '原因', en: 'Reason' }, readOnly: true },
    fileId: { kind: 'text', label: { zh: '文件', en: 'File id' }, readOnly: true },
    createdAt: { ...at('创建时间', 'Created'), required: true },
    finishedAt: at('完成时间', 'Finished'),
    expiresAt: at('过期时间', 'Expires'),
    /** running, but its worker's heartbeat stopped (the process died): the user may retry it */
    stalled: { kind: 'boolean', label: { zh: '已中断', en: 'Stalled' }, ...shown },
  },
  list: {
    columns: ['name', 'createdAt', 'totalNum', 'size', 'state', 'expiresAt'],
    filters: { name: { op: 'like', fields: ['name'] }, state: { op: 'eq', field: 'state' } },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  access: { list: SIGNED_IN, owner: 'userId' },
  history: false,
});
const exportTaskSchemas = resourceSchemas(exportTaskResource);
export const exportTaskRow = exportTaskSchemas.row;
export type ExportTaskRow = ResourceRow<typeof exportTaskResource>;
export const exportTaskQuery = exportTaskSchemas.listQuery;
export type ExportTaskQuery = z.infer<typeof exportTaskQuery>;

export const exportTaskId = z.object({ id: coerceInt32().positive() });
export const downloadUrl = z.object({ url: text() });

/**
 * Spec 9: the async estimate is 3 minutes per million rows; under a million rows it says
 * "within 3 minutes". Returns the minutes to announce.
 */
export function exportEstimateMinutes(rows: number): number {
  return Math.max(3, Math.ceil((rows / 1_000_000) * 3));
}
