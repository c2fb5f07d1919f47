import { Perm } from '../permissions.js';
import { defineResource } from '../resource/define.js';

export const USER_STATUSES = ['active', 'disabled'] as const;

const password = {
  kind: 'text',
  label: { zh: '密码', en: 'Password' },
  required: true,
  secret: true,
  rules: { minLength: 8, maxLength: 128 },
} as const;

/** Staff users (`/setModule/authManage/user`): the spec's user page, export, status and save paths. */
export const userResource = defineResource({
  key: 'system.user',
  title: { zh: '用户', en: 'Users' },
  api: '/v2/sys/staff/user',
  routes: { list: '/setModule/authManage/user' },
  titleField: 'name',
  fields: {
    username: {
      kind: 'text',
      label: { zh: '用户名', en: 'Username' },
      required: true,
      createOnly: true,
      rules: { minLength: 3, maxLength: 32, pattern: '^[a-zA-Z][a-zA-Z0-9._-]*$' },
    },
    name: { kind: 'text', label: { zh: '姓名', en: 'Name' }, required: true, rules: { maxLength: 64 }, track: true },
    /** what English readers see in the header and the user's card; none: the name above */
    nameEn: { kind: 'text', label: { zh: '英文名', en: 'English name' }, rules: { maxLength: 64 }, track: true },
    jobNumber: {
      kind: 'text',
      label: { zh: '工号', en: 'Job number' },
      required: true,
      rules: { maxLength: 32 },
      track: true,
    },
    email: { kind: 'email', label: { zh: '邮箱', en: 'E-mail' }, track: true, perm: Perm.SYS_USER_EMAIL },
    status: {
      kind: 'enum',
      label: { zh: '状态', en: 'Status' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: USER_STATUSES[0], label: { zh: '启用', en: 'Active' }, color: 'green' },
        { value: USER_STATUSES[1], label: { zh: '停用', en: 'Disabled' }, color: 'default' },
      ],
    },
    password,
    departmentIds: {
      kind: 'department',
      label: { zh: '部门', en: 'Departments' },
      multiple: true,
      maxItems: 20,
      track: true,
    },
    roleIds: {
      kind: 'number',
      ref: 'role',
      label: { zh: '角色', en: 'Roles' },
      multiple: true,
      maxItems: 20,
      track: true,
    },
    deptNames: { kind: 'text', label: { zh: '部门', en: 'Departments' }, multiple: true, readOnly: true },
    roleNames: { kind: 'text', label: { zh: '角色', en: 'Roles' }, multiple: true, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['username', 'name', 'jobNumber', 'email', 'status', 'deptNames', 'roleNames', 'createdAt'],
    filters: {
      keyword: {
        op: 'like',
        fields: ['username', 'name', 'jobNumber'],
      },
      departmentId: { op: 'eq', field: 'departmentIds', label: { zh: '部门', en: 'Department' } },
      status: { op: 'eq', field: 'status' },
    },
    sortable: ['username', 'name', 'jobNumber', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      { fields: ['username', 'name', 'nameEn', 'jobNumber', 'email', 'password', 'departmentIds', 'roleIds'] },
    ],
  },
  detail: { header: ['username', 'status', 'createdAt'] },
  access: {
    list: Perm.SYS_USER_LIST,
    create: Perm.SYS_USER_EDIT,
    update: Perm.SYS_USER_EDIT,
    owner: 'id',
  },
  commands: {
    status: {
      label: { zh: '启用/停用', en: 'Enable or disable' },
      input: {
        status: {
          kind: 'enum',
          label: { zh: '状态', en: 'Status' },
          required: true,
          options: [
            { value: USER_STATUSES[0], label: { zh: '启用', en: 'Active' } },
            { value: USER_STATUSES[1], label: { zh: '停用', en: 'Disabled' } },
          ],
        },
      },
      perm: Perm.SYS_USER_EDIT,
    },
    resetPassword: {
      label: { zh: '重置密码', en: 'Reset password' },
      confirm: {
        zh: '重置后该用户需用新密码重新登录，确定吗？',
        en: 'The user must sign in again with the new password. Continue?',
      },
      input: { password },
      perm: Perm.SYS_USER_RESET_PASSWORD,
    },
  },
  export: { key: 'system.users', fileName: { zh: '员工用户', en: 'staff-users' } },
  history: {},
});
