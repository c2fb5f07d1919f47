/**
 * Resources: one definition per business record, as data (no functions, no expression strings).
 *
 * ```ts
 * export const userResource = defineResource({
 *   key: 'system.user',                      // also the record-history `entity`
 *   title: { zh: '用户', en: 'Users' },
 *   api: '/v2/sys/staff/user',
 *   paths: { … },                            // a spec-fixed path per verb, when the spec fixes one
 *   routes: { list: '/setModule/authManage/user' },
 *   titleField: 'name',
 *   fields: { name: { kind: 'text', label, required, rules, track: true, perm? }, … },
 *   list: { columns, filters: { keyword: { op: 'like', fields: [...] }, status: { op: 'eq', field: 'status' } },
 *           sortable, defaultSort: { field: 'createdAt', order: 'descend' } },
 *   form: { sections: [{ title?, fields: [...] }] },
 *   detail: { header: [...], tabs: [{ key, title }] },
 *   access: { list, create?, update?, delete?, export?, owner?: 'ownerId' },
 *   commands: { resetPassword: { label, confirm?, input: { password: {…field} }, perm, path? } },
 *   history: { followUp?: { dict } },        // timeline + comments (+ follow-ups); false: none
 * });
 * ```
 *
 * Field flags: `readOnly` (shown, never written by create/update), `createOnly`, `secret` (written,
 * never read: absent from rows), `multiple` (a list of values), `track` (diffs go to the record
 * history), `perm` (field-level permission: the field is absent for callers without the key).
 *
 * Endpoints (POST with a JSON body unless said; answers in the `{ code, msg, data }` envelope); `<api>/<verb>`
 * unless `paths` fixes another (`resourcePath(def, verb)`, `commandPath(def, name)`):
 * - `page`     body `listQuery` (pageQuery + one key per filter: eq → value, in → value[],
 *              range → [from | null, to | null] or its two `bounds` keys, like → text,
 *              set → 'yes' | 'no': the field has a value or none)
 *                                                                  → `{ records: row[], total, page, size }`
 * - `detail`   `{ id }`                                               → row (same shape as a list row)
 * - `save`     `create` (creatable fields)                            → `{ id }`       (needs access.create)
 * - `update`   `{ id, version, ...fields to change }`                 → `{ id, version }` (needs access.update);
 *              a stale version answers `CONFLICT`
 * - `delete`   `{ id, version }`                                      → null           (needs access.delete)
 * The version travels under `versionKey` where the definition names one (a spec answer whose
 * `version` is a field of its own: the release's version text of a version record).
 * - `export`   listQuery + `{ format }`                               → the file, or a download-center task
 * - `<name>`   a command: `{ id, ...input }`                          → null
 * - `GET timeline?id=&cursor=&limit=&kinds=` → `{ records: RecordEvent[], nextCursor }` (@portal/contracts/history)
 * - `comment`  `{ id, body, mentions? }`, `GET mentionable?id=`, `follow-up` (with `history.followUp`):
 *              the record-history routes (platform/history, mountRecordHistory)
 * A refused `save` / `update` may carry a `FormHint` in its `data` (`suggest`: values for the form's
 * fields, `existing`: the record it collided with); the resource form applies it (decision 0076).
 * A record outside the caller's data scope answers NOT_FOUND on every verb (`access.list: SIGNED_IN`:
 * a personal resource, every signed-in user reaches their own records only); a row carries only the
 * fields the caller may see (`POST /v2/sys/staff/resource/field/get` `{ resource }` → `{ fields: string[] }`).
 *
 * `resourceSchemas(def)` derives the zod schemas (memoised; import it only where zod may load: the
 * definition module itself stays zod-free through `@portal/contracts/resource/define`).
 * `resourceButtons(def)` lists the button keys the seed creates for it; `resourceFieldQuery` /
 * `resourceFieldAnswer` are the field-permission call's body and answer.
 */

export * from './approval-record.js';
export * from './define.js';
export * from './form-hint.js';
export * from './schemas.js';
