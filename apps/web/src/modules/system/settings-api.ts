import type { PageQuery, PageResult } from '@portal/contracts';
import type {
  AuditListQuery,
  AuditRow,
  DeptNode,
  DeptSaveBody,
  GrantNode,
  MemberRow,
  MenuNode,
  MenuSaveBody,
  RoleDetail,
  RoleListQuery,
  RoleRow,
  RoleSaveBody,
  TreeMoveBody,
} from '@portal/contracts/system-settings';
import { get, post } from '../../platform/http';

const S = '/v2/sys/staff';
const write = <T = null>(path: string, body: unknown) => post<T>(`${S}${path}`, body, { checkRepeat: true });

export const settingsKeys = {
  menu: ['system', 'menu'] as const,
  roles: ['system', 'roles'] as const,
  role: (id: number) => ['system', 'roles', 'detail', id] as const,
  roleMembers: (id: number) => ['system', 'roles', 'members', id] as const,
  grantTree: ['system', 'roles', 'grant-tree'] as const,
  depts: ['system', 'depts'] as const,
  deptMembers: (id: number) => ['system', 'depts', 'members', id] as const,
  log: ['system', 'log'] as const,
};

/** The calls of the menu, role, department and system-log screens (server: modules/system). */
export const settingsApi = {
  menuTree: (signal?: AbortSignal) => get<MenuNode[]>(`${S}/resource/tree`, undefined, { signal }),
  saveMenu: (body: MenuSaveBody) => write<{ id: number }>('/resource/save', body),
  moveMenu: (body: TreeMoveBody) => write('/resource/move', body),
  deleteMenu: (id: number) => write('/resource/delete', { id }),

  rolePage: (query: Partial<RoleListQuery>, signal?: AbortSignal) =>
    post<PageResult<RoleRow>>(`${S}/role/page`, query, { signal }),
  role: (id: number, signal?: AbortSignal) => get<RoleDetail>(`${S}/role/detail`, { id }, { signal }),
  grantTree: (signal?: AbortSignal) => get<GrantNode[]>(`${S}/role/resources`, undefined, { signal }),
  saveRole: (body: RoleSaveBody) => write<{ id: number }>('/role/save', body),
  deleteRole: (id: number) => write('/role/delete', { id }),
  roleMembers: (roleId: number, page: Partial<PageQuery>, signal?: AbortSignal) =>
    post<PageResult<MemberRow>>(`${S}/role/members`, { roleId, ...page }, { signal }),
  addRoleMembers: (roleId: number, userIds: number[]) => write('/role/members/add', { roleId, userIds }),
  removeRoleMembers: (roleId: number, userIds: number[]) => write('/role/members/remove', { roleId, userIds }),

  deptTree: (signal?: AbortSignal) => get<DeptNode[]>(`${S}/dept/tree`, undefined, { signal }),
  saveDept: (body: DeptSaveBody) => write<{ id: number }>('/dept/save', body),
  moveDept: (body: TreeMoveBody) => write('/dept/move', body),
  deleteDept: (id: number) => write('/dept/delete', { id }),
  deptMembers: (departmentId: number, page: Partial<PageQuery>, signal?: AbortSignal) =>
    post<PageResult<MemberRow>>(`${S}/dept/members`, { departmentId, ...page }, { signal }),

  logPage: (query: Partial<AuditListQuery>, signal?: AbortSignal) =>
    post<PageResult<AuditRow>>(`${S}/log/page`, query, { signal }),
};
