import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { imageCodeSchema } from '@anxin/shared/account/account.schemas';
import type { ImageCaptcha } from '@anxin/shared/auth/password-login.schemas';
import { IMAGE_CODE_LENGTH } from '@anxin/shared/auth/password-login.schemas';
import { Form, Input, Spin } from 'antd';
import { zodRule } from '../../../lib/zod-rule.ts';
import './image-code-field.css';

export type ImageCodeFieldProps = {
  /** The current image code; null while a new one loads. */
  captcha: ImageCaptcha | null;
  isLoading: boolean;
  onRefresh: () => void;
  name?: string;
};

/** 请输入图形验证码 with the image beside it; a click on the image gives a new one. */
export function ImageCodeField({ captcha, isLoading, onRefresh, name = 'captchaCode' }: ImageCodeFieldProps) {
  return (
    <Form.Item>
      <div className="image-code-row">
        <Form.Item name={name} rules={[zodRule(imageCodeSchema)]} noStyle>
          <Input
            prefix={<SafetyOutlined />}
            placeholder="请输入图形验证码"
            maxLength={IMAGE_CODE_LENGTH}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <button
          type="button"
          className="image-code-row__image"
          onClick={onRefresh}
          title="看不清？换一张"
          aria-label="看不清？换一张"
          disabled={isLoading}
        >
          {captcha && !isLoading ? (
            <img src={captcha.image} alt="图形验证码" width={120} height={40} />
          ) : (
            <Spin size="small" />
          )}
          <span className="image-code-row__refresh">
            <ReloadOutlined />
          </span>
        </button>
      </div>
    </Form.Item>
  );
}
