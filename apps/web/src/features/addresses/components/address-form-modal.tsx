import {
  type AddressBodyInput,
  CONSIGNEE_MAX_LENGTH,
  CUSTOM_AREA_MAX_LENGTH,
  cityCodeSchema,
  consigneeMobileSchema,
  consigneeSchema,
  customAreaSchema,
  type DeliveryAddress,
  landlineSchema,
  provinceCodeSchema,
  ZIP_CODE_LENGTH,
  zipCodeSchema,
} from '@anxin/shared/addresses/address.schemas';
import { MSG } from '@anxin/shared/common/messages';
import { PHONE_MAX_LENGTH } from '@anxin/shared/common/phone';
import { Button, Checkbox, Form, Input, Modal } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage, isApiError } from '../../../lib/api-client.ts';
import { buildLoginUrl } from '../../../lib/safe-back-url.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { type AddressFormValues, clearAddressDraft, saveAddressDraft } from '../lib/address-draft.ts';
import { LandlineInput } from './landline-input.tsx';
import { RegionCascader } from './region-cascader.tsx';

/** Province and city are required; the shared schemas give the messages. */
const regionRule = {
  validator: async (_rule: unknown, codes: string[] | undefined) => {
    const [provinceCode = '', cityCode = ''] = codes ?? [];
    for (const [schema, code] of [
      [provinceCodeSchema, provinceCode],
      [cityCodeSchema, cityCode],
    ] as const) {
      const result = schema.safeParse(code);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    }
  },
};

/** Server field names → the form's (the four region codes are one cascader). */
const FORM_FIELD_OF: Record<string, keyof AddressFormValues> = {
  consignee: 'consignee',
  consigneePhone2: 'consigneePhone2',
  consigneePhone1: 'consigneePhone1',
  provinceCode: 'region',
  cityCode: 'region',
  regionCode: 'region',
  streetCode: 'region',
  customArea: 'customArea',
  zipCode: 'zipCode',
};

export function toFormValues(address: DeliveryAddress): AddressFormValues {
  return {
    consignee: address.consignee,
    consigneePhone2: address.consigneePhone2,
    consigneePhone1: address.consigneePhone1 ?? '',
    region: [address.provinceCode, address.cityCode, address.regionCode, address.streetCode].filter(
      (code): code is string => Boolean(code),
    ),
    customArea: address.customArea,
    zipCode: address.zipCode ?? '',
    isDefault: address.isDefault,
  };
}

function toBody(values: AddressFormValues): AddressBodyInput {
  const [provinceCode = '', cityCode = '', regionCode = '', streetCode = ''] = values.region ?? [];
  return {
    consignee: values.consignee?.trim() ?? '',
    consigneePhone2: values.consigneePhone2?.trim() ?? '',
    consigneePhone1: values.consigneePhone1 || '-',
    provinceCode,
    cityCode,
    regionCode,
    streetCode,
    customArea: values.customArea?.trim() ?? '',
    zipCode: values.zipCode?.trim() ?? '',
    isDefault: Boolean(values.isDefault),
  };
}

type AddressFormModalProps = {
  /** The address being edited; none to add one. */
  address?: DeliveryAddress;
  /** Values to start from instead (a draft kept across a sign-in). */
  draftValues?: Partial<AddressFormValues>;
  /** The member has no address yet: this one becomes the default whatever the checkbox says. */
  isFirst: boolean;
  onClose: () => void;
};

/** Add or edit an address: the default checkbox is disabled while editing the default address. */
export function AddressFormModal({ address, draftValues, isFirst, onClose }: AddressFormModalProps) {
  const [form] = Form.useForm<AddressFormValues>();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const isSaving = create.isPending || update.isPending;
  const isEditingDefault = Boolean(address?.isDefault);

  const initialValues: Partial<AddressFormValues> = {
    consigneePhone1: '',
    region: [],
    isDefault: isFirst,
    ...(address ? toFormValues(address) : {}),
    ...draftValues,
    ...(isEditingDefault || isFirst ? { isDefault: true } : {}),
  };

  const handleFinish = async (values: AddressFormValues) => {
    // Kept until the call answers: a 401 leaves it for the page to restore after signing in.
    saveAddressDraft({ addressId: address?.id ?? null, values });
    try {
      const body = toBody(values);
      if (address) await update.mutateAsync({ id: address.id, body });
      else await create.mutateAsync(body);
      clearAddressDraft();
      message.success('保存成功');
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        // A 401 on save goes to sign in, and back here afterwards.
        navigate(buildLoginUrl(pathname), { replace: true });
        return;
      }
      clearAddressDraft();
      if (isApiError(error)) {
        form.setFields(
          error.fields
            .filter((field) => FORM_FIELD_OF[field.field])
            .map((field) => ({ name: FORM_FIELD_OF[field.field], errors: [field.message] })),
        );
      }
      message.error(getFailureMessage(error, MSG.dataError));
    }
  };

  return (
    <Modal
      open
      title={address ? '编辑收货地址' : '新增收货地址'}
      width={640}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={() => form.submit()}>
          保存
        </Button>,
      ]}
      className="address-modal"
    >
      <Form
        form={form}
        name="address"
        layout="horizontal"
        labelCol={{ flex: '92px' }}
        wrapperCol={{ flex: '1' }}
        colon={false}
        initialValues={initialValues}
        onFinish={handleFinish}
        validateTrigger="onBlur"
        className="address-form"
      >
        <Form.Item label="收货人" name="consignee" rules={[zodRule(consigneeSchema)]} required>
          <Input placeholder="请输入收货人姓名" maxLength={CONSIGNEE_MAX_LENGTH} autoComplete="name" />
        </Form.Item>
        <Form.Item label="手机号码" name="consigneePhone2" rules={[zodRule(consigneeMobileSchema)]} required>
          <Input placeholder="请输入手机号" maxLength={PHONE_MAX_LENGTH} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item
          label="固定电话"
          name="consigneePhone1"
          rules={[zodRule(landlineSchema)]}
          extra="选填，如 010-12345678"
        >
          <LandlineInput />
        </Form.Item>
        <Form.Item label="所在地区" name="region" rules={[regionRule]} validateTrigger="onChange" required>
          <RegionCascader />
        </Form.Item>
        <Form.Item label="详细地址" name="customArea" rules={[zodRule(customAreaSchema)]} required>
          <Input.TextArea
            placeholder="请输入详细地址，如道路、门牌号、小区、楼栋号、单元室等"
            maxLength={CUSTOM_AREA_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 2, maxRows: 3 }}
          />
        </Form.Item>
        <Form.Item label="邮政编码" name="zipCode" rules={[zodRule(zipCodeSchema)]}>
          <Input placeholder="选填" maxLength={ZIP_CODE_LENGTH} inputMode="numeric" className="address-form__zip" />
        </Form.Item>
        <Form.Item label=" " name="isDefault" valuePropName="checked" className="address-form__default">
          <Checkbox disabled={isEditingDefault || isFirst}>
            设为默认地址
            {isFirst ? <span className="address-form__note">（第一个地址将作为默认地址）</span> : null}
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
