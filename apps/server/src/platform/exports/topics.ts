import { LIVE_RESOURCES } from '@portal/contracts';
/** Live resource of the download center: a change (state, progress, deletion) reaches the task's owner. */
export const EXPORT_TASKS_RESOURCE = LIVE_RESOURCES.exportTasks;
/** pg-boss job that runs one export task. */
export const EXPORT_JOB = 'exports.run';
/** a running task beats its heartbeat this often, rows or not */
export const HEARTBEAT_EVERY_MS = 5000;
/** seconds without a heartbeat after which a running task counts as abandoned (stalled: retryable) */
export const HEARTBEAT_STALE_SECONDS = 30;
/** runs a task may start (first run plus restarts after an interrupted process) */
export const MAX_ATTEMPTS = 3;
