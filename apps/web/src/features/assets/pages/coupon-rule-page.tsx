import { Link } from 'react-router';
import '../assets.css';
import '../../../components/member-list.css';

/** Static text in three sections (the UI texts "coupon rule sections": 活动补贴 · 运费补贴 · 其他说明). */
const SECTIONS: { title: string; items: string[] }[] = [
  {
    title: '活动补贴',
    items: [
      '活动补贴可在下单结算时抵扣商品金额，订单商品金额满补贴标注的金额（满X元可用）时方可使用。',
      '补贴的适用范围以补贴上的说明为准：全场通用、限指定类别商品或限指定商品。',
      '每笔订单最多使用一张补贴；补贴金额大于可抵扣金额时，差额不予退还。',
    ],
  },
  {
    title: '运费补贴',
    items: ['运费补贴仅可抵扣订单运费，不可抵扣商品金额。', '运费补贴与活动补贴同属补贴，每笔订单最多使用一张。'],
  },
  {
    title: '其他说明',
    items: [
      '补贴须在有效期内使用，过期自动失效，不予补发。',
      '标注“仅限APP使用”的补贴只能在安心大药房APP内下单使用。',
      '未支付订单取消后，所用补贴在有效期内的将退回账户；已支付订单退款后补贴不予退回。',
      '补贴不可兑换现金，不可转让；以不正当方式获取的补贴，本平台有权取消。',
    ],
  },
];

/** /user/account/couponRule: how subsidies are used. */
export function CouponRulePage() {
  return (
    <div className="card member-list-page">
      <header className="card__header">
        <h3 className="card__title">补贴使用规则</h3>
        <Link to="/user/account/coupon" className="card__more">
          返回我的健康补贴
        </Link>
      </header>
      {SECTIONS.map((section) => (
        <section key={section.title} className="coupon-rule" data-testid="coupon-rule-section">
          <h4 className="coupon-rule__title">{section.title}</h4>
          <ol className="coupon-rule__items">
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
