import { z } from 'zod';
import { pageQuery } from './paging.js';

/**
 * Files (spec 7 uploads, spec 5 preview) and export tasks (spec 3, 9). A stored file is reached
 * only through a short-lived signed URL; uploads answer the file's id, name, size and such a URL.
 */
export const fileInfo = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** signed download URL, valid for a few minutes */
  url: z.string(),
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

const sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/i, 'a SHA-256 digest in hex')
  .transform((s) => s.toLowerCase());

export const segmentInitBody = z.object({
  name: z.string().trim().min(1).max(255),
  size: z.number().int().min(1),
  segmentSize: z
    .number()
    .int()
    .min(64 * 1024)
    .max(SEGMENT_MAX_BYTES),
  /** SHA-256 of the whole file, checked after assembly */
  sha256: sha256Hex,
});
export type SegmentInitBody = z.infer<typeof segmentInitBody>;

export const segmentSession = z.object({
  uploadId: z.string(),
  segmentSize: z.number().int(),
  totalSegments: z.number().int(),
  /** indexes already received (resume sends only the others) */
  received: z.array(z.number().int()),
});
export type SegmentSession = z.infer<typeof segmentSession>;

export const segmentFields = z.object({
  uploadId: z.string().uuid(),
  index: z.coerce.number().int().min(0),
  /** SHA-256 of this segment */
  checksum: sha256Hex,
});

export const segmentStatusQuery = z.object({ uploadId: z.string().uuid() });
export const segmentCompleteBody = z.object({ uploadId: z.string().uuid() });

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
  taskId: z.number().int(),
  totalNum: z.number().int(),
  fileId: z.string().nullable(),
  fileUrl: z.string().nullable(),
});
export type ExportAccepted = z.infer<typeof exportAccepted>;

/** Export options a list's export call accepts next to the list's own filters. */
export const exportOptions = z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') });

export const exportTaskRow = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.enum(EXPORT_FORMATS),
  state: z.enum(EXPORT_TASK_STATES),
  /** 0-100 while running */
  progress: z.number().int(),
  totalNum: z.number().int(),
  rowsWritten: z.number().int(),
  size: z.number().int().nullable(),
  reason: z.string().nullable(),
  fileId: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** running, but its worker's heartbeat stopped (the process died): the user may retry it */
  stalled: z.boolean().optional(),
});
export type ExportTaskRow = z.infer<typeof exportTaskRow>;

export const exportTaskQuery = pageQuery.extend({
  state: z.enum(EXPORT_TASK_STATES).optional(),
  name: z.string().trim().max(64).optional(),
});
export type ExportTaskQuery = z.infer<typeof exportTaskQuery>;

export const exportTaskId = z.object({ id: z.coerce.number().int().positive() });
export const downloadUrl = z.object({ url: z.string() });

/**
 * Spec 9: the async estimate is 3 minutes per million rows; under a million rows it says
 * "within 3 minutes". Returns the minutes to announce.
 */
export function exportEstimateMinutes(rows: number): number {
  return Math.max(3, Math.ceil((rows / 1_000_000) * 3));
}
