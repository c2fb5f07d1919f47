import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { APPROVER_KINDS, CONDITION_OPS, type FormField, type Option, Perm } from '@portal/contracts';
import { Button, Card, Checkbox, Col, Flex, Form, type FormListFieldData, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../platform/fields/UserSelect';

/** One node of a process definition: who approves, one-of or countersign, conditions, limits. */
function NodeCard({
  field,
  index,
  remove,
  roles,
  conditionFields,
}: {
  field: FormListFieldData;
  index: number;
  remove: () => void;
  roles: Option[];
  conditionFields: FormField[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind = Form.useWatch(['nodes', field.name, 'approverKind'], form);
  const type = Form.useWatch(['nodes', field.name, 'type'], form);
  const required = (label: string) => [{ required: true, message: t('form.required', { label }) }];
  return (
    <Card
      size="small"
      title={`${index + 1}.`}
      extra={
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={remove}
          aria-label={t('common.delete')}
        />
      }
      data-testid="node-card"
    >
      <Row gutter={8}>
        <Col xs={12} md={6}>
          <Form.Item
            name={[field.name, 'key']}
            label={t('approval.cfg.nodeKey')}
            rules={required(t('approval.cfg.nodeKey'))}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={12} md={9}>
          <Form.Item
            name={[field.name, 'name']}
            label={t('approval.cfg.nodeName')}
            rules={required(t('approval.cfg.nodeName'))}
          >
            <Input maxLength={64} data-testid="node-name" />
          </Form.Item>
        </Col>
        <Col xs={12} md={9}>
          <Form.Item
            name={[field.name, 'nameEn']}
            label={t('approval.cfg.nodeNameEn')}
            rules={required(t('approval.cfg.nodeNameEn'))}
          >
            <Input maxLength={64} data-testid="node-name-en" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[field.name, 'type']} label={t('approval.cfg.nodeType')}>
            <Select
              options={(['approval', 'cc'] as const).map((v) => ({ value: v, label: t(`approval.cfg.type.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[field.name, 'approverKind']} label={t('approval.cfg.approverKind')}>
            <Select options={APPROVER_KINDS.map((v) => ({ value: v, label: t(`approval.cfg.kind.${v}`) }))} />
          </Form.Item>
        </Col>
        {kind === 'role' && (
          <Col xs={24} md={16}>
            <Form.Item
              name={[field.name, 'roleId']}
              label={t('approval.cfg.role')}
              rules={required(t('approval.cfg.role'))}
            >
              <Select options={roles.map((r) => ({ value: Number(r.value), label: r.label }))} />
            </Form.Item>
          </Col>
        )}
        {kind === 'users' && (
          <Col xs={24} md={16}>
            <Form.Item
              name={[field.name, 'userIds']}
              label={t('approval.cfg.users')}
              rules={required(t('approval.cfg.users'))}
            >
              <UserSelect holds={Perm.APPROVAL_TODO} mode="multiple" />
            </Form.Item>
          </Col>
        )}
        {kind === 'leaderChain' && (
          <Col xs={12} md={8}>
            <Form.Item name={[field.name, 'levels']} label={t('approval.cfg.levels')}>
              <InputNumber min={1} max={5} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        {type !== 'cc' && (
          <>
            <Col xs={12} md={8}>
              <Form.Item name={[field.name, 'mode']} label={t('approval.cfg.mode')}>
                <Select
                  options={(['any', 'all'] as const).map((v) => ({ value: v, label: t(`approval.mode.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name={[field.name, 'timeLimitHours']} label={t('approval.cfg.timeLimitHours')}>
                <InputNumber min={1} max={720} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name={[field.name, 'rejectable']} valuePropName="checked" label=" ">
                <Checkbox>{t('approval.cfg.rejectable')}</Checkbox>
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <Form.List name={[field.name, 'conditions']}>
        {(conds, { add, remove: drop }) => (
          <Flex vertical gap={4}>
            {conds.map((c) => (
              <Flex key={c.key} gap={8} align="start" wrap>
                <Form.Item
                  name={[c.name, 'field']}
                  rules={required(t('approval.cfg.condField'))}
                  style={{ marginBottom: 4, minWidth: 140 }}
                >
                  <Select
                    placeholder={t('approval.cfg.condField')}
                    options={conditionFields.map((f) => ({ value: f.key, label: `${f.label} (${f.key})` }))}
                  />
                </Form.Item>
                <Form.Item name={[c.name, 'op']} style={{ marginBottom: 4, width: 80 }}>
                  <Select options={CONDITION_OPS.map((o) => ({ value: o, label: t(`approval.cfg.op.${o}`) }))} />
                </Form.Item>
                <Form.Item
                  name={[c.name, 'value']}
                  rules={required(t('approval.cfg.condValue'))}
                  style={{ marginBottom: 4, width: 160 }}
                >
                  <Input placeholder={t('approval.cfg.condValue')} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => drop(c.name)}
                  aria-label={t('common.delete')}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => add({ op: 'gt' })}
              style={{ alignSelf: 'start' }}
            >
              {t('approval.cfg.addCondition')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}

/** The ordered nodes of a process definition. */
export function NodeEditor({ roles, conditionFields }: { roles: Option[]; conditionFields: FormField[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name="nodes">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((f, i) => (
            <NodeCard
              key={f.key}
              field={f}
              index={i}
              remove={() => remove(f.name)}
              roles={roles}
              conditionFields={conditionFields}
            />
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() =>
              add({
                key: `node${fields.length + 1}`,
                name: '',
                nameEn: '',
                type: 'approval',
                approverKind: 'deptLeader',
                mode: 'any',
                levels: 1,
                rejectable: true,
                userIds: [],
                conditions: [],
                timeLimitHours: null,
                roleId: null,
              })
            }
            data-testid="node-add"
          >
            {t('approval.cfg.addNode')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
