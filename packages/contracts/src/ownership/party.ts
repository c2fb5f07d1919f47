import type { Label } from '../resource/define.js';

/** an alias is the short name other systems show: letters, digits, dash and underscore */
export const PARTY_ALIAS_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]*$';
/** a company web or e-mail domain, lower case */
export const PARTY_DOMAIN_PATTERN = '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$';

/** The three states of an owned party: private (owned), in the pool (open sea), blacklisted. */
export type PartyStates = readonly [string, string, string];

export interface OwnedPartyOptions<S extends PartyStates> {
  /** what the record is, e.g. 客户 / Customer: names the code, alias and state labels */
  noun: Label;
  /** the label of the name field (公司名称, 供应商名称) */
  name: Label;
  /** the label of the owner (负责人, 采购负责人) */
  owner: Label;
  /** the state values: private, pool, blacklist, in that order */
  states: S;
  /** field-level permission on the company phone and address, where the room guards them */
  reachPerm?: string;
}

/**
 * The fields every owned party shares (customers in crm, suppliers in srm): a company with a
 * code, name and alias, reached by phone and address, owned by a user of a department, in the
 * pool or blacklisted, locked or not, followed up. Grouped so that each definition spreads the
 * groups where its own fields stand between them (field order is the order of rows and forms).
 * Owner, state, lock and contact times are set by the room (create, pool verbs, commands,
 * follow-ups), never typed.
 */
export function ownedPartyFields<const S extends PartyStates>(o: OwnedPartyOptions<S>) {
  const { noun, states, reachPerm } = o;
  const perm = reachPerm ? { perm: reachPerm } : {};
  return {
    /** code (room-set), name and alias */
    identity: {
      code: { kind: 'text', label: { zh: `${noun.zh}编号`, en: `${noun.en} code` }, readOnly: true },
      name: {
        kind: 'text',
        label: o.name,
        required: true,
        rules: { minLength: 2, maxLength: 128 },
        track: true,
      },
      alias: {
        kind: 'text',
        label: { zh: `${noun.zh}简称`, en: 'Alias' },
        required: true,
        rules: { minLength: 2, maxLength: 32, pattern: PARTY_ALIAS_PATTERN },
        track: true,
      },
    },
    country: { kind: 'country', label: { zh: '国家/地区', en: 'Country' }, required: true, track: true },
    /** the company's domains under the room's own field name and label */
    domains: (label: Label) =>
      ({
        kind: 'text',
        label,
        multiple: true,
        maxItems: 10,
        rules: { maxLength: 128, pattern: PARTY_DOMAIN_PATTERN },
        track: true,
      }) as const,
    /** company phone and address */
    reach: {
      phone: { kind: 'phone', label: { zh: '公司电话', en: 'Company phone' }, track: true, ...perm },
      address: {
        kind: 'textarea',
        label: { zh: '地址', en: 'Address' },
        rules: { maxLength: 500 },
        track: true,
        ...perm,
      },
    },
    /** owner, department, state (private / pool / blacklist) and lock */
    ownership: {
      ownerId: { kind: 'user', label: o.owner, readOnly: true, track: true },
      ownerName: { kind: 'text', label: o.owner, readOnly: true },
      ownedAt: { kind: 'datetime', label: { zh: '领取时间', en: 'Owner since' }, readOnly: true },
      departmentId: { kind: 'department', label: { zh: '所属部门', en: 'Department' }, readOnly: true },
      state: {
        kind: 'enum',
        label: { zh: `${noun.zh}状态`, en: 'State' },
        required: true,
        readOnly: true,
        track: true,
        options: [
          { value: states[0] as S[0], label: { zh: '私海', en: 'Private' }, color: 'green' },
          { value: states[1] as S[1], label: { zh: '公海', en: 'Open sea' }, color: 'cyan' },
          { value: states[2] as S[2], label: { zh: '黑名单', en: 'Blacklisted' }, color: 'red' },
        ],
      },
      blacklistReason: { kind: 'text', label: { zh: '拉黑原因', en: 'Blacklist reason' }, readOnly: true },
      locked: { kind: 'boolean', label: { zh: '锁定', en: 'Locked' }, required: true, readOnly: true, track: true },
    },
    /** follow-up times and creation */
    contact: {
      lastContactAt: { kind: 'datetime', label: { zh: '最近跟进', en: 'Last contact' }, readOnly: true },
      nextContactAt: { kind: 'datetime', label: { zh: '下次跟进', en: 'Next contact' }, readOnly: true },
      createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
    },
  } as const;
}
