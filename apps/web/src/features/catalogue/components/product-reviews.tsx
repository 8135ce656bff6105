import { Empty, Rate, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { GroupPager } from '../../../components/group-pager.tsx';
import { useProductReviews } from '../api/get-product-reviews.ts';

const PAGE_SIZE = 5;

// antd's Image with its preview is about 10 KB compressed: the thumbnails are plain images, the preview is
// fetched when a shopper opens one.
const ReviewImagePreview = lazy(async () => ({
  default: (await import('./review-image-preview.tsx')).ReviewImagePreview,
}));

/** 商品评价: what buyers wrote after receiving the product, newest first. */
export function ProductReviews({ productCode }: { productCode: string }) {
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<{ images: string[]; current: number } | null>(null);
  const reviews = useProductReviews({ productCode, page, size: PAGE_SIZE });
  const total = reviews.data?.totalElements ?? 0;

  return (
    <section className="card shop-reviews" id="reviews">
      <header className="card__header">
        <h2 className="card__title">
          商品评价<span className="shop-reviews__count">（{total}）</span>
        </h2>
      </header>
      {reviews.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评价，购买后来写第一条评价吧" />
      ) : (
        <>
          <ul className="shop-reviews__list">
            {reviews.data?.content.map((review) => (
              <li key={review.id} className="shop-review" data-testid="product-review">
                <div className="shop-review__who">
                  <span className="shop-review__avatar" aria-hidden="true">
                    {Array.from(review.nickname)[0]}
                  </span>
                  <span className="shop-review__name">{review.nickname}</span>
                </div>
                <div className="shop-review__body">
                  <div className="shop-review__meta">
                    <Rate disabled allowHalf={false} value={review.score} className="shop-review__rate" />
                    <span className="shop-review__date">{dayjs(review.createdAt).format('YYYY-MM-DD')}</span>
                  </div>
                  {review.labels.length ? (
                    <div className="shop-review__labels">
                      {review.labels.map((label) => (
                        <span key={label} className="shop-review__label">
                          {label}
                        </span>
                      ))}
                    </div>
                  ) : null}
                  <p className="shop-review__content">{review.content}</p>
                  {review.images.length ? (
                    <div className="shop-review__images">
                      {review.images.map((src, index) => (
                        <button
                          key={src}
                          type="button"
                          className="shop-review__image"
                          aria-label={`查看评价图片 ${index + 1}`}
                          onClick={() => setPreview({ images: review.images, current: index })}
                        >
                          <img
                            className="shop-review__photo"
                            src={src}
                            width={72}
                            height={72}
                            alt="评价图片"
                            loading="lazy"
                          />
                        </button>
                      ))}
                    </div>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <GroupPager
            current={page}
            totalPages={reviews.data?.totalPages ?? 1}
            totalElements={total}
            unit="条评价"
            onChange={setPage}
          />
        </>
      )}
      {preview ? (
        <Suspense fallback={null}>
          <ReviewImagePreview images={preview.images} current={preview.current} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
