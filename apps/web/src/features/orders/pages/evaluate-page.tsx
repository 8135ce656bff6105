import { LeftOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import {
  REVIEW_CONTENT_MAX,
  REVIEW_MAX_IMAGES,
  REVIEW_TAGS,
  reviewContentSchema,
  reviewLabelsSchema,
  reviewScoreSchema,
} from '@anxin/shared/orders/review.schemas';
import { Button, Checkbox, Form, Input, Rate, Result, Skeleton, Tag, Upload, type UploadFile } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useEvaluateOrder } from '../api/evaluate-order.ts';
import { type EvaluationForm, useEvaluation, type WrittenReview } from '../api/get-evaluation.ts';
import { uploadReviewImage } from '../api/upload-review-image.ts';
import '../orders.css';

const SCORE_TEXTS = ['很差', '较差', '一般', '满意', '非常满意'];
const ACCEPTED_IMAGES = 'image/jpeg,image/png';

type ItemValues = { productCode: string; score?: number; labels?: string[]; content?: string; images?: UploadFile[] };
type FormValues = { items: ItemValues[]; isAnonymity: boolean };

/** The 7 tags as checkable chips; the value is the list of chosen tags. */
function TagPicker({ value = [], onChange }: { value?: string[]; onChange?: (value: string[]) => void }) {
  return (
    <div className="evaluate-tags">
      {REVIEW_TAGS.map((tag) => (
        <Tag.CheckableTag
          key={tag}
          checked={value.includes(tag)}
          onChange={(checked) => onChange?.(checked ? [...value, tag] : value.filter((item) => item !== tag))}
        >
          {tag}
        </Tag.CheckableTag>
      ))}
    </div>
  );
}

function ScoreField({ value, onChange }: { value?: number; onChange?: (value: number) => void }) {
  return (
    <span>
      <Rate value={value} onChange={onChange} tooltips={SCORE_TEXTS} aria-label="商品评分" />
      <span className="evaluate-score-text">{value ? SCORE_TEXTS[value - 1] : '请为商品打分'}</span>
    </span>
  );
}

function WrittenReviewView({ review }: { review: WrittenReview }) {
  return (
    <div className="evaluate-written">
      <Rate value={review.score} disabled />
      <div className="evaluate-tags">
        {review.labels.map((label) => (
          <Tag key={label} color="green">
            {label}
          </Tag>
        ))}
      </div>
      <p className="evaluate-written__content">{review.content}</p>
      {review.images.length ? (
        <div className="evaluate-written__images">
          {review.images.map((url) => (
            <img key={url} src={url} alt="晒图" />
          ))}
        </div>
      ) : null}
      <p className="evaluate-written__meta">
        {formatDateTime(review.createdAt, 'YYYY-MM-DD HH:mm')}
        {review.isAnonymity ? ' · 匿名评价' : ''}
      </p>
    </div>
  );
}

function ProductGoods({ product }: { product: EvaluationForm['products'][number] }) {
  return (
    <div className="evaluate-product__goods">
      {product.productImageUrl ? <img src={product.productImageUrl} alt={product.productName} /> : null}
      <span className="evaluate-product__name">{product.productName}</span>
      {product.packing ? <span className="evaluate-product__packing">{product.packing}</span> : null}
    </div>
  );
}

