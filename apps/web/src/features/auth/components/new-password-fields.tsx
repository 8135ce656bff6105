import { LockOutlined } from '@ant-design/icons';
import { NEW_PASSWORD_MAX_LENGTH } from '@anxin/shared/account/account.constants';
import { Form, Input } from 'antd';
import { loadSignInSchemas, newPasswordRule } from '../lib/sign-in-rules.ts';

export const NEW_PASSWORD_HINT = '8~16位，包含大写字母、小写字母、数字、符号中的至少三种';

type NewPasswordFieldsProps = {
  name: string;
  confirmName: string;
  /** The field holding the current password: the new one must differ from it (新密码不能与原密码相同). */
  oldName?: string;
  /** Registration says 密码 where the password screens say 新密码 (ui-text). */
  placeholders?: { password: string; confirm: string };
};

const NEW_PASSWORD_PLACEHOLDERS = { password: '请设置8~16位新密码', confirm: '请再次输入新密码' };

/** 新密码 and 确认密码, with the rules of the server (shared schemas). */
export function NewPasswordFields({
  name,
  confirmName,
  oldName,
  placeholders = NEW_PASSWORD_PLACEHOLDERS,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        name={name}
        dependencies={oldName ? [oldName] : undefined}
        extra={NEW_PASSWORD_HINT}
        rules={[
          newPasswordRule,
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (!oldName) return;
              const { checkNewPasswordDiffers } = await loadSignInSchemas();
              const problem = checkNewPasswordDiffers(String(getFieldValue(oldName) ?? ''), String(value ?? ''));
              if (problem) throw new Error(problem);
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={placeholders.password}
          maxLength={NEW_PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name={confirmName}
        dependencies={[name]}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              const { checkConfirmPassword } = await loadSignInSchemas();
              const problem = checkConfirmPassword(String(getFieldValue(name) ?? ''), String(value ?? ''));
              if (problem) throw new Error(problem);
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={placeholders.confirm}
          maxLength={NEW_PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
