import { PlusOutlined } from '@ant-design/icons';
import {
  STAFF_ADMIN_MSG,
  STAFF_DISPLAY_NAME_MAX_LENGTH,
  STAFF_LOGIN_NAME_MAX_LENGTH,
  type StaffAccount,
  staffCreateBodySchema,
} from '@anxin/shared/staff/console-staff.contract';
import { STAFF_ROLE_NAME, STAFF_ROLES, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { Alert, Button, Checkbox, Form, Input, Modal, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { requiredFieldRules } from '../lib/field-rules.ts';
import { useStaff } from '../lib/use-staff.ts';
import { type StaffAct, useStaffAccounts, useStaffActs } from './api/staff-accounts.ts';
import './staff-admin.css';

const shape = staffCreateBodySchema.shape;

/** What each role opens, beside its box (docs/CONSOLE.md's table in words). */
const ROLE_HINT: Record<StaffRole, string> = {
  pharmacist: '处方审核、问诊链接、处方设置',
  service: '订单查询、代客下单、退款、缺货登记、在线客服',
  warehouse: '发货、物流、签收、拆单',
  operations: '优惠券、金币、商城配置、入驻审核、到货',
  admin: '全部功能、员工管理、操作日志',
};
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({
  value: role,
  label: (
    <span className="staff-role-option">
      <span>{STAFF_ROLE_NAME[role]}</span>
      <span className="staff-role-option__hint">{ROLE_HINT[role]}</span>
    </span>
  ),
}));
const rolesRules = [{ required: true, type: 'array' as const, min: 1, message: STAFF_ADMIN_MSG.rolesEmpty }];
const INITIAL_PASSWORD_EMPTY = '请输入初始密码';
const NEW_PASSWORD_EMPTY = '请输入新密码';
const PASSWORD_HINT = '8-16位，包含大写字母、小写字母、数字、符号中的三种';

type Dialog =
  | { kind: 'create' }
  | { kind: 'roles'; account: StaffAccount }
  | { kind: 'password'; account: StaffAccount };

function RoleTags({ roles }: { roles: StaffRole[] }) {
  return (
    <span className="staff-tags">
      {roles.map((role) => (
        <Tag key={role}>{STAFF_ROLE_NAME[role]}</Tag>
      ))}
    </span>
  );
}

type BadgeTone = 'on' | 'off' | 'pending';

/**
 * A state in words on a tint of its own (antd's status tags in the console's theme put green text on a grey-green
 * below 4.5:1).
 */
const Badge = ({ tone, children }: { tone: BadgeTone; children: string }) => (
  <span className={`staff-badge staff-badge--${tone}`}>{children}</span>
);

const StateTag = ({ account }: { account: StaffAccount }) =>
  account.isActive ? <Badge tone="on">启用</Badge> : <Badge tone="off">已停用</Badge>;

const SecondFactorTag = ({ account }: { account: StaffAccount }) =>
  account.hasSecondFactor ? <Badge tone="on">已设置</Badge> : <Badge tone="pending">待首次登录设置</Badge>;

const lastSignIn = (account: StaffAccount) =>
  account.lastSignInAt ? formatDateTime(account.lastSignInAt, 'YYYY-MM-DD HH:mm') : '从未登录';

/**
 * 员工 (staff.manage): the staff accounts with their roles, second factor and state; a new account with an
 * initial password (its holder sets up the authenticator on the first sign-in), its roles changed, disabled or
 * enabled, its second factor or password reset. The server refuses what an admin may not do to themself.
 */
export function StaffAdminPage() {
  const accounts = useStaffAccounts();
  const acts = useStaffActs();
  const me = useStaff().data;
  const { message, modal } = useFeedback();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const run = async (account: StaffAccount, act: StaffAct, done: string) => {
    try {
      await acts.act.mutateAsync({ id: account.id, act });
      message.success(done);
      return true;
    } catch (error) {
      message.error(getErrorMessage(error));
      return false;
    }
  };

  /** 停用 and 重置验证码 end the holder's sign-ins: asked once more. */
  const confirm = (kind: 'disable' | 'reset-totp', target: StaffAccount) => {
    const who = `${target.displayName}（${target.loginName}）`;
    const text =
      kind === 'disable'
        ? {
            title: `停用 ${who}？`,
            content: '停用后其登录立即失效，且不能再登录，直到重新启用。',
            okText: '停用',
            done: `已停用 ${target.loginName}`,
          }
        : {
            title: `重置 ${who} 的动态验证码？`,
            content: '其登录立即失效；下次登录时须重新扫码设置身份验证器，原恢复码作废。',
            okText: '重置',
            done: `已重置 ${target.loginName} 的动态验证码`,
          };
    modal.confirm({
      title: text.title,
      content: text.content,
      okText: text.okText,
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run(target, { kind }, text.done),
    });
  };

  const actions = (account: StaffAccount) => {
    const isMe = account.id === me?.id;
    const who = account.loginName;
    return (
      <span className="staff-actions">
        <Button size="small" onClick={() => setDialog({ kind: 'roles', account })} aria-label={`修改${who}的角色`}>
          角色
        </Button>
        {account.isActive ? (
          isMe ? null : (
            <Button size="small" danger onClick={() => confirm('disable', account)} aria-label={`停用${who}`}>
              停用
            </Button>
          )
        ) : (
          <Button
            size="small"
            onClick={() => run(account, { kind: 'enable' }, `已启用 ${who}`)}
            aria-label={`启用${who}`}
          >
            启用
          </Button>
        )}
        {account.hasSecondFactor ? (
          <Button size="small" onClick={() => confirm('reset-totp', account)} aria-label={`重置${who}的动态验证码`}>
            重置验证码
          </Button>
        ) : null}
        <Button size="small" onClick={() => setDialog({ kind: 'password', account })} aria-label={`重置${who}的密码`}>
          重置密码
        </Button>
      </span>
    );
  };

  const nameOf = (account: StaffAccount) => (
    <span>
      {account.loginName}
      {account.id === me?.id ? <span className="console-muted">（我）</span> : null}
    </span>
  );

  const columns: ColumnsType<StaffAccount> = [
    { title: '登录名', key: 'loginName', render: (_, account) => nameOf(account) },
    { title: '姓名', dataIndex: 'displayName' },
    { title: '角色', key: 'roles', render: (_, account) => <RoleTags roles={account.roles} /> },
    { title: '动态验证码', key: 'totp', render: (_, account) => <SecondFactorTag account={account} /> },
    { title: '状态', key: 'state', render: (_, account) => <StateTag account={account} /> },
    { title: '最近登录', key: 'lastSignIn', render: (_, account) => lastSignIn(account) },
    { title: '操作', key: 'actions', render: (_, account) => actions(account) },
  ];

  return (
    <div className="console-page">
      <section className="card" aria-labelledby="staff-accounts-title">
        <div className="card__header staff-accounts__header">
          <h2 id="staff-accounts-title" className="card__title">
            员工账号
          </h2>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
            新建员工
          </Button>
        </div>
        {accounts.isError ? <Alert type="error" showIcon title={getErrorMessage(accounts.error)} /> : null}
        <RowsView
          label="员工账号"
          items={accounts.data}
          rowKey={(account) => String(account.id)}
          columns={columns}
          isLoading={accounts.isFetching}
          emptyText="暂无员工"
          card={(account) => (
            <div className="console-card">
              <span className="console-card__head">
                <span>
                  {account.displayName} · {nameOf(account)}
                </span>
                <StateTag account={account} />
              </span>
              <CardLine label="角色">
                <RoleTags roles={account.roles} />
              </CardLine>
              <CardLine label="动态验证码">
                <SecondFactorTag account={account} />
              </CardLine>
              <CardLine label="最近登录">{lastSignIn(account)}</CardLine>
              <div className="staff-card__actions">{actions(account)}</div>
            </div>
          )}
        />
      </section>

      <CreateStaffDialog
        isOpen={dialog?.kind === 'create'}
        isSending={acts.create.isPending}
        onClose={() => setDialog(null)}
        onSend={async (values) => {
          try {
            const account = await acts.create.mutateAsync(values);
            message.success(`已创建 ${account.loginName}，请将初始密码告知本人；首次登录时设置动态验证码`);
            setDialog(null);
          } catch (error) {
            message.error(getErrorMessage(error));
          }
        }}
      />
      <RolesDialog
        account={dialog?.kind === 'roles' ? dialog.account : null}
        isMe={dialog?.kind === 'roles' && dialog.account.id === me?.id}
        isSending={acts.act.isPending}
        onClose={() => setDialog(null)}
        onSend={async (account, roles) => {
          if (await run(account, { kind: 'roles', roles }, `已修改 ${account.loginName} 的角色`)) setDialog(null);
        }}
      />
      <PasswordDialog
        account={dialog?.kind === 'password' ? dialog.account : null}
        isSending={acts.act.isPending}
        onClose={() => setDialog(null)}
        onSend={async (account, password) => {
          const done = `已重置 ${account.loginName} 的密码，其登录已失效`;
          if (await run(account, { kind: 'reset-password', password }, done)) setDialog(null);
        }}
      />
    </div>
  );
}

type CreateValues = { loginName: string; displayName: string; roles: StaffRole[]; password: string };

function CreateStaffDialog(props: {
  isOpen: boolean;
  isSending: boolean;
  onClose: () => void;
  onSend: (values: CreateValues) => void;
}) {
  const [form] = Form.useForm<CreateValues>();
  return (
    <Modal
      title="新建员工"
      open={props.isOpen}
      onCancel={props.onClose}
      okText="创建"
      cancelText="取消"
      confirmLoading={props.isSending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="console-staff-create"
        layout="vertical"
        requiredMark={false}
        preserve={false}
        onFinish={(values) =>
          props.onSend({ ...values, loginName: values.loginName.trim(), displayName: values.displayName.trim() })
        }
      >
        <Form.Item
          name="loginName"
          label="登录名"
          extra="创建后不能修改"
          rules={requiredFieldRules(shape.loginName, '请输入登录名')}
        >
          <Input maxLength={STAFF_LOGIN_NAME_MAX_LENGTH} autoComplete="off" spellCheck={false} autoCapitalize="off" />
        </Form.Item>
        <Form.Item name="displayName" label="姓名" rules={requiredFieldRules(shape.displayName, '请输入姓名')}>
          <Input maxLength={STAFF_DISPLAY_NAME_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
        <Form.Item name="roles" label="角色" rules={rolesRules}>
          <Checkbox.Group options={ROLE_OPTIONS} className="staff-roles" />
        </Form.Item>
        <Form.Item
          name="password"
          label="初始密码"
          extra={`${PASSWORD_HINT}；本人首次登录后设置动态验证码`}
          rules={requiredFieldRules(shape.password, INITIAL_PASSWORD_EMPTY)}
        >
          <Input.Password maxLength={16} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RolesDialog(props: {
  account: StaffAccount | null;
  isMe: boolean;
  isSending: boolean;
  onClose: () => void;
  onSend: (account: StaffAccount, roles: StaffRole[]) => void;
}) {
  const [form] = Form.useForm<{ roles: StaffRole[] }>();
  const { account } = props;
  const options = ROLE_OPTIONS.map((option) => ({
    ...option,
    // The server refuses it too (409); the box says so before anyone tries.
    disabled: props.isMe && option.value === 'admin' && account?.roles.includes('admin'),
  }));
  return (
    <Modal
      title={account ? `修改角色：${account.displayName}（${account.loginName}）` : '修改角色'}
      open={account !== null}
      onCancel={props.onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={props.isSending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {account ? (
        <Form
          form={form}
          name="console-staff-roles"
          layout="vertical"
          requiredMark={false}
          preserve={false}
          initialValues={{ roles: account.roles }}
          onFinish={(values) => props.onSend(account, values.roles)}
        >
          <Form.Item
            name="roles"
            label="角色"
            rules={rolesRules}
            extra={props.isMe ? STAFF_ADMIN_MSG.selfAdminRemoval : '保存后，其下一次操作即按新角色的权限'}
          >
            <Checkbox.Group options={options} className="staff-roles" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

function PasswordDialog(props: {
  account: StaffAccount | null;
  isSending: boolean;
  onClose: () => void;
  onSend: (account: StaffAccount, password: string) => void;
}) {
  const [form] = Form.useForm<{ password: string }>();
  const { account } = props;
  return (
    <Modal
      title={account ? `重置密码：${account.displayName}（${account.loginName}）` : '重置密码'}
      open={account !== null}
      onCancel={props.onClose}
      okText="重置"
      cancelText="取消"
      confirmLoading={props.isSending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {account ? (
        <Form
          form={form}
          name="console-staff-password"
          layout="vertical"
          requiredMark={false}
          preserve={false}
          onFinish={(values) => props.onSend(account, values.password)}
        >
          <Form.Item
            name="password"
            label="新密码"
            extra={`${PASSWORD_HINT}；重置后其登录立即失效，请将新密码告知本人`}
            rules={requiredFieldRules(shape.password, NEW_PASSWORD_EMPTY)}
          >
            <Input.Password maxLength={16} autoComplete="new-password" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
