import type { Messages } from '../../../platform/locales/types';
import type { zhCN } from './zh-CN';

/** Texts of the system settings module in English. */
export const en: Messages<typeof zhCN> = {
  systemUser: {
    keyword: 'Keyword',
    keywordPlaceholder: 'Username / name / job number',
    status: 'Status',
    username: 'Username',
    name: 'Name',
    jobNumber: 'Job number',
    email: 'E-mail',
    departments: 'Departments',
    roles: 'Roles',
    createdAt: 'Created',
    statusActive: 'Active',
    statusDisabled: 'Disabled',
    enable: 'Enable',
    disable: 'Disable',
    confirmEnable: 'Enable user {{name}}?',
    confirmDisable: 'Disable user {{name}}? The user will no longer be able to sign in.',
    statusChanged: 'Done',
  },
  systemDict: {
    types: 'Dictionaries',
    search: 'Search dictionaries',
    value: 'Value',
    label: 'Chinese label',
    labelEn: 'English label',
    sort: 'Order',
    color: 'Colour',
    enabled: 'Enabled',
    addItem: 'Add item',
    saved: 'Saved',
    invalid: 'Please check the items',
    hint: 'A value cannot change once saved; disable items no longer used — existing records keep showing their label.',
  },
};