function EvaluateFormView({ form: evaluation }: { form: EvaluationForm }) {
  const [form] = Form.useForm<FormValues>();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const evaluate = useEvaluateOrder();
  const detailPath = `/user/order/detail/${encodeURIComponent(evaluation.ordersCode)}`;

  const submit = async (values: FormValues) => {
    const items = values.items.map((item, index) => ({
      productCode: item.productCode,
      score: item.score ?? 0,
      labels: (item.labels ?? []) as (typeof REVIEW_TAGS)[number][],
      content: (item.content ?? '').trim(),
      images: (item.images ?? []).flatMap((file) => {
        const url = (file.response as { url?: string } | undefined)?.url;
        return file.status === 'done' && url ? [url] : [];
      }),
      // The anonymous flag is taken from the last item.
      isAnonymity: index === values.items.length - 1 ? values.isAnonymity : false,
    }));
    try {
      await evaluate.mutateAsync({
        ordersCode: evaluation.ordersCode,
        body: { productEvaVos: items, isAnonymity: values.isAnonymity },
      });
      message.success(MSG.reviewSubmitted);
      navigate(detailPath, { replace: true });
    } catch (error) {
      message.error(getErrorMessage(error, MSG.requestError));
    }
  };

  const onFinishFailed = ({ errorFields }: { errorFields: { errors: string[] }[] }) => {
    const errors = errorFields.flatMap((field) => field.errors);
    message.error(errors.includes(MSG.reviewIncomplete) ? MSG.reviewIncomplete : (errors[0] ?? MSG.reviewIncomplete));
  };

  const isUploading = Form.useWatch(
    (values: FormValues) =>
      (values.items ?? []).some((item) => item.images?.some((file) => file.status === 'uploading')),
    form,
  );

  return (
    <Form<FormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '80px' }}
      requiredMark={false}
      initialValues={{
        items: evaluation.products.map((product) => ({ productCode: product.productCode, labels: [], images: [] })),
        isAnonymity: false,
      }}
      onFinish={submit}
      onFinishFailed={onFinishFailed}
      scrollToFirstError={{ focus: true, block: 'center' }}
    >
      {evaluation.products.map((product, index) => (
        <section className="evaluate-product" key={product.productCode} data-testid="evaluate-product">
          <ProductGoods product={product} />
          <div className="evaluate-product__form">
            <Form.Item name={['items', index, 'productCode']} hidden>
              <Input />
            </Form.Item>
            <Form.Item label="商品评分" name={['items', index, 'score']} rules={[zodRule(reviewScoreSchema)]}>
              <ScoreField />
            </Form.Item>
            <Form.Item label="评价标签" name={['items', index, 'labels']} rules={[zodRule(reviewLabelsSchema)]}>
              <TagPicker />
            </Form.Item>
            <Form.Item
              label="评价内容"
              name={['items', index, 'content']}
              rules={[zodRule(reviewContentSchema)]}
              validateTrigger="onBlur"
            >
              <Input.TextArea
                rows={4}
                maxLength={REVIEW_CONTENT_MAX}
                showCount
                placeholder="商品质量如何？效果怎么样？说说您的使用心得，分享给想买的TA们吧（10-450个字）"
              />
            </Form.Item>
            <Form.Item
              label="晒图"
              name={['items', index, 'images']}
              valuePropName="fileList"
              getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
              extra={`选填，最多${REVIEW_MAX_IMAGES}张，支持jpg、jpeg、png格式`}
            >
              <Upload
                listType="picture-card"
                accept={ACCEPTED_IMAGES}
                maxCount={REVIEW_MAX_IMAGES}
                customRequest={({ file, onSuccess, onError }) => {
                  uploadReviewImage(file as File).then(
                    (reply) => onSuccess?.(reply),
                    (error: unknown) => {
                      message.error(getErrorMessage(error, MSG.requestError));
                      onError?.(error as Error);
                    },
                  );
                }}
              >
                <div>
                  <PlusOutlined />
                  <div style={{ marginTop: 6 }}>上传图片</div>
                </div>
              </Upload>
            </Form.Item>
          </div>
        </section>
      ))}
      <div className="evaluate-submit">
        <Form.Item name="isAnonymity" valuePropName="checked" noStyle>
          <Checkbox data-testid="evaluate-anonymous">匿名评价</Checkbox>
        </Form.Item>
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          loading={evaluate.isPending}
          disabled={Boolean(isUploading)}
          data-testid="evaluate-submit"
        >
          提交评价
        </Button>
      </div>
    </Form>
  );
}

/** /user/order/evaluate/{id}: one review form per product, one anonymous checkbox, one submit. */
export function EvaluatePage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useEvaluation(id);

  let body: React.ReactNode;
  if (isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (isError) {
    const isMissing = isApiError(error) && error.status === 404;
    body = (
      <Result
        status={isMissing ? '404' : 'warning'}
        title={isMissing ? '订单不存在' : error.message}
        extra={
          isMissing ? (
            <Link to="/user/order/mine/all">
              <Button type="primary">返回我的订单</Button>
            </Link>
          ) : (
            <Button type="primary" onClick={() => void refetch()}>
              重试
            </Button>
          )
        }
      />
    );
  } else if (data.canEvaluate) body = <EvaluateFormView form={data} />;
  else if (data.products.some((product) => product.review)) {
    body = data.products.map((product) => (
      <section className="evaluate-product" key={product.productCode}>
        <ProductGoods product={product} />
        {product.review ? (
          <WrittenReviewView review={product.review} />
        ) : (
          <div className="evaluate-written">未评价</div>
        )}
      </section>
    ));
  } else
    body = (
      <Result
        status="info"
        title="该订单暂不能评价"
        subTitle={`订单当前状态：${data.orderStatusName}，确认收货后即可评价`}
        extra={
          <Link to={`/user/order/detail/${encodeURIComponent(data.ordersCode)}`}>
            <Button type="primary">查看订单</Button>
          </Link>
        }
      />
    );

  return (
    <div className="card">
      <header className="card__header">
        <div className="evaluate-head">
          <h3 className="card__title">{data && !data.canEvaluate ? '我的评价' : '评价订单'}</h3>
          <span className="evaluate-head__code">订单号：{id}</span>
        </div>
        <Link to={`/user/order/detail/${encodeURIComponent(id)}`} className="card__more">
          <LeftOutlined /> 返回订单详情
        </Link>
      </header>
      {body}
    </div>
  );
}
