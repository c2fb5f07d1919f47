import { z } from 'zod';
import { pageQuery } from './paging.js';
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

export const exportTaskRow = z.object({
  id: int32(),
  name: text(),
  format: z.enum(EXPORT_FORMATS),
  state: z.enum(EXPORT_TASK_STATES),
  /** 0-100 while running */
  progress: int32(),
  totalNum: int32(),
  rowsWritten: int32(),
  size: int53().nullable(),
  reason: text().nullable(),
  fileId: text().nullable(),
  createdAt: text(),
  finishedAt: text().nullable(),
  expiresAt: text().nullable(),
  /** running, but its worker's heartbeat stopped (the process died): the user may retry it */
  stalled: z.boolean().optional(),
});
export type ExportTaskRow = z.infer<typeof exportTaskRow>;

export const exportTaskQuery = pageQuery.extend({
  state: z.enum(EXPORT_TASK_STATES).optional(),
  name: text().trim().max(64).optional(),
});
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
