import {
  INVOICE_CONTENTS,
  INVOICE_KIND_NAME,
  INVOICE_KINDS,
  INVOICE_TITLE_TYPE_NAME,
  INVOICE_TITLE_TYPES,
  type InvoiceKind,
  type InvoiceRequest,
  type InvoiceTitleType,
  invoiceEmailSchema,
  invoiceRequestSchema,
  taxpayerNumberSchema,
} from '@anxin/shared/invoices/invoice.contract';
import { Form, type FormInstance, Input, Radio } from 'antd';
import { zodRule } from '../../../lib/zod-rule.ts';
import '../invoices.css';

type InvoiceFormValues = {
  kind: InvoiceKind | 'none';
  titleType: InvoiceTitleType;
  title: string;
  taxPayerNumber?: string;
  content: (typeof INVOICE_CONTENTS)[number];
  email?: string;
};

const INITIAL: InvoiceFormValues = { kind: 'none', titleType: 'personal', title: '个人', content: '商品明细' };

/** What the settle page reads before placing the order: the invoice (null for none), or the first problem. */
export type InvoiceChoice = { isValid: true; invoice: InvoiceRequest | null } | { isValid: false; message: string };

/** The invoice form of the settle page and how to read it (checked with the server's own schema). */
export function useSettleInvoice() {
  const [form] = Form.useForm<InvoiceFormValues>();
  const read = async (): Promise<InvoiceChoice> => {
    let values: InvoiceFormValues;
    try {
      values = await form.validateFields();
    } catch (error) {
      const fields = (error as { errorFields?: { errors: string[] }[] }).errorFields ?? [];
      return { isValid: false, message: fields[0]?.errors[0] ?? '请完善发票信息' };
    }
    if (values.kind === 'none') return { isValid: true, invoice: null };
    const parsed = invoiceRequestSchema.safeParse({
      ...values,
      taxPayerNumber: values.titleType === 'company' ? values.taxPayerNumber : undefined,
      email: values.kind === 'electronic' ? values.email : undefined,
    });
    return parsed.success
      ? { isValid: true, invoice: parsed.data }
      : { isValid: false, message: parsed.error.issues[0]?.message ?? '请完善发票信息' };
  };
  return { form, read };
}

/** 发票信息 at settlement: none, or an electronic / paper VAT ordinary invoice with its title and content. */
export function SettleInvoice({ form }: { form: FormInstance<InvoiceFormValues> }) {
  const kind = Form.useWatch('kind', form) ?? INITIAL.kind;
  const titleType = Form.useWatch('titleType', form) ?? INITIAL.titleType;

  return (
    <section className="card settle__section settle-invoice" data-testid="settle-invoice">
      <h2 className="card__title">发票信息</h2>
      <Form
        form={form}
        initialValues={INITIAL}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: '420px' }}
        className="settle-invoice__form"
        onValuesChange={(changed: Partial<InvoiceFormValues>) => {
          // A personal title reads 个人 until the member types a name; a company starts empty.
          if (changed.titleType) form.setFieldValue('title', changed.titleType === 'personal' ? '个人' : '');
        }}
      >
        <Form.Item label="发票类型" name="kind">
          <Radio.Group optionType="button" aria-label="发票类型">
            <Radio.Button value="none">不开发票</Radio.Button>
            {INVOICE_KINDS.map((value) => (
              <Radio.Button key={value} value={value}>
                {INVOICE_KIND_NAME[value]}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {kind === 'none' ? null : (
          <>
            <Form.Item label="抬头类型" name="titleType">
              <Radio.Group aria-label="抬头类型">
                {INVOICE_TITLE_TYPES.map((value) => (
                  <Radio key={value} value={value}>
                    {INVOICE_TITLE_TYPE_NAME[value]}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item label="发票抬头" name="title" rules={[zodRule(invoiceRequestSchema.shape.title)]} validateFirst>
              <Input
                maxLength={100}
                placeholder={titleType === 'company' ? '请输入单位名称' : '请输入个人姓名或“个人”'}
              />
            </Form.Item>
            {titleType === 'company' ? (
              <Form.Item
                label="纳税人识别号"
                name="taxPayerNumber"
                rules={[zodRule(taxpayerNumberSchema)]}
                extra="统一社会信用代码（18位）或税务登记证号（15、17、20位）"
              >
                <Input maxLength={24} placeholder="请输入纳税人识别号" />
              </Form.Item>
            ) : null}
            <Form.Item label="发票内容" name="content">
              <Radio.Group aria-label="发票内容">
                {INVOICE_CONTENTS.map((value) => (
                  <Radio key={value} value={value}>
                    {value}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            {kind === 'electronic' ? (
              <Form.Item
                label="收票邮箱"
                name="email"
                rules={[zodRule(invoiceEmailSchema)]}
                extra="确认收货后开具，发票PDF可在“我的发票”中查看"
              >
                <Input maxLength={100} inputMode="email" placeholder="请输入接收电子发票的邮箱" />
              </Form.Item>
            ) : (
              <p className="settle-invoice__note">确认收货后开具，纸质发票将随后寄送至收货地址。</p>
            )}
          </>
        )}
      </Form>
    </section>
  );
}
