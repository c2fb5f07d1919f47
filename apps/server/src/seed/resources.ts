/**
 * The menu and button resources the demo seed creates. `key` is the permission key
 * (`international`); `roles` lists which demo roles hold it (admin holds everything).
 */
export interface SeedResource {
  key: string;
  type: 'menu' | 'button';
  name: string;
  nameEn: string;
  router?: string;
  icon?: string;
  hidden?: boolean;
  roles?: string[];
  children?: SeedResource[];
}

export const seedResources: SeedResource[] = [
  {
    key: 'crm',
    type: 'menu',
    name: '客户管理',
    nameEn: 'CRM',
    icon: 'TeamOutlined',
    roles: ['sales'],
    children: [
      {
        key: 'crm:my-client',
        type: 'menu',
        name: '我的客户',
        nameEn: 'My customers',
        router: '/crm/client-partner/my-client',
        icon: 'UserOutlined',
        roles: ['sales'],
      },
      {
        key: 'crm:open-sea',
        type: 'menu',
        name: '公海客户',
        nameEn: 'Open sea',
        router: '/crm/open-sea',
        icon: 'GlobalOutlined',
        roles: ['sales'],
      },
    ],
  },
  {
    key: 'offerManage',
    type: 'menu',
    name: '报价管理',
    nameEn: 'Quotation',
    icon: 'DollarOutlined',
    roles: ['sales'],
    children: [
      {
        key: 'offerManage:customer-quote:sms',
        type: 'menu',
        name: '短信客户报价',
        nameEn: 'SMS customer quotes',
        router: '/offerManage/customer-quote/sms',
        icon: 'MessageOutlined',
        roles: ['sales'],
      },
    ],
  },
  {
    key: 'financial',
    type: 'menu',
    name: '财务中心',
    nameEn: 'Finance',
    icon: 'AccountBookOutlined',
    roles: ['finance'],
    children: [
      {
        key: 'financial:recharge-apply:recharge',
        type: 'menu',
        name: '充值申请',
        nameEn: 'Recharge applications',
        router: '/financial/recharge-apply/recharge',
        icon: 'WalletOutlined',
        roles: ['finance'],
      },
    ],
  },
  {
    key: 'businessOperations',
    type: 'menu',
    name: '业务运营',
    nameEn: 'Operations',
    icon: 'ToolOutlined',
    roles: ['ops'],
    children: [
      {
        key: 'businessOperations:simbank:manager',
        type: 'menu',
        name: 'SIM 卡池管理',
        nameEn: 'SIM banks',
        router: '/businessOperations/simbank/manager',
        icon: 'HddOutlined',
        roles: ['ops'],
      },
    ],
  },
  {
    key: 'setModule',
    type: 'menu',
    name: '系统设置',
    nameEn: 'System settings',
    icon: 'SettingOutlined',
    children: [
      {
        key: 'setModule:authManage',
        type: 'menu',
        name: '权限管理',
        nameEn: 'Access management',
        icon: 'SafetyOutlined',
        children: [
          {
            key: 'setModule:authManage:user',
            type: 'menu',
            name: '用户管理',
            nameEn: 'Users',
            router: '/setModule/authManage/user',
            icon: 'UserOutlined',
            children: [
              { key: 'setModule:authManage:user:edit', type: 'button', name: '编辑用户', nameEn: 'Edit users' },
            ],
          },
          {
            key: 'setModule:authManage:permissions',
            type: 'menu',
            name: '角色权限',
            nameEn: 'Roles',
            router: '/setModule/authManage/permissions',
            icon: 'KeyOutlined',
          },
          {
            key: 'setModule:authManage:menu',
            type: 'menu',
            name: '菜单管理',
            nameEn: 'Menus',
            router: '/setModule/authManage/menu',
            icon: 'MenuOutlined',
          },
        ],
      },
      {
        key: 'setModule:systemLog',
        type: 'menu',
        name: '系统日志',
        nameEn: 'System log',
        router: '/setModule/systemLog',
        icon: 'FileSearchOutlined',
      },
    ],
  },
  { key: 'ai:chat', type: 'button', name: 'AI 助手', nameEn: 'AI assistant', roles: ['sales', 'finance'] },
  { key: 'simbank', type: 'button', name: 'SIM 卡池权限', nameEn: 'SIM bank access', roles: ['ops'] },
];
